// The autoplay screens' views (core §2 autoplay[/:page], autoplay/ticket/:id, recurring-purchases[/:page]): the list,
// one autoplay with its forms, and the combined recurring purchases. Every change is a plain form post (no JavaScript
// needed); cancelling asks first (a link to the confirmation, then the post).
import {
  moneyToCents,
  RECURRING_PERIOD_LABELS,
  type Autoplay,
  type Money,
  type RecurringPurchaseGroup,
} from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import {
  formatJackpot,
  formatLongDate,
  formatMoney,
  formatShortDate,
  formatTime,
  type SiteFormat,
} from '../../lib/format.ts';
import { FieldErrors, FormAlert, inputClass } from '../../ui/form-field.tsx';
import { Pager } from '../../ui/pager.tsx';
import {
  isPaused,
  lastAttemptText,
  statusLabel,
  type AutoplayChangeRefused,
  type AutoplayIntent,
} from './autoplay-forms.ts';

const jackpot = (m: Money, site: SiteFormat) => formatJackpot(moneyToCents(m), m.currency, site.locale);
const linkClass = 'inline-flex min-h-[44px] items-center underline';
const cardClass = 'flex flex-col gap-0.5 rounded-theme border border-black/10 p-1';

function nextDrawText(a: Autoplay, site: SiteFormat): string {
  if (a.status === 'cancelled') return 'None';
  if (!a.nextDraw) return 'No draw on sale yet';
  const at = new Date(a.nextDraw.drawDate);
  return `Draw ${a.nextDraw.drawNo}, ${formatLongDate(at, site)} ${formatTime(at, site)}`;
}

function statusText(a: Autoplay, site: SiteFormat): string {
  if (a.status === 'timed_paused' && a.pausedUntil)
    return `Paused until ${formatLongDate(new Date(a.pausedUntil), site)}`;
  return statusLabel(a.status);
}

function EmptyAutoplays() {
  return (
    <p className="rounded-theme bg-surface p-1" data-testid="autoplay-empty">
      You have no autoplays. Choose &ldquo;Autoplay&rdquo; as the number of draws when you buy a lottery ticket and it
      is bought for every draw until you stop it.{' '}
      <Link to="/lotto-tickets" className={linkClass}>
        Play a lottery
      </Link>
    </p>
  );
}

function AutoplaySummary({ a, site }: { a: Autoplay; site: SiteFormat }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-1 gap-y-0.25 text-sm">
      <dt className="font-semibold">Status</dt>
      <dd data-testid="autoplay-status">{statusText(a, site)}</dd>
      <dt className="font-semibold">Next draw</dt>
      <dd>{nextDrawText(a, site)}</dd>
      <dt className="font-semibold">Last attempt</dt>
      <dd>
        {lastAttemptText(a)}
        {a.lastAttemptAt ? ` (${formatLongDate(new Date(a.lastAttemptAt), site)})` : ''}
      </dd>
    </dl>
  );
}

export function AutoplayList(props: {
  items: Autoplay[];
  page: number;
  hasNext: boolean;
  site: SiteFormat;
  base: string;
}) {
  if (props.items.length === 0) return <EmptyAutoplays />;
  return (
    <>
      <ul className="flex flex-col gap-0.5" data-testid="autoplays">
        {props.items.map((a) => (
          <li key={a.autoplayId} className={cardClass} data-testid="autoplay">
            <Link to={`/my-account/autoplay/ticket/${a.autoplayId}`} className={`${linkClass} text-lg font-bold`}>
              {a.description}
            </Link>
            <AutoplaySummary a={a} site={props.site} />
          </li>
        ))}
      </ul>
      {props.page > 1 || props.hasNext ? <Pager base={props.base} page={props.page} hasNext={props.hasNext} /> : null}
    </>
  );
}

/** An autoplay's page, or a subscription's (they are managed on their own screens). */
export const recurringPath = (a: Pick<Autoplay, 'type' | 'autoplayId'>) =>
  a.type === 'subscription'
    ? `/my-account/subscriptions/ticket/${a.autoplayId}`
    : `/my-account/autoplay/ticket/${a.autoplayId}`;

function groupHeading(g: RecurringPurchaseGroup): string {
  const [one, many] = g.type === 'subscription' ? ['Subscription', 'subscriptions'] : ['Autoplay', 'autoplays'];
  return g.items.length > 1 ? `${g.items.length} ${many} bought together` : one;
}

