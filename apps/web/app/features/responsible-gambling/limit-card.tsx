// One limit on screen (a spend, deposit or pre-commitment limit): what is in force, how much is used, a raise waiting
// out the cooling-off delay, and the form that sets, lowers, raises or removes it. Plain posts: works without JS.
import type { CustomerLimit } from '@shop/contracts';
import { moneyToCents } from '@shop/contracts';
import { zonedLabel } from '@shop/protocol';
import { Form, useNavigation } from 'react-router';
import { Field, FormAlert, inputClass } from '../../ui/form-field.tsx';
import { amountLabel, pendingLimitText, pendingRemovalText, spentPercent, type RgLocale } from './rg-rules.ts';

export interface LimitSite {
  currency: 'AUD' | 'GBP';
  locale: RgLocale;
  timeZone: string;
}

export interface LimitFormState {
  /** Which form the action answered (so only that form shows the errors). */
  form: string;
  fieldErrors: Record<string, string[]>;
  generalErrors: string[];
  values: Record<string, string>;
}

/** "Sat, 28 Nov 2026, 8:15 pm" in the site's time zone. */
export function dateTimeLabel(iso: string, site: Pick<LimitSite, 'locale' | 'timeZone'>): string {
  return zonedLabel(iso, 'weekdayDateTime', site);
}

export function dateLabel(iso: string, site: Pick<LimitSite, 'locale' | 'timeZone'>): string {
  return zonedLabel(iso, 'longDate', site);
}

function money(m: { amount: number; currency: 'AUD' | 'GBP' }, site: LimitSite): string {
  return amountLabel(moneyToCents(m), m.currency, site.locale);
}

/** The pending change of a limit as the page states it, or null. */
export function pendingText(limit: CustomerLimit, site: LimitSite): string | null {
  if (!limit.pendingFrom) return null;
  const from = dateTimeLabel(limit.pendingFrom, site);
  if (limit.pendingRemoval) return pendingRemovalText(from);
  return limit.pendingLimit ? pendingLimitText(money(limit.pendingLimit, site), from) : null;
}

export function LimitUsage({
  limit,
  site,
  spentLabel = 'Spent',
  rolling = false,
}: {
  limit: CustomerLimit;
  site: LimitSite;
  spentLabel?: string;
  rolling?: boolean;
}) {
  const percent = spentPercent(moneyToCents(limit.limit), moneyToCents(limit.amountSpent));
  const pending = pendingText(limit, site);
  return (
    <div className="mb-1">
      <dl className="grid grid-cols-3 gap-0.5 text-center" data-testid={`limit-usage-${limit.period}`}>
        <div>
          <dt className="text-sm text-[#4a4a4a]">Limit</dt>
          <dd className="text-lg font-bold">{money(limit.limit, site)}</dd>
        </div>
        <div>
          <dt className="text-sm text-[#4a4a4a]">{spentLabel}</dt>
          <dd className="text-lg font-bold">{money(limit.amountSpent, site)}</dd>
        </div>
        <div>
          <dt className="text-sm text-[#4a4a4a]">Remaining</dt>
          <dd className="text-lg font-bold">{money(limit.remaining, site)}</dd>
        </div>
      </dl>
      <div
        className="mt-0.5 h-[8px] w-full overflow-hidden rounded-full bg-[#e0e0e0]"
        role="progressbar"
        aria-label={`${spentLabel} of the ${limit.period} limit`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={`h-full ${percent >= 100 ? 'bg-[#b00020]' : 'bg-brand'}`} style={{ width: `${percent}%` }} />
      </div>
      {/* A rolling window (deposit limits) never resets at one moment: its help text says what it counts. */}
      {rolling ? null : (
        <p className="mt-[4px] text-sm text-[#4a4a4a]">Resets {dateTimeLabel(limit.periodEnd, site)}</p>
      )}
      {pending ? (
        <p
          className="mt-0.5 rounded-theme border-l-4 border-[#0d47a1] bg-[#e3f2fd] p-0.5 text-black"
          data-testid={`pending-${limit.period}`}
        >
          {pending}
        </p>
      ) : null}
    </div>
  );
}

export function LimitForm(props: {
  formId: string;
  intent: string;
  label: string;
  hint: string;
  period: string;
  current: CustomerLimit | null;
  state: LimitFormState | null;
  hidden?: Record<string, string>;
  removeIntent?: string;
  removeLabel?: string;
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const mine = props.state?.form === props.formId ? props.state : null;
  const busy = navigation.state === 'submitting' && navigation.formData?.get('formId') === props.formId;
  const id = `${props.formId}-limit`;
  const errors = mine?.fieldErrors.limit ?? [];
  const describedBy = [`${id}-hint`, errors.length ? `${id}-error` : null].filter(Boolean).join(' ');
  const hidden = { formId: props.formId, period: props.period, ...props.hidden };
  return (
    <div>
      {mine?.generalErrors.length ? <FormAlert messages={mine.generalErrors} /> : null}
      <Form method="post" noValidate className="flex flex-col gap-0.5 sm:flex-row sm:items-end">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="grow">
          <Field label={props.label} hint={props.hint} meta={{ id, errorId: `${id}-error`, errors }}>
            <input
              // A saved change re-renders the form with the limit now in force, not what was typed.
              key={`${props.current?.limit.amount ?? ''}|${props.current?.pendingFrom ?? ''}|${mine ? 'posted' : ''}`}
              id={id}
              name="limit"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={mine?.values.limit ?? (props.current ? props.current.limit.amount.toFixed(2) : '')}
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={describedBy}
              className={inputClass}
            />
          </Field>
        </div>
        <div className="mb-1 flex gap-0.5">
          <button
            type="submit"
            name="intent"
            value={props.intent}
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex min-h-[44px] items-center justify-center rounded-theme bg-brand px-1 font-bold text-white disabled:opacity-60"
          >
            {props.submitLabel ?? (props.current ? 'Update limit' : 'Set limit')}
          </button>
        </div>
      </Form>
      {props.current && props.removeIntent ? (
        <Form method="post" className="mb-1">
          {Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="id" value={props.current.id} />
          <button
            type="submit"
            name="intent"
            value={props.removeIntent}
            disabled={busy || props.current.pendingRemoval}
            className="inline-flex min-h-[44px] items-center rounded-theme border border-[#767676] px-1 font-semibold disabled:opacity-60"
          >
            {props.removeLabel ?? 'Remove limit'}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function NoticeBanner({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div
      role="status"
      data-testid="rg-notice"
      className="mb-1 rounded-theme border-l-4 border-[#1b5e20] bg-[#e8f5e9] p-0.5 font-semibold text-black"
    >
      {text}
    </div>
  );
}
