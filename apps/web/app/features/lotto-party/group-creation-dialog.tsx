// The group creation modal (core §2; features §3 session creation steps in order: name_group → select_draw →
// set_share_price → select_auto_session → join_session; §5 group name rules; §8 texts). Naming the group creates it
// (POST /group: a profane or taken name is an error on the name field); the next three steps choose the session, which
// is created at the end of select_auto_session (POST /session: 422 means the draw has closed, back to select_draw);
// join_session buys the organiser's own shares through the normal cart. Opened with a group, it starts at select_draw.
import type { LottoPartyConfig } from '@shop/contracts';
import { Dialog } from 'radix-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { formatLongDate, formatMoney, type SiteFormat } from '../../lib/format.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import { Modal } from '../../ui/modal.tsx';
import { FieldErrors, FormAlert, inputClass } from '../../ui/form-field.tsx';
import {
  GROUP_NAME_MAX,
  groupNameProblem,
  LOTTO_PARTY_CREATE_PATH,
  sessionPath,
  sharesLabel,
  STEP_LABELS,
  stepsFor,
  type CreationResult,
  type LottoGroupModalState,
  type SessionStep,
} from './lotto-party-rules.ts';

type Config = LottoPartyConfig;
type Offer = Config['offers'][number];

interface Choice {
  offerKey: string;
  drawId: string;
  gameOffer: string;
  numGames: number;
  numShares: number;
  autosession: 'on' | 'off';
  inviteAll: boolean;
}

const CHOICE =
  'flex min-h-[44px] cursor-pointer items-center gap-0.5 rounded-theme border-2 border-black/15 p-0.5 has-[:checked]:border-brand has-[:checked]:bg-surface';

function firstChoice(config: Config): Choice | null {
  const offer = config.offers.find((o) => o.draws.length && o.gameOffers.some((g) => g.prices.length));
  const gameOffer = offer?.gameOffers.find((g) => g.prices.length);
  const price = gameOffer?.prices.find((p) => p.shares.length);
  if (!offer || !gameOffer || !price) return null;
  return {
    offerKey: offer.productOfferKey,
    drawId: offer.draws[0]!.drawId,
    gameOffer: gameOffer.key,
    numGames: price.numGames,
    numShares: price.shares[0]!.numShares,
    autosession: 'on',
    inviteAll: true,
  };
}

function priceOf(offer: Offer | undefined, choice: Choice) {
  const price = offer?.gameOffers
    .find((g) => g.key === choice.gameOffer)
    ?.prices.find((p) => p.numGames === choice.numGames);
  return { price, share: price?.shares.find((s) => s.numShares === choice.numShares) };
}

