// The partner checkout's server side (spec core §2 /purchase/:partnerSlug; features §7 Partners): the partner's item
// from the address (?offer=&tickets=), its partner cart, and for a signed-in customer the select_payment step's data
// (the wallet, saved cards, the shortfall to deposit) in the shape the shop's payment step takes.
import { parseWithZod } from '@conform-to/zod/v4';
import { IDENTITY_TEXTS, moneyToCents, toMoney, type Cart, type Partner, type PartnerCart } from '@shop/contracts';
import { data, redirect, redirectDocument } from 'react-router';
import { checkoutFormSchema } from '../../features/cart/cart-forms.ts';
import type { BuyActionResult } from '../../features/cart/checkout-view.tsx';
import { DEPOSIT_PURCHASE_FAILURE } from '../../features/cart/checkout.server.ts';
import { loadPartner, purchaseForPartner } from '../../features/partners/partners.server.ts';
import { submitFundsForm } from '../../features/wallet/wallet-forms.server.ts';
import { browserDataFromForm } from '../../features/wallet/wallet-rules.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { loadCustomer, type AuthApi } from '../../lib/auth.server.ts';
import { formText, submissionErrors } from '../../lib/form-data.ts';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { depositAmountCents, payableCents, walletCovers } from '../../features/cart/cart-rules.ts';
import type { CheckoutData } from '../../features/cart/checkout-view.tsx';
import { LOGIN_FLOW_STEPS } from '../../features/identity/login-steps.ts';
import { MAX_PARTNER_TICKETS } from '../../features/partners/partner-layout.tsx';
import { partnerCart, type PartnerItem } from '../../features/partners/partners.server.ts';
import { depositSources } from '../../features/wallet/wallet-labels.ts';
import { cardGateways, DEPOSIT_FILTER, paymentMethods } from '../../features/wallet/wallet.server.ts';
import type { ApiClient } from '../../lib/api-client.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';

/** The item the page sells: the offer named in the address (else the partner's first) and the tickets wanted. */
export function partnerItemOf(partner: Partner, url: URL): PartnerItem | null {
  const offer =
    partner.offers.find((o) => o.productOfferKey === url.searchParams.get('offer')) ?? partner.offers[0] ?? null;
  if (!offer) return null;
  const wanted = Number(url.searchParams.get('tickets'));
  const numTickets =
    Number.isInteger(wanted) && wanted >= 1 ? Math.min(wanted, MAX_PARTNER_TICKETS) : offer.defaultTickets;
  return { offerKey: offer.productOfferKey, numTickets };
}

/** The partner cart as the shop's Cart for the payment step's totals (one item, no promotion). */
export function cartOfPartner(p: PartnerCart): Cart {
  const zero = toMoney(0, p.cartTotal.currency);
  const dueCents = moneyToCents(p.cartTotal) - moneyToCents(p.preOrderTotal);
  const walletCents = p.walletBalance ? moneyToCents(p.walletBalance) : null;
  const payable = payableCents({
    cartTotalCents: moneyToCents(p.cartTotal),
    preOrderTotalCents: moneyToCents(p.preOrderTotal),
    walletBalanceCents: walletCents,
    walletPurchase: true,
  });
  return {
    cartReference: '',
    cartItems: {},
    itemCount: p.cartItems.length,
    autoRemovedItems: [],
    cartTotal: p.cartTotal,
    preOrderTotal: p.preOrderTotal,
    subtotal: p.cartTotal,
    promotion: null,
    requiresUnattendedPaymentMethod: p.requiresUnattendedPaymentMethod,
    blockedReasons: p.blockedReasons,
    showRegulation: true,
    payableAmount:
      walletCents === null ? null : toMoney(Math.max(0, Math.min(dueCents, payable)), p.cartTotal.currency),
    walletBalance: p.walletBalance ?? zero,
  };
}

