// The select_payment step (spec core §4 login flow steps; §9 purchase debounce 500 ms; features §2 deposit-and-purchase):
// "Pay {amount} from your wallet" when the wallet covers the cart, otherwise deposit the shortfall from a card and buy.
// Each attempt carries ONE Idempotency-Key in a hidden field, so a double click or a retry makes one order; the button
// is disabled while the purchase is on its way and repeated submits within 500 ms are dropped.
import type { Cart } from '@shop/contracts';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { formatCents, type SiteFormat } from '../../lib/format.ts';
import { usePageKey } from '../../lib/use-page-key.ts';
import { BrowserDataInputs, fillBrowserData, TestCardList } from '../../ui/card-payment.tsx';
import { BlockedReasons } from './blocked-reasons.tsx';
import { CartTotals } from './cart-view.tsx';
import { REGULATION_TEXT } from './cart-rules.ts';

export const PURCHASE_DEBOUNCE_MS = 500;

export interface BuyActionResult {
  intent: 'pay' | 'deposit-purchase' | 'add-card';
  error?: string | undefined;
  code?: string | undefined;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
  idempotencyKey: string;
}

export interface CheckoutData {
  cart: Cart;
  covers: boolean;
  shortfallCents: number;
  dueCents: number;
  depositCents: number;
  sources: { id: string; label: string; cscRequired: boolean; isDefault: boolean }[];
  /** A card just added at checkout: the one to pay with. */
  chosenSource?: string | null;
  gateway: { key: string; name: string; testCards: { number: string; outcome: string }[] } | null;
  idempotencyKey: string;
  cardKey: string;
  step: number;
  notice: string | null;
}

/** Drops a second submit while one is on its way or within the debounce window (core §9 purchase 500 ms). */
function useSubmitGuard() {
  const last = useRef(0);
  return (event: FormEvent<HTMLFormElement>) => {
    const now = Date.now();
    if (now - last.current < PURCHASE_DEBOUNCE_MS || event.currentTarget.dataset.submitting === 'true') {
      event.preventDefault();
      return false;
    }
    last.current = now;
    event.currentTarget.dataset.submitting = 'true';
    const form = event.currentTarget;
    window.setTimeout(() => {
      delete form.dataset.submitting;
    }, PURCHASE_DEBOUNCE_MS);
    return true;
  };
}

function Errors({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-theme border-l-4 border-[#b00020] bg-[#fdecee] p-0.5 text-black"
      data-testid="checkout-error"
    >
      {message}
    </p>
  );
}

function AddCardForm({ data, result }: { data: CheckoutData; result: BuyActionResult | undefined }) {
  const cardPageKey = usePageKey(data.cardKey);
  const card = result?.intent === 'add-card' ? result : undefined;
  if (!data.gateway) return null;
  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <div className="flex flex-col gap-[4px]">
      <label htmlFor={`checkout-card-${name}`} className="font-semibold">
        {label}
      </label>
      <input
        id={`checkout-card-${name}`}
        name={name}
        defaultValue={card?.values?.[name] ?? ''}
        aria-invalid={card?.fieldErrors?.[name]?.length ? true : undefined}
        className="min-h-[44px] rounded-theme border border-black/30 px-0.5"
        {...extra}
      />
      {card?.fieldErrors?.[name]?.[0] ? (
        <p className="text-sm font-bold text-error">{card.fieldErrors[name][0]}</p>
      ) : null}
    </div>
  );
  return (
    <details className="rounded-theme border border-black/15 p-1" open={!data.sources.length || !!card}>
      <summary className="cursor-pointer font-bold">Add a card</summary>
      <Form method="post" className="mt-0.5 flex flex-col gap-0.5" noValidate>
        <input type="hidden" name="intent" value="add-card" />
        <input type="hidden" name="idempotencyKey" value={card?.idempotencyKey ?? cardPageKey} />
        <Errors message={card?.error} />
        {field('holderName', 'Name on card', { autoComplete: 'cc-name' })}
        {field('cardNumber', 'Card number', { inputMode: 'numeric', autoComplete: 'cc-number' })}
        <div className="grid grid-cols-2 items-end gap-0.5">
          {field('expiryMonth', 'Expiry month (MM)', { inputMode: 'numeric', maxLength: 2 })}
          {field('expiryYear', 'Expiry year (YY)', { inputMode: 'numeric', maxLength: 4 })}
        </div>
        {field('csc', 'Card security code (CVC)', { inputMode: 'numeric', maxLength: 4 })}
        <input type="hidden" name="default" value="on" />
        <TestCardList gateway={data.gateway} />
        <button type="submit" className="btn btn-secondary self-start">
          Save card
        </button>
      </Form>
    </details>
  );
}