function Choices<T extends string | number>(props: {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  error?: string | undefined;
}) {
  const errorId = `${props.name}-error`;
  return (
    <fieldset aria-describedby={props.error ? errorId : undefined}>
      <legend className="mb-0.5 font-semibold">{props.legend}</legend>
      <div className="flex flex-col gap-0.5">
        {props.options.map((o) => (
          <label key={String(o.value)} className={CHOICE}>
            <input
              type="radio"
              name={props.name}
              checked={o.value === props.value}
              onChange={() => props.onChange(o.value)}
              className="size-[20px]"
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={props.error ? [props.error] : undefined} />
    </fieldset>
  );
}

function StepBody(props: {
  step: SessionStep;
  config: Config;
  choice: Choice;
  setChoice(c: Choice): void;
  existingGroup: boolean;
  errors: Partial<Record<'drawId' | 'sharePrice', string>>;
  site: SiteFormat;
}) {
  const { config, choice, setChoice, site } = props;
  const offer = config.offers.find((o) => o.productOfferKey === choice.offerKey);
  const gameOffer = offer?.gameOffers.find((g) => g.key === choice.gameOffer);
  if (props.step === 'select_draw')
    return (
      <>
        {config.offers.length > 1 ? (
          <Choices
            legend="Lottery"
            name="offer"
            value={choice.offerKey}
            options={config.offers.map((o) => ({ value: o.productOfferKey, label: o.name }))}
            onChange={(offerKey) => {
              const next = config.offers.find((o) => o.productOfferKey === offerKey);
              const g = next?.gameOffers[0];
              const p = g?.prices[0];
              if (next?.draws[0] && g && p?.shares[0])
                setChoice({
                  ...choice,
                  offerKey,
                  drawId: next.draws[0].drawId,
                  gameOffer: g.key,
                  numGames: p.numGames,
                  numShares: p.shares[0].numShares,
                });
            }}
          />
        ) : null}
        <Choices
          legend={`${offer?.name ?? ''} draw`}
          name="drawId"
          value={choice.drawId}
          options={(offer?.draws ?? []).map((d) => ({
            value: d.drawId,
            label: `Draw ${d.drawNo}, ${formatLongDate(new Date(d.drawDate), site)}`,
          }))}
          onChange={(drawId) => setChoice({ ...choice, drawId })}
          error={props.errors.drawId}
        />
      </>
    );
  if (props.step === 'set_share_price') {
    const { price } = priceOf(offer, choice);
    return (
      <>
        {(offer?.gameOffers.length ?? 0) > 1 ? (
          <Choices
            legend="Ticket"
            name="gameOffer"
            value={choice.gameOffer}
            options={(offer?.gameOffers ?? []).map((g) => ({ value: g.key, label: g.name }))}
            onChange={(key) => {
              const p = offer?.gameOffers.find((g) => g.key === key)?.prices[0];
              if (p?.shares[0])
                setChoice({ ...choice, gameOffer: key, numGames: p.numGames, numShares: p.shares[0].numShares });
            }}
          />
        ) : null}
        <label htmlFor="lp-games" className="mb-[4px] block font-semibold">
          Games on the ticket
        </label>
        <select
          id="lp-games"
          className={`${inputClass} mb-1`}
          value={choice.numGames}
          onChange={(e) => {
            const p = gameOffer?.prices.find((x) => x.numGames === Number(e.target.value));
            if (p?.shares[0]) setChoice({ ...choice, numGames: p.numGames, numShares: p.shares[0].numShares });
          }}
        >
          {(gameOffer?.prices ?? []).map((p) => (
            <option key={p.numGames} value={p.numGames}>
              {p.numGames === 1 ? '1 game' : `${p.numGames} games`}: {formatMoney(p.ticketCost, site.locale)}
            </option>
          ))}
        </select>
        <Choices
          legend="Share price"
          name="numShares"
          value={choice.numShares}
          options={(price?.shares ?? []).map((s) => ({
            value: s.numShares,
            label: `${formatMoney(s.sharePrice, site.locale)} a share (${sharesLabel(s.numShares)})`,
          }))}
          onChange={(numShares) => setChoice({ ...choice, numShares })}
          error={props.errors.sharePrice}
        />
      </>
    );
  }
  // select_auto_session
  return (
    <>
      <Choices
        legend="Play every draw?"
        name="autosession"
        value={choice.autosession}
        options={[
          { value: 'on', label: 'Yes: open a new session for every draw (autosession on)' },
          { value: 'off', label: 'No: this draw only' },
        ]}
        onChange={(autosession) => setChoice({ ...choice, autosession })}
      />
      {props.existingGroup ? (
        <label className="mt-0.5 flex min-h-[44px] items-center gap-0.5">
          <input
            type="checkbox"
            checked={choice.inviteAll}
            onChange={(e) => setChoice({ ...choice, inviteAll: e.target.checked })}
            className="size-[20px]"
          />
          <span>Invite every member of the group</span>
        </label>
      ) : null}
    </>
  );
}

export default function GroupCreationDialog({
  state,
  onClose,
}: {
  state: LottoGroupModalState;
  onClose(createdGroupId: string | null): void;
}) {
  const site = useSiteFormat();
  const steps = useMemo(() => stepsFor(state), [state]);
  // Each answer is acted on once (a re-render must not move the steps again), the configuration asked for once.
  const handled = useRef<unknown>(null);
  const requested = useRef(false);
  const [index, setIndex] = useState(0);
  const [group, setGroup] = useState(state.groupId ? { id: state.groupId, name: state.groupName ?? '' } : null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [generic, setGeneric] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<'drawId' | 'sharePrice', string>>>({});
  const [choice, setChoice] = useState<Choice | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const configFetcher = useFetcher<{ config: LottoPartyConfig } | { error: string }>();
  const create = useFetcher<CreationResult>();
  const step = steps[index]!;
  const config = configFetcher.data && 'config' in configFetcher.data ? configFetcher.data.config : null;

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void configFetcher.load(LOTTO_PARTY_CREATE_PATH);
  }, [configFetcher]);
  useEffect(() => {
    if (config && !choice) setChoice(firstChoice(config));
  }, [config, choice]);
  useEffect(() => {
    const result = create.data;
    if (!result || create.state !== 'idle' || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.step === 'group') {
      setGroup({ id: result.groupId, name: result.groupName });
      setIndex((i) => i + 1);
    } else if (result.ok) {
      setSessionId(result.sessionId);
      setIndex(steps.indexOf('join_session'));
    } else if (result.field === 'groupName') setNameError(result.message);
    else if (result.field === 'drawId' || result.field === 'sharePrice') {
      setErrors({ [result.field]: result.message });
      setIndex(steps.indexOf(result.field === 'drawId' ? 'select_draw' : 'set_share_price'));
    } else setGeneric(result.message);
  }, [create.data, create.state, steps]);

  const busy = create.state !== 'idle';
  const submitName = () => {
    const problem = groupNameProblem(name);
    setNameError(problem);
    setGeneric(null);
    if (!problem)
      void create.submit(
        { intent: 'group', groupName: name.trim() },
        { method: 'post', action: LOTTO_PARTY_CREATE_PATH },
      );
  };
  const submitSession = () => {
    if (!group || !choice || !config) return;
    const offer = config.offers.find((o) => o.productOfferKey === choice.offerKey);
    const { share } = priceOf(offer, choice);
    if (!share) return;
    setGeneric(null);
    setErrors({});
    void create.submit(
      {
        intent: 'session',
        groupId: group.id,
        drawId: choice.drawId,
        productOfferKey: choice.offerKey,
        gameOffer: choice.gameOffer,
        numGames: String(choice.numGames),
        sharePrice: String(share.sharePrice.amount),
        autosessionStatus: choice.autosession,
        inviteAllExistingMembers: String(state.groupId ? choice.inviteAll : false),
      },
      { method: 'post', action: LOTTO_PARTY_CREATE_PATH },
    );
  };
  const next = () => {
    if (step === 'name_group') submitName();
    else if (step === 'select_auto_session') submitSession();
    else setIndex((i) => i + 1);
  };
  const configError = configFetcher.data && 'error' in configFetcher.data ? configFetcher.data.error : null;
  const noSession = config && !choice;

  return (
    <Modal
      onClose={() => onClose(state.groupId ? null : (group?.id ?? null))}
      describedBy="lp-step"
      testId="lotto-group-modal"
      data={{ 'data-step': step }}
      bar={
        <Dialog.Title className="text-lg font-bold">
          {group ? `${group.name}: new session` : 'Create a Lotto Party group'}
        </Dialog.Title>
      }
    >
      <p id="lp-step" className="text-sm font-semibold">
        Step {index + 1} of {steps.length}: {STEP_LABELS[step]}
      </p>
      {generic ? <FormAlert title="Something went wrong" messages={[generic]} /> : null}
      {step === 'name_group' ? (
        <div>
          <label htmlFor="lp-group-name" className="mb-[4px] block font-semibold">
            Group name
          </label>
          <input
            id="lp-group-name"
            value={name}
            maxLength={GROUP_NAME_MAX * 2}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submitName();
              }
            }}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'lp-group-name-error' : undefined}
            className={inputClass}
            autoComplete="off"
          />
          <FieldErrors id="lp-group-name-error" errors={nameError ? [nameError] : undefined} />
        </div>
      ) : step === 'join_session' && sessionId ? (
        <Form method="post" action={sessionPath(sessionId)} className="flex flex-col gap-0.5">
          <p role="status">Your session is open. Buy your own shares now, then share the invite link.</p>
          <input type="hidden" name="intent" value="buy" />
          <label htmlFor="lp-own-shares" className="font-semibold">
            Shares to buy
          </label>
          <input
            id="lp-own-shares"
            name="numShares"
            type="number"
            inputMode="numeric"
            min={1}
            max={choice?.numShares ?? 50}
            defaultValue={1}
            required
            className={`${inputClass} max-w-[8rem]`}
          />
          <div className="flex flex-wrap gap-0.5">
            <button type="submit" className="btn btn-primary">
              Add shares to cart
            </button>
            <Link to={sessionPath(sessionId)} className="btn btn-secondary">
              Not now: open the session
            </Link>
          </div>
        </Form>
      ) : configError ? (
        <FormAlert title="Something went wrong" messages={[configError]} />
      ) : noSession ? (
        <p role="status">No draw is open for a Lotto Party session right now. Please try again later.</p>
      ) : config && choice ? (
        <StepBody
          step={step}
          config={config}
          choice={choice}
          setChoice={setChoice}
          existingGroup={state.groupId !== null}
          errors={errors}
          site={site}
        />
      ) : (
        <p role="status">Loading…</p>
      )}
      {step !== 'join_session' ? (
        <div className="flex flex-wrap gap-0.5">
          {index > 0 && !(step === 'select_draw' && !state.groupId && group) ? (
            <button type="button" className="btn btn-secondary" onClick={() => setIndex((i) => i - 1)}>
              Back
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-primary"
            onClick={next}
            disabled={busy || (step !== 'name_group' && !choice)}
            aria-busy={busy || undefined}
          >
            {step === 'name_group' ? 'Create group' : step === 'select_auto_session' ? 'Create session' : 'Next'}
          </button>
        </div>
      ) : null}
    </Modal>
  );
}
