// The payment-resolution screen (features §3 Payments "payment resolution", §4 "Payment resolution: fetching, retrying,
// completed or retry error. Actions: change-fund, add-card, payment-method-updated"): each fund whose payment failed,
// with the recurring purchases it left unbought and the reason; choose another way to pay (change-fund), add a card
// (the cards-and-accounts add-card form, which the route composes in), and, once fixed, try again now
// (payment-method-updated: the retry).
import type { Autoplay, PaymentResolution, PaymentResolutionRetry, RecurringPurchaseMethods } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { formatLongDate, type SiteFormat } from '../../lib/format.ts';

export type ResolutionState = 'fetching' | 'retrying' | 'completed' | 'retry_error' | 'idle';

export const RESOLUTION_TEXTS = {
  title: 'Fix a payment problem',
  none: 'There is nothing to fix: every autoplay was paid for.',
  completed: 'Thanks, your payment went through and your ticket was bought.',
  /** A retry that bought nothing because the customer's own pause holds (the API's `waiting`). */
  waiting: 'Thanks. Nothing was bought now, because you paused it:',
  retryError: 'We still could not take the payment. Choose another way to pay or add a card, then try again.',
  fetching: 'Loading your payment problems…',
  retrying: 'Trying the payment again…',
} as const;

/** What happens to a retried recurring purchase the customer's own pause keeps paused. */
export function waitingText(a: Autoplay, site: SiteFormat): string {
  return a.status === 'timed_paused' && a.pausedUntil
    ? `${a.description} stays paused until ${formatLongDate(new Date(a.pausedUntil), site)}, as you chose. We will try the payment again then.`
    : `${a.description} stays paused, as you chose. We will try the payment again when you unpause it.`;
}

/** Which of the spec's states the screen is in: the pending navigation first, then the last retry's answer. */
export function resolutionState(
  navigation: { state: string; formData?: FormData | undefined },
  retry: PaymentResolutionRetry | null,
): ResolutionState {
  if (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'retry') return 'retrying';
  if (navigation.state === 'loading' && !navigation.formData) return 'fetching';
  if (retry) return retry.state;
  return 'idle';
}

export interface PaymentResolutionScreenProps {
  resolutions: PaymentResolution[];
  methods: RecurringPurchaseMethods;
  retry: PaymentResolutionRetry | null;
  /** Why the last change-fund or retry was refused. */
  errors: readonly string[];
  /** The add-card form (wallet feature), or null where cards cannot be added: then a link to the cards page. */
  addCard: ReactNode;
  site: SiteFormat;
}

/** A completed retry: bought, or (nothing bought) kept paused by the customer's own pause. */
function Completed({ retry, site }: { retry: PaymentResolutionRetry; site: SiteFormat }) {
  const bought = retry.report.purchased > 0 || !retry.waiting.length;
  return (
    <>
      {bought ? RESOLUTION_TEXTS.completed : RESOLUTION_TEXTS.waiting}
      {retry.waiting.map((a) => (
        <span key={a.autoplayId} className="block">
          {waitingText(a, site)}
        </span>
      ))}
    </>
  );
}

function ResolutionCard({ resolution, methods }: { resolution: PaymentResolution; methods: RecurringPurchaseMethods }) {
  const { autoplays, subscriptions } = resolution.recurringPurchases;
  const choices = methods.availableRecurringPurchaseMethods.filter(
    (m) => m.recurringPurchaseMethodKey !== 'wallet_then_card',
  );
  return (
    <li className="flex flex-col gap-0.5 rounded-theme border border-black/20 p-1" data-testid="payment-resolution">
      <h2 className="text-xl font-bold">Paid from: {resolution.fundSource ?? 'No payment method'}</h2>
      {resolution.reason ? <p role="alert">{resolution.reason}</p> : null}
      <ul className="list-disc pl-1.5">
        {[...autoplays, ...subscriptions].map((a) => (
          <li key={a.autoplayId}>{a.description}</li>
        ))}
      </ul>
      {resolution.actions.includes('change-fund') ? (
        <Form method="post" className="flex flex-wrap items-end gap-0.5">
          <input type="hidden" name="intent" value="change-fund" />
          <label className="flex flex-col gap-0.25">
            <span>Pay from</span>
            <select name="fundId" className="min-h-[44px] rounded-theme border border-black/40 px-0.5">
              {choices.map((m) => (
                <option key={m.recurringPurchaseMethodKey} value={m.recurringPurchaseMethodKey} disabled={m.disabled}>
                  {m.label}
                  {m.disabled ? ' (expired)' : ''}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn-secondary">
            Use this
          </button>
        </Form>
      ) : null}
    </li>
  );
}

export function PaymentResolutionScreen(props: PaymentResolutionScreenProps) {
  const navigation = useNavigation();
  const state = resolutionState(navigation, props.retry);
  const { resolutions } = props;
  return (
    <div className="flex flex-col gap-1.5">
      <p aria-live="polite" data-testid="payment-resolution-state" data-state={state}>
        {state === 'fetching' ? RESOLUTION_TEXTS.fetching : null}
        {state === 'retrying' ? RESOLUTION_TEXTS.retrying : null}
        {state === 'completed' && props.retry ? <Completed retry={props.retry} site={props.site} /> : null}
        {state === 'retry_error' ? RESOLUTION_TEXTS.retryError : null}
      </p>
      {props.errors.length ? (
        <ul role="alert" className="font-bold text-error">
          {props.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {resolutions.length ? (
        <>
          <ul className="flex flex-col gap-1">
            {resolutions.map((r) => (
              <ResolutionCard key={`${r.fundKind}:${r.fundSource}`} resolution={r} methods={props.methods} />
            ))}
          </ul>
          <Form method="post" className="flex flex-col gap-0.5">
            <input type="hidden" name="intent" value="retry" />
            <p>Fixed it with your bank, added funds or chose another card? Try the payment again now.</p>
            <button type="submit" className="btn btn-primary self-start" disabled={state === 'retrying'}>
              {state === 'retrying' ? 'Trying again…' : 'I have updated my payment method, try again'}
            </button>
          </Form>
          {props.addCard ?? <Link to="/my-account/cards-and-accounts">Add a card</Link>}
        </>
      ) : state === 'completed' ? null : (
        <p>{RESOLUTION_TEXTS.none}</p>
      )}
    </div>
  );
}
