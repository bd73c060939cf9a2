// The pre-commitment screen (spec core §2 precommitment-limit, ungated; features §3 "Precommitment limit has a limit
// value"; issue 8 §2): one limit the customer commits to in advance, over a period, enforced like a spend limit.
import type { Precommitment } from '@shop/contracts';
import { Form, useNavigation } from 'react-router';
import { Field, FormAlert, inputClass } from '../../ui/form-field.tsx';
import { LimitUsage, NoticeBanner, type LimitFormState, type LimitSite } from './limit-card.tsx';
import { currencySymbol, LIMIT_PERIODS, PERIOD_NAMES } from './rg-rules.ts';

export function PrecommitmentView(props: {
  precommitment: Precommitment;
  site: LimitSite;
  notice: string | null;
  state: LimitFormState | null;
}) {
  const { precommitment, site } = props;
  const limit = precommitment.limit;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const state = props.state;
  const limitErrors = state?.fieldErrors.limit ?? [];
  const periodErrors = state?.fieldErrors.period ?? [];
  return (
    <>
      <NoticeBanner text={props.notice} />
      <p className="mb-1">
        A pre-commitment limit is the most you decide, in advance, to spend with us over a period. When you reach it you
        cannot buy more tickets until the period ends. Lowering it applies at once; raising or removing it applies after{' '}
        {precommitment.coolingOffDays} days.
      </p>
      {limit ? (
        <section
          className="mb-1 rounded-theme border border-[#c4c4c4] p-1"
          aria-labelledby="precommitment-current"
          data-testid="precommitment-current"
        >
          <h2 id="precommitment-current" className="mb-0.5 text-xl font-bold">
            Your {limit.period} pre-commitment
          </h2>
          <LimitUsage limit={limit} site={site} />
        </section>
      ) : (
        <p className="mb-1">You have not set a pre-commitment limit.</p>
      )}
      {state?.generalErrors.length ? <FormAlert messages={state.generalErrors} /> : null}
      <Form method="post" noValidate>
        <Field
          label={`Pre-commitment limit (${currencySymbol(site.currency, site.locale)})`}
          hint="The most you will spend over the period you choose."
          meta={{ id: 'precommitment-limit', errorId: 'precommitment-limit-error', errors: limitErrors }}
        >
          <input
            id="precommitment-limit"
            name="limit"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={state?.values.limit ?? (limit ? limit.limit.amount.toFixed(2) : '')}
            aria-invalid={limitErrors.length ? true : undefined}
            aria-describedby={['precommitment-limit-hint', limitErrors.length ? 'precommitment-limit-error' : null]
              .filter(Boolean)
              .join(' ')}
            className={inputClass}
          />
        </Field>
        <Field
          label="Period"
          meta={{ id: 'precommitment-period', errorId: 'precommitment-period-error', errors: periodErrors }}
        >
          <select
            id="precommitment-period"
            name="period"
            defaultValue={state?.values.period || limit?.period || 'monthly'}
            aria-invalid={periodErrors.length ? true : undefined}
            className={inputClass}
          >
            {LIMIT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_NAMES[p]}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex flex-wrap gap-0.5">
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={busy}
            className="inline-flex min-h-[44px] items-center rounded-theme bg-brand px-1 font-bold text-white disabled:opacity-60"
          >
            {limit ? 'Update pre-commitment' : 'Set pre-commitment'}
          </button>
        </div>
      </Form>
      {limit ? (
        <Form method="post" className="mt-0.5">
          <button
            type="submit"
            name="intent"
            value="remove"
            disabled={busy || limit.pendingRemoval}
            className="inline-flex min-h-[44px] items-center rounded-theme border border-[#767676] px-1 font-semibold disabled:opacity-60"
          >
            Remove pre-commitment
          </button>
        </Form>
      ) : null}
    </>
  );
}