/** What it costs and when it buys next: per draw for an autoplay, per period for a subscription. */
function recurringCostText(a: Autoplay, site: SiteFormat): string {
  const price = formatMoney(a.price, site.locale);
  if (a.type !== 'subscription') return `${price} a draw · next: ${nextDrawText(a, site)}`;
  const how = a.period ? `${RECURRING_PERIOD_LABELS[a.period]}, ${price} each time` : `${price} each time`;
  const next =
    a.status === 'cancelled' ? 'None' : a.nextDueAt ? formatShortDate(new Date(a.nextDueAt), site) : 'Not scheduled';
  return `${how} · next: ${next}`;
}

export function RecurringPurchasesList(props: {
  items: RecurringPurchaseGroup[];
  page: number;
  hasNext: boolean;
  site: SiteFormat;
}) {
  if (props.items.length === 0) return <EmptyAutoplays />;
  return (
    <>
      <ul className="flex flex-col gap-0.5" data-testid="recurring-purchases">
        {props.items.map((g) => (
          <li key={g.autoplayId} className={cardClass}>
            <p className="font-bold">
              {groupHeading(g)} · {statusLabel(g.status)}
            </p>
            <ul className="flex flex-col gap-0.25">
              {g.items.map((a) => (
                <li key={a.autoplayId} className="flex flex-wrap items-center justify-between gap-0.5">
                  <Link to={recurringPath(a)} className={linkClass}>
                    {a.description}
                  </Link>
                  <span className="text-sm">{recurringCostText(a, props.site)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {props.page > 1 || props.hasNext ? (
        <Pager base="/my-account/recurring-purchases" page={props.page} hasNext={props.hasNext} />
      ) : null}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `autoplay-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function IntentButton({
  intent,
  children,
  secondary,
}: {
  intent: AutoplayIntent;
  children: ReactNode;
  secondary?: boolean;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`btn ${secondary ? 'btn-secondary' : 'btn-primary'}`}
      data-testid={`autoplay-${intent}`}
    >
      {children}
    </button>
  );
}

export interface AutoplayDetailProps {
  autoplay: Autoplay;
  site: SiteFormat;
  /** The games' numbers, drawn by the route (the tickets feature's number balls). */
  numbers: ReactNode;
  confirmCancel: boolean;
  /** The earliest date a timed pause can be chosen (YYYY-MM-DD): tomorrow in the site's zone. */
  today: string;
  refused: AutoplayChangeRefused | null;
}

function fieldProps(name: string, refused: AutoplayChangeRefused | null) {
  const errors = refused?.fieldErrors[name];
  return {
    id: `autoplay-${name}`,
    name,
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': errors?.length ? `autoplay-${name}-error` : undefined,
    defaultValue: refused?.values[name] ?? undefined,
  };
}

function PauseForms({
  a,
  today,
  refused,
  site,
}: Pick<AutoplayDetailProps, 'today' | 'refused' | 'site'> & { a: Autoplay }) {
  if (isPaused(a))
    return (
      <Form method="post" className="flex flex-col gap-0.5">
        <p>
          {a.status === 'timed_paused' && a.pausedUntil
            ? `It buys no draws until ${formatLongDate(new Date(a.pausedUntil), site)}, then starts again by itself.`
            : 'It buys no draws until you unpause it.'}
        </p>
        <IntentButton intent="unpause">Unpause</IntentButton>
      </Form>
    );
  return (
    <div className="flex flex-col gap-1">
      <Form method="post">
        <p className="mb-0.5">Stop buying draws until you unpause it.</p>
        <IntentButton intent="pause" secondary>
          Pause
        </IntentButton>
      </Form>
      <Form method="post" className="flex flex-col gap-0.5">
        <label htmlFor="autoplay-pausedUntil" className="font-semibold">
          Pause until
        </label>
        <p id="autoplay-pausedUntil-hint" className="text-sm text-[#4a4a4a]">
          Draws before this date are not bought; it starts again by itself on the date.
        </p>
        <input type="date" min={today} required className={inputClass} {...fieldProps('pausedUntil', refused)} />
        <FieldErrors id="autoplay-pausedUntil-error" errors={refused?.fieldErrors['pausedUntil']} />
        <IntentButton intent="pause" secondary>
          Pause until this date
        </IntentButton>
      </Form>
    </div>
  );
}

function MinimumJackpotForm({
  a,
  refused,
  site,
}: {
  a: Autoplay;
  refused: AutoplayChangeRefused | null;
  site: SiteFormat;
}) {
  return (
    <Form method="post" className="flex flex-col gap-0.5">
      <p>
        {a.minimumJackpotAmount
          ? `Draws are bought only when the jackpot is at least ${jackpot(a.minimumJackpotAmount, site)}; smaller draws are skipped, not charged.`
          : 'Every draw is bought, whatever the jackpot.'}
      </p>
      <label htmlFor="autoplay-minimumJackpotAmount" className="font-semibold">
        Minimum jackpot ({a.price.currency})
      </label>
      <input
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={inputClass}
        {...fieldProps('minimumJackpotAmount', refused)}
        defaultValue={refused?.values['minimumJackpotAmount'] ?? (a.minimumJackpotAmount?.amount.toString() || '')}
      />
      <FieldErrors id="autoplay-minimumJackpotAmount-error" errors={refused?.fieldErrors['minimumJackpotAmount']} />
      <div className="flex flex-wrap gap-0.5">
        <IntentButton intent="minimum-jackpot" secondary>
          Save minimum jackpot
        </IntentButton>
        {a.minimumJackpotAmount ? (
          <IntentButton intent="remove-minimum-jackpot" secondary>
            Remove minimum jackpot
          </IntentButton>
        ) : null}
      </div>
    </Form>
  );
}

function QuickpickForm({ a }: { a: Autoplay }) {
  return (
    <Form method="post" className="flex flex-col gap-0.5">
      <p>{a.quickpick ? 'New random numbers are picked for every draw.' : 'The same numbers are played every draw.'}</p>
      <input type="hidden" name="quickpick" value={a.quickpick ? 'off' : 'on'} />
      <IntentButton intent="quickpick" secondary>
        {a.quickpick ? 'Keep my numbers each draw' : 'Quickpick new numbers each draw'}
      </IntentButton>
    </Form>
  );
}

function CancelPart({ a, confirm }: { a: Autoplay; confirm: boolean }) {
  const here = `/my-account/autoplay/ticket/${a.autoplayId}`;
  if (!confirm)
    return (
      <p>
        {/* The question takes this place: the page stays where it is (and the fragment finds it without JavaScript). */}
        <Link
          to={`${here}?confirm=cancel#autoplay-cancel`}
          preventScrollReset
          className="btn btn-secondary"
          data-testid="autoplay-cancel-start"
        >
          Cancel autoplay
        </Link>
      </p>
    );
  return (
    <div
      id="autoplay-cancel"
      role="alertdialog"
      aria-labelledby="autoplay-cancel-title"
      className="scroll-mt-2 rounded-theme border-2 border-error p-1"
    >
      <p id="autoplay-cancel-title" className="font-bold">
        Cancel this autoplay?
      </p>
      <p className="mb-0.5">
        It buys no more draws{a.combinedId ? ', and the autoplays bought with it are cancelled too' : ''}. Tickets
        already bought still play. This cannot be undone.
      </p>
      <Form method="post" className="flex flex-wrap gap-0.5">
        <IntentButton intent="cancel">Yes, cancel autoplay</IntentButton>
        <Link to={here} preventScrollReset className="btn btn-secondary">
          Keep it
        </Link>
      </Form>
    </div>
  );
}

export function AutoplayDetail(props: AutoplayDetailProps) {
  const { autoplay: a, site, refused } = props;
  return (
    <div className="flex flex-col gap-1" data-testid="autoplay-detail">
      {refused ? (
        <FormAlert title={refused.title} messages={refused.messages}>
          {null}
        </FormAlert>
      ) : null}
      <p className="text-lg font-bold">{a.description}</p>
      <p className="text-sm">
        {formatMoney(a.price, site.locale)} a draw, paid from your wallet when each draw is bought.
      </p>
      <AutoplaySummary a={a} site={site} />
      {a.nextDraw && a.status !== 'cancelled' ? (
        <p className="text-sm" data-testid="autoplay-next-jackpot">
          Next draw jackpot: {a.nextDraw.jackpot ? jackpot(a.nextDraw.jackpot, site) : 'not announced yet'}
        </p>
      ) : null}
      <Section title="Numbers">{props.numbers}</Section>
      {a.status === 'cancelled' ? null : (
        <>
          <Section title="Pause">
            <PauseForms a={a} today={props.today} refused={refused} site={site} />
          </Section>
          <Section title="Minimum jackpot">
            <MinimumJackpotForm a={a} refused={refused} site={site} />
          </Section>
          <Section title="Quickpick each draw">
            <QuickpickForm a={a} />
          </Section>
          <Section title="Cancel">
            <CancelPart a={a} confirm={props.confirmCancel} />
          </Section>
        </>
      )}
    </div>
  );
}