export function CheckoutView({
  data,
  result,
  site,
  back = { to: '/cart', label: 'Back to your cart' },
  summary = null,
}: {
  data: CheckoutData;
  result: BuyActionResult | undefined;
  site: SiteFormat;
  /** Where the page leads back to (the cart; a partner's checkout goes back to its own page). */
  back?: { to: string; label: string };
  /** What is being bought, above the totals (the partner checkout names its item). */
  summary?: ReactNode;
}) {
  const navigation = useNavigation();
  const guard = useSubmitGuard();
  const submitting =
    navigation.state !== 'idle' &&
    (navigation.formData?.get('intent') === 'pay' || navigation.formData?.get('intent') === 'deposit-purchase');
  const { cart } = data;
  const currency = cart.cartTotal.currency;
  const blocked = Object.keys(cart.blockedReasons).length > 0;
  const pageKey = usePageKey(data.idempotencyKey);
  const purchaseKey = result && result.intent !== 'add-card' ? result.idempotencyKey : pageKey;
  const insufficient = result?.code === 'insufficient_funds';
  const cscError = result?.intent === 'deposit-purchase' ? result.fieldErrors?.csc?.[0] : undefined;
  const showWallet = data.covers && !insufficient;
  const defaultSource =
    data.sources.find((s) => s.id === data.chosenSource) ?? data.sources.find((s) => s.isDefault) ?? data.sources[0];
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <p className="text-sm font-semibold text-[#4a4a4a]">
        Step {data.step} of {data.step}
      </p>
      <h1 className="text-3xl font-extrabold text-brand">Payment</h1>
      {data.notice ? (
        <p
          role="status"
          className="rounded-theme border-l-4 border-[#0d47a1] bg-[#e3f2fd] p-0.5 text-black"
          data-testid="checkout-notice"
        >
          {data.notice}
        </p>
      ) : null}
      <div className="grid gap-1.5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex flex-col gap-1">
          <BlockedReasons reasons={cart.blockedReasons} />
          {result && result.intent !== 'add-card' ? <Errors message={result.error} /> : null}
          {showWallet ? (
            <Form method="post" onSubmit={guard} aria-busy={submitting || undefined}>
              <input type="hidden" name="intent" value="pay" />
              <input type="hidden" name="idempotencyKey" value={purchaseKey} />
              <input type="hidden" name="expectedTotal" value={String(cart.cartTotal.amount)} />
              <button
                type="submit"
                className="btn btn-primary w-full sm:w-auto"
                disabled={submitting || blocked}
                data-testid="buy-button"
              >
                {submitting ? 'Buying…' : `Pay ${formatCents(data.dueCents, currency, site.locale)} from your wallet`}
              </button>
            </Form>
          ) : (
            <section aria-labelledby="deposit-purchase-title" className="flex flex-col gap-0.5">
              <h2 id="deposit-purchase-title" className="text-xl font-bold">
                Deposit and buy
              </h2>
              <p>
                Your wallet is {formatCents(data.shortfallCents, currency, site.locale)} short. We'll deposit{' '}
                <strong data-testid="deposit-amount">{formatCents(data.depositCents, currency, site.locale)}</strong>{' '}
                from your card and buy your tickets.
                {data.depositCents > data.shortfallCents
                  ? ` That is the smallest deposit we take; the ${formatCents(data.depositCents - data.shortfallCents, currency, site.locale)} left after your tickets stays in your wallet.`
                  : null}
              </p>
              {data.sources.length ? (
                <Form
                  method="post"
                  className="flex flex-col gap-0.5"
                  onSubmit={(e) => {
                    if (guard(e)) fillBrowserData(e.currentTarget);
                  }}
                  aria-busy={submitting || undefined}
                >
                  <input type="hidden" name="intent" value="deposit-purchase" />
                  <input type="hidden" name="idempotencyKey" value={purchaseKey} />
                  <input type="hidden" name="expectedTotal" value={String(cart.cartTotal.amount)} />
                  <BrowserDataInputs />
                  {/* Keyed by the card to pay with: a card added here is chosen even though the radios were there. */}
                  <fieldset key={defaultSource?.id ?? 'none'} className="flex flex-col gap-0.5">
                    <legend className="mb-0.5 font-bold">Pay with</legend>
                    {data.sources.map((s) => (
                      <label
                        key={s.id}
                        className="flex min-h-[44px] items-center gap-0.5 rounded-theme border border-black/20 px-0.5"
                      >
                        <input type="radio" name="source" value={s.id} defaultChecked={s.id === defaultSource?.id} />
                        <span>{s.label}</span>
                      </label>
                    ))}
                  </fieldset>
                  {data.sources.some((s) => s.cscRequired) ? (
                    <div className="flex flex-col gap-[4px]">
                      <label htmlFor="checkout-csc" className="font-semibold">
                        Card security code (CVC)
                      </label>
                      <input
                        id="checkout-csc"
                        name="csc"
                        inputMode="numeric"
                        maxLength={4}
                        autoComplete="cc-csc"
                        aria-invalid={cscError ? true : undefined}
                        aria-describedby={cscError ? 'checkout-csc-error' : undefined}
                        className="min-h-[44px] max-w-[8rem] rounded-theme border border-black/30 px-0.5"
                      />
                      {cscError ? (
                        <p id="checkout-csc-error" className="text-sm font-bold text-error">
                          {cscError}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                  <button
                    type="submit"
                    className="btn btn-primary self-start"
                    disabled={submitting || blocked}
                    data-testid="deposit-buy-button"
                  >
                    {submitting
                      ? 'Paying…'
                      : `Deposit ${formatCents(data.depositCents, currency, site.locale)} and buy`}
                  </button>
                </Form>
              ) : (
                <p>Add a card to pay for your tickets.</p>
              )}
              <AddCardForm data={data} result={result} />
            </section>
          )}
          <Link to={back.to} className="self-start underline">
            {back.label}
          </Link>
        </div>
        <aside
          aria-label="Order summary"
          className="flex h-fit flex-col gap-1 rounded-theme border border-black/15 p-1 shadow-theme"
        >
          <h2 className="text-xl font-bold">Order summary</h2>
          <p>{cart.itemCount === 1 ? '1 item' : `${cart.itemCount} items`}</p>
          {summary}
          <CartTotals cart={cart} site={site} />
          {cart.showRegulation ? <p className="text-sm">{REGULATION_TEXT}</p> : null}
        </aside>
      </div>
    </div>
  );
}
