// Take a break (24 hours to 6 weeks) and self-exclusion (6 months to 5 years), issue 8 §6: a choice, then a clear
// confirmation step that says until when and that it cannot be undone, then the API's answer. Plain posts.
import type { Exclusion } from '@shop/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { Field, FormAlert, inputClass } from '../../ui/form-field.tsx';
import { dateTimeLabel, type LimitSite } from './limit-card.tsx';
import { BREAK_PERIODS, EXCLUSION_PERIODS, exclusionWarning, periodLabel, type ExclusionKind } from './rg-rules.ts';

export interface ExclusionConfirm {
  kind: ExclusionKind;
  period: string;
  until: string;
}

export interface ExclusionFormState {
  form: ExclusionKind;
  fieldErrors: Record<string, string[]>;
  generalErrors: string[];
}

const KIND_TEXT: Record<ExclusionKind, { title: string; choose: string; cta: string; confirm: string }> = {
  'take-a-break': {
    title: 'Take a break',
    choose: 'How long would you like a break for?',
    cta: 'Continue',
    confirm: 'Yes, start my break',
  },
  'self-exclusion': {
    title: 'Self-exclusion',
    choose: 'How long would you like to exclude yourself for?',
    cta: 'Continue',
    confirm: 'Yes, exclude me',
  },
};

function ChooseForm({ kind, state }: { kind: ExclusionKind; state: ExclusionFormState | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const options: readonly { value: string; label: string }[] =
    kind === 'take-a-break' ? BREAK_PERIODS : EXCLUSION_PERIODS;
  const errors = state?.form === kind ? (state.fieldErrors.period ?? []) : [];
  const id = `${kind}-period`;
  return (
    <>
      {state?.form === kind ? <FormAlert messages={state.generalErrors} /> : null}
      <Form method="post" noValidate>
        <input type="hidden" name="kind" value={kind} />
        <Field label={KIND_TEXT[kind].choose} meta={{ id, errorId: `${id}-error`, errors }}>
          <select
            id={id}
            name="period"
            className={inputClass}
            aria-invalid={errors.length ? true : undefined}
            defaultValue=""
          >
            <option value="" disabled>
              Choose a period
            </option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
        <button
          type="submit"
          name="intent"
          value="review"
          disabled={busy}
          className="inline-flex min-h-[44px] items-center rounded-theme bg-brand px-1 font-bold text-white disabled:opacity-60"
        >
          {KIND_TEXT[kind].cta}
        </button>
      </Form>
    </>
  );
}

export function ConfirmExclusion({ confirm }: { confirm: ExclusionConfirm }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const text = KIND_TEXT[confirm.kind];
  return (
    <section
      className="mb-2 rounded-theme border-2 border-[#b00020] p-1"
      aria-labelledby="confirm-exclusion-heading"
      role="alertdialog"
      aria-describedby="confirm-exclusion-warning"
      data-testid="confirm-exclusion"
    >
      <h2 id="confirm-exclusion-heading" className="mb-0.5 text-2xl font-bold">
        {text.title}: {periodLabel(confirm.kind, confirm.period)}
      </h2>
      <p id="confirm-exclusion-warning" className="mb-1 text-lg font-semibold">
        {exclusionWarning(confirm.until)}
      </p>
      <p className="mb-1">
        You can still sign in to see your tickets and withdraw your funds. We will stop sending you marketing emails.
      </p>
      <div className="flex flex-wrap gap-0.5">
        <Form method="post">
          <input type="hidden" name="kind" value={confirm.kind} />
          <input type="hidden" name="period" value={confirm.period} />
          <button
            type="submit"
            name="intent"
            value="confirm"
            disabled={busy}
            className="inline-flex min-h-[44px] items-center rounded-theme bg-[#b00020] px-1 font-bold text-white disabled:opacity-60"
          >
            {text.confirm}
          </button>
        </Form>
        <Link
          to="/my-account/responsible-gambling"
          className="inline-flex min-h-[44px] items-center rounded-theme border border-[#767676] px-1 font-semibold"
        >
          Cancel
        </Link>
      </div>
    </section>
  );
}

export function ActiveExclusion({ exclusion, site }: { exclusion: Exclusion; site: LimitSite }) {
  return (
    <section
      className="mb-2 rounded-theme border-l-4 border-[#0d47a1] bg-[#e3f2fd] p-1 text-black"
      data-testid="active-exclusion"
      aria-labelledby="active-exclusion-heading"
    >
      <h2 id="active-exclusion-heading" className="mb-0.5 text-xl font-bold">
        {exclusion.kind === 'self_exclusion' ? 'You have excluded yourself' : 'You are taking a break'}
      </h2>
      <p className="mb-0.5">{exclusion.message}</p>
      <p className="text-sm">Started {dateTimeLabel(exclusion.startsAt, site)}.</p>
    </section>
  );
}

export function ExclusionView(props: {
  site: LimitSite;
  active: Exclusion | null;
  confirm: ExclusionConfirm | null;
  state: ExclusionFormState | null;
  helpLine: string;
}) {
  const { confirm } = props;
  return (
    <>
      {props.active ? <ActiveExclusion exclusion={props.active} site={props.site} /> : null}
      {confirm ? <ConfirmExclusion confirm={confirm} /> : null}
      <p className="mb-1">
        If gambling is no longer fun, you can stop for a while. A break or an exclusion starts straight away, stops all
        ticket purchases, deposits and marketing emails, and cannot be ended early. Talk to someone: Gambling Help on{' '}
        <a href={`tel:${props.helpLine.replace(/\s/g, '')}`} className="font-bold underline">
          {props.helpLine}
        </a>
        , free and confidential, 24 hours a day.
      </p>
      <section
        className="mb-2 rounded-theme border border-[#c4c4c4] p-1"
        aria-labelledby="take-a-break-heading"
        id="take-a-break"
      >
        <h2 id="take-a-break-heading" className="mb-0.5 text-2xl font-bold">
          Take a break
        </h2>
        <p className="mb-1">Stop buying and depositing for 24 hours up to 6 weeks.</p>
        <ChooseForm kind="take-a-break" state={props.state} />
      </section>
      <section
        className="mb-2 rounded-theme border border-[#c4c4c4] p-1"
        aria-labelledby="self-exclusion-heading"
        id="self-exclusion"
      >
        <h2 id="self-exclusion-heading" className="mb-0.5 text-2xl font-bold">
          Self-exclusion
        </h2>
        <p className="mb-1">
          Exclude yourself for 6 months up to 5 years. You will not be able to open a new account with the same email
          address.
        </p>
        <ChooseForm kind="self-exclusion" state={props.state} />
      </section>
      <section className="mb-2" aria-labelledby="limits-heading">
        <h2 id="limits-heading" className="mb-0.5 text-2xl font-bold">
          Limits
        </h2>
        <ul className="grid gap-0.5">
          <li>
            <Link to="/my-account/spend-limits" className="underline">
              Spend and deposit limits
            </Link>
          </li>
          <li>
            <Link to="/my-account/precommitment-limit" className="underline">
              Pre-commitment limit
            </Link>
          </li>
          <li>
            <Link to="/close-my-account" className="underline">
              Close my account
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}
