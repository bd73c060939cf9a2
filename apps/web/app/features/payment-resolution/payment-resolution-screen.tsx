// The payment-resolution screen (features §3 Payments "payment resolution", §4 "Payment resolution: fetching, retrying,
// completed or retry error. Actions: change-fund, add-card, payment-method-updated"): each fund whose payment failed,
// with the recurring purchases it left unbought and the reason; choose another way to pay (change-fund), add a card
// (the cards-and-accounts add-card form, which the route composes in), and, once fixed, try again now
// (payment-method-updated: the retry).
import type { PaymentResolution, PaymentResolutionRetry, RecurringPurchaseMethods } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';

export type ResolutionState = 'fetching' | 'retrying' | 'completed' | 'retry_error' | 'idle';

export const RESOLUTION_TEXTS = {
  title: 'Fix a payment problem',
  none: 'There is nothing to fix: every autoplay was paid for.',
  completed: 'Thanks, your payment went through and your ticket was bought.',
  retryError: 'We still could not take the payment. Choose another way to pay or add a card, then try again.',
  fetching: 'Loading your payment problems…',
  retrying: 'Trying the payment again…',
} as const;

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
        {state === 'completed' ? RESOLUTION_TEXTS.completed : null}
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
