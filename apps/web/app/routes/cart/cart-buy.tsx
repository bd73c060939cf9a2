// /cart/buy (spec core §2, §4 login flow steps: select_payment is step 3; features §2 Deposit and funds, §7
// deposit-and-purchase): an anonymous visitor goes to the login_register step (/checkout/login) first. A wallet that
// covers the cart pays it in one click; otherwise the shortfall is deposited from a saved card (or a card added here)
// and the cart bought with it (POST /cart/deposit_purchase, 3-D Secure through the issuer's page).
import { parseWithZod } from '@conform-to/zod/v4';
import { moneyToCents, type Cart } from '@shop/contracts';
import { data, redirect, redirectDocument, type HeadersFunction } from 'react-router';
import { authApi, loadCustomer, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { LOGIN_FLOW_STEPS } from '../../features/identity/login-steps.ts';
import { CheckoutView, type BuyActionResult } from '../../features/cart/checkout-view.tsx';
import { depositAmountCents, payableCents, walletCovers } from '../../features/cart/cart-rules.ts';
import { cartFailureOf, loadCart } from '../../features/cart/cart.server.ts';
import { DEPOSIT_PURCHASE_FAILURE, depositPurchase, purchaseCart } from '../../features/cart/checkout.server.ts';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { submitFundsForm } from '../../features/wallet/wallet-forms.server.ts';
import { depositSources } from '../../features/wallet/wallet-labels.ts';
import { browserDataFromForm } from '../../features/wallet/wallet-rules.ts';
import { idempotencyKeyOf, newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { formText, submissionErrors } from '../../lib/form-data.ts';
import { checkoutFormSchema } from '../../features/cart/cart-forms.ts';
import { cardGateways, DEPOSIT_FILTER, paymentMethods } from '../../features/wallet/wallet.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/cart-buy';

export const handle = { footer: 'condensed' };
export const meta: Route.MetaFunction = () => [{ title: 'Checkout' }];
export const headers: HeadersFunction = (args) => mergeSetCookieHeaders(args);

const LOGIN_STEP = `/checkout/login?redirect=${encodeURIComponent('/cart/buy')}`;

async function checkoutContext(request: Request, context: Route.LoaderArgs['context']) {
  const auth = authApi(request, context);
  const customer = await loadCustomer(auth);
  if (!customer) throw redirect(LOGIN_STEP, { headers: auth.headers() });
  const loaded = await loadCart(request, context, auth);
  if (!loaded.cart || loaded.cart.itemCount === 0) throw redirect('/cart', { headers: auth.headers() });
  return { auth, customer, cart: loaded.cart };
}

function dueNow(cart: Cart) {
  const cartTotalCents = moneyToCents(cart.cartTotal);
  const preOrderTotalCents = moneyToCents(cart.preOrderTotal);
  const walletBalanceCents = cart.walletBalance ? moneyToCents(cart.walletBalance) : null;
  const covers = walletCovers({ cartTotalCents, preOrderTotalCents, walletBalanceCents });
  const shortfallCents = covers
    ? 0
    : payableCents({ cartTotalCents, preOrderTotalCents, walletBalanceCents, walletPurchase: true });
  return { covers, shortfallCents, dueCents: Math.max(0, cartTotalCents - preOrderTotalCents) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth, cart } = await checkoutContext(request, context);
    const [methods, gateways] = await Promise.all([
      paymentMethods(auth.api, DEPOSIT_FILTER),
      cardGateways(auth.api).catch(() => []),
    ]);
    const sources = depositSources(methods).filter((s) => s.fund !== null);
    const due = dueNow(cart);
    const minCents = sources[0] ? moneyToCents(sources[0].method.rules.minAmount) : null;
    const url = new URL(request.url);
    // A card just added here (the add-card post names it) is the one to pay with, not the default.
    const chosen = url.searchParams.get('source');
    return data(
      {
        cart,
        chosenSource: sources.some((s) => s.id === chosen) ? chosen : null,
        ...due,
        depositCents: due.covers ? 0 : depositAmountCents(due.shortfallCents, minCents),
        sources: sources.map((s) => ({ id: s.id, label: s.label, cscRequired: s.cscRequired, isDefault: s.isDefault })),
        gateway: gateways[0] ?? null,
        idempotencyKey: newIdempotencyKey(),
        cardKey: newIdempotencyKey(),
        step: LOGIN_FLOW_STEPS.select_payment,
        notice:
          url.searchParams.get('notice') === 'deposit-cancelled'
            ? 'You cancelled the payment. No money was taken and nothing was bought.'
            : null,
      },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

/** A purchase failure: draw_closed goes back to the cart (the auto-removed notice says what changed). */
function purchaseFailure(intent: BuyActionResult['intent'], error: unknown, headers: Headers) {
  if (error instanceof ApiError && error.code === 'draw_closed') return redirect('/cart', { headers });
  const failure = cartFailureOf(error);
  return data<BuyActionResult>(
    { intent, error: failure.error, code: failure.code, idempotencyKey: newIdempotencyKey() },
    { status: 422, headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  let ctx;
  try {
    ctx = await checkoutContext(request, context);
  } catch (error) {
    throw toRouteError(error);
  }
  const { auth, cart } = ctx;
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const idempotencyKey = idempotencyKeyOf(form);
  try {
    // Cards to pay a shortfall with: only the deposit-and-purchase post needs them.
    const sources =
      intent === 'deposit-purchase'
        ? depositSources(await paymentMethods(auth.api, DEPOSIT_FILTER)).filter((s) => s.fund !== null)
        : [];
    const submission = intent === 'add-card' ? null : parseWithZod(form, { schema: checkoutFormSchema(sources) });
    if (submission && submission.status !== 'success') {
      const { fieldErrors, generalErrors } = submissionErrors(submission);
      const error = [...generalErrors, ...Object.values(fieldErrors).flat()][0];
      const known = intent === 'pay' || intent === 'deposit-purchase';
      return data<BuyActionResult>(
        {
          intent: known ? intent : 'pay',
          error: known ? error : 'Choose how to pay.',
          // The card security code's problem is also said under its field (the banner alone is off screen).
          ...(known ? { fieldErrors } : {}),
          idempotencyKey,
        },
        { status: known ? 422 : 400, headers: auth.headers() },
      );
    }
    const posted = submission?.value;
    // The total the customer saw on the payment step: a re-priced cart that differs is refused (409 price_changed).
    const expectedTotal =
      posted?.expectedTotal !== undefined
        ? { amount: posted.expectedTotal, currency: cart.cartTotal.currency }
        : cart.cartTotal;
    if (posted?.intent === 'pay') {
      try {
        const result = await purchaseCart(auth.api, idempotencyKey, expectedTotal);
        return redirect(`/receipt/${result.checkoutId}`, { headers: auth.headers() });
      } catch (error) {
        return purchaseFailure('pay', error, auth.headers());
      }
    }
    if (posted?.intent === 'deposit-purchase') {
      const { source, csc } = posted;
      const due = dueNow(cart);
      const amountCents = depositAmountCents(due.shortfallCents, moneyToCents(source.method.rules.minAmount));
      try {
        const result = await depositPurchase(
          auth.api,
          {
            amount: amountCents / 100,
            customerFundId: source.id,
            csc,
            browserData: browserDataFromForm(form, new URL(request.url).origin),
            expectedTotal,
          },
          idempotencyKey,
        );
        if (result.status === 'approved' && result.checkoutId)
          return redirect(`/receipt/${result.checkoutId}`, { headers: auth.headers() });
        // The issuer's page is not a storefront route: the browser loads it as a document.
        if (result.status === 'challenge') {
          // The API's 3-D Secure return sends the browser to /checkout/deposit/{id}/success, which buys the cart.
          const headers = auth.headers();
          if (result.redirectUrl) return redirectDocument(result.redirectUrl, { headers });
          return redirect(`/my-account/deposit/authorisation/${result.depositId}`, { headers });
        }
        if (result.status === 'pending')
          return redirect(`/checkout/deposit/${result.depositId}/success`, { headers: auth.headers() });
        const message = result.messages[0]?.text ?? DEPOSIT_PURCHASE_FAILURE;
        return data<BuyActionResult>(
          { intent: 'deposit-purchase', error: message, idempotencyKey: newIdempotencyKey() },
          { status: 422, headers: auth.headers() },
        );
      } catch (error) {
        if (error instanceof ApiError && error.reason === 'invalid_response')
          return data<BuyActionResult>(
            { intent: 'deposit-purchase', error: error.message, idempotencyKey: newIdempotencyKey() },
            { status: 422, headers: auth.headers() },
          );
        return purchaseFailure('deposit-purchase', error, auth.headers());
      }
    }
    if (intent === 'add-card') {
      const [methods, gateways] = await Promise.all([paymentMethods(auth.api), cardGateways(auth.api)]);
      const before = new Set(depositSources(methods).map((s) => s.id));
      const outcome = await submitFundsForm(auth.api, methods, form, gateways[0]?.key ?? null);
      if ('redirectTo' in outcome) {
        const added = depositSources(await paymentMethods(auth.api, DEPOSIT_FILTER)).find(
          (s) => s.fund !== null && !before.has(s.id),
        );
        return redirect(added ? `/cart/buy?source=${encodeURIComponent(added.id)}` : '/cart/buy', {
          headers: auth.headers(),
        });
      }
      return data<BuyActionResult>(
        {
          intent: 'add-card',
          error: outcome.feedback.generalErrors[0],
          fieldErrors: outcome.feedback.fieldErrors,
          values: outcome.values,
          idempotencyKey: outcome.idempotencyKey,
        },
        { status: 422, headers: auth.headers() },
      );
    }
    return data<BuyActionResult>(
      { intent: 'pay', error: 'Choose how to pay.', idempotencyKey },
      { status: 400, headers: auth.headers() },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function CartBuyRoute({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteFormat();
  return <CheckoutView data={loaderData} result={actionData} site={site} />;
}