/** The payment step's data for a signed-in customer (as /cart/buy has it): wallet, cards, shortfall, keys. */
export async function paymentStep(api: ApiClient, cart: PartnerCart): Promise<CheckoutData> {
  const [methods, gateways] = await Promise.all([
    paymentMethods(api, DEPOSIT_FILTER),
    cardGateways(api).catch(() => []),
  ]);
  const sources = depositSources(methods).filter((s) => s.fund !== null);
  const shown = cartOfPartner(cart);
  const cartTotalCents = moneyToCents(cart.cartTotal);
  const preOrderTotalCents = moneyToCents(cart.preOrderTotal);
  const walletBalanceCents = cart.walletBalance ? moneyToCents(cart.walletBalance) : null;
  const covers = walletCovers({ cartTotalCents, preOrderTotalCents, walletBalanceCents });
  const shortfallCents = covers
    ? 0
    : payableCents({ cartTotalCents, preOrderTotalCents, walletBalanceCents, walletPurchase: true });
  const minCents = sources[0] ? moneyToCents(sources[0].method.rules.minAmount) : null;
  return {
    cart: shown,
    covers,
    shortfallCents,
    dueCents: Math.max(0, cartTotalCents - preOrderTotalCents),
    depositCents: covers ? 0 : depositAmountCents(shortfallCents, minCents),
    sources: sources.map((s) => ({ id: s.id, label: s.label, cscRequired: s.cscRequired, isDefault: s.isDefault })),
    gateway: gateways[0] ?? null,
    idempotencyKey: newIdempotencyKey(),
    cardKey: newIdempotencyKey(),
    step: LOGIN_FLOW_STEPS.select_payment,
    notice: null,
  };
}

export function noticeOf(url: URL): string | null {
  const notice = url.searchParams.get('notice');
  if (notice === 'autologin-failed') return IDENTITY_TEXTS.linkInvalid;
  return null;
}

/** The partner cart, or the reason it cannot be priced (a closed draw, a sold-out raffle): shown, not a crash. */
export async function cartOrProblem(auth: AuthApi, slug: string, signedIn: boolean, item: PartnerItem) {
  try {
    return { cart: await partnerCart(auth.api, slug, signedIn, item), problem: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return { cart: null, problem: error.message };
    throw error;
  }
}

/** A failed purchase or deposit: the message above the payment forms, and a fresh key for the next attempt. */
function failed(intent: BuyActionResult['intent'], error: string, auth: AuthApi, code?: string) {
  return data<BuyActionResult>(
    { intent, error, code, idempotencyKey: newIdempotencyKey() },
    { status: 422, headers: auth.headers() },
  );
}

export async function paymentAction(request: Request, auth: AuthApi, slug: string, form: FormData) {
  const partner = await loadPartner(auth.api, slug);
  const url = new URL(request.url);
  const item = partnerItemOf(partner, url);
  if (!(await loadCustomer(auth)) || !item) throw redirect(`/purchase/${partner.slug}`, { headers: auth.headers() });
  const here = `${url.pathname}${url.search}`;
  const intent = formText(form, 'intent');
  if (intent === 'add-card') {
    const [methods, gateways] = await Promise.all([paymentMethods(auth.api), cardGateways(auth.api)]);
    const outcome = await submitFundsForm(auth.api, methods, form, gateways[0]?.key ?? null);
    if ('redirectTo' in outcome) return redirect(here, { headers: auth.headers() });
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
  const sources = depositSources(await paymentMethods(auth.api, DEPOSIT_FILTER)).filter((s) => s.fund !== null);
  const submission = parseWithZod(form, { schema: checkoutFormSchema(sources) });
  const idempotencyKey = idempotencyKeyOf(form);
  if (submission.status !== 'success') {
    const { fieldErrors, generalErrors } = submissionErrors(submission);
    return data<BuyActionResult>(
      {
        intent: intent === 'pay' ? 'pay' : 'deposit-purchase',
        error: [...generalErrors, ...Object.values(fieldErrors).flat()][0],
        idempotencyKey,
      },
      { status: 422, headers: auth.headers() },
    );
  }
  const posted = submission.value;
  try {
    let deposit = null;
    if (posted.intent === 'deposit-purchase') {
      const cart = await partnerCart(auth.api, partner.slug, true, item);
      const step = await paymentStep(auth.api, cart);
      deposit = {
        fundId: posted.source.id,
        amount: step.depositCents / 100,
        csc: posted.csc,
        browserData: browserDataFromForm(form, url.origin),
      };
    }
    const result = await purchaseForPartner(auth.api, partner, item, deposit, idempotencyKey);
    if (result.status === 'approved' && result.receiptPath)
      return redirect(result.receiptPath, { headers: auth.headers() });
    // The issuer's page is not a storefront route: the browser loads it as a document.
    if (result.status === 'challenge' && result.redirectUrl)
      return redirectDocument(result.redirectUrl, { headers: auth.headers() });
    if (result.status === 'pending' && result.depositId)
      return redirect(`/checkout/deposit/${result.depositId}/success`, { headers: auth.headers() });
    return failed(posted.intent, result.messages[0]?.text ?? DEPOSIT_PURCHASE_FAILURE, auth);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return failed(posted.intent, error.message, auth, error.code);
    throw error;
  }
}
