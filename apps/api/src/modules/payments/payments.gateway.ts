// PaymentGateway: what a card/wallet processor does for us (DESIGN.md §6, §9). The built-in test gateway keeps its
// own book (payments_test_gateway_charges) in the shop's database, standing in for the processor's records: after a
// crash, what it says it approved is what reconcileDeposits() credits. Never call a gateway inside a transaction.
// Like a real processor (Stripe's Idempotency-Key), a charge carries an idempotency key: the same key always answers
// with the same charge, so a deposit resumed after a crash can be sent again and is never charged twice.
import { randomBytes } from 'node:crypto';
import type { BrowserData } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { testGatewayRepository as book, type ChargeRow } from './payments.repository.ts';

/** `voided`: the shop cancelled the order before the gateway approved it; it can never be approved after. */
export type ChargeOutcome = 'approved' | 'declined' | 'insufficient_funds' | 'challenge' | 'voided';
export type CardOutcome = ChargeOutcome | 'timeout';

export interface ChargeRequest {
  /** Our deposit id: the gateway charges an order at most once. */
  orderId: string;
  /** The same key always gets the same charge back (never a second one); a deposit sends its id. */
  idempotencyKey: string;
  /** A saved card's token; null for token-less methods (test deposit, PayPal, Apple Pay, Google Pay). */
  token: string | null;
  amountCents: number;
  currency: string;
  browserData?: BrowserData;
}
export interface ChargeResult {
  status: ChargeOutcome;
  reference: string;
  /** Where the customer completes a 3-D Secure challenge (status 'challenge'). */
  challengeUrl?: string;
}
export interface ChargeRecord {
  orderId: string;
  reference: string;
  status: ChargeOutcome;
  amountCents: number;
  currency: string;
}

export interface RefundRequest {
  /** The deposit (the gateway's order) whose charge is refunded. */
  orderId: string;
  /** Our refund's id: the gateway's idempotency key, so a repeat answers with the refund already made. */
  refundId: string;
  amountCents: number;
  currency: string;
}
/** `refused`: nothing was refunded (no approved charge, more than it has left, another currency). */
export type RefundResult = { status: 'refunded'; reference: string } | { status: 'refused'; reason: string };

/** The idempotency key was already used for another order or amount (a caller bug, never a second charge). */
export class GatewayIdempotencyError extends Error {
  constructor(readonly idempotencyKey: string) {
    super(`The gateway idempotency key ${idempotencyKey} was used for another charge`);
  }
}

/** The gateway did not answer in time: whether it charged is unknown until reconciliation asks it. */
export class GatewayTimeoutError extends Error {
  constructor(readonly orderId: string) {
    super(`The payment gateway did not answer in time for ${orderId}`);
  }
}

export interface PaymentGateway {
  key: string;
  cscRequired: boolean;
  tokenizeCard(card: {
    cardNumber: string;
    expiryMonth: number;
    expiryYear: number;
  }): Promise<{ token: string; brand: string; last4: string }>;
  /** Exchange a digital wallet's payment token (PayPal nonce, Apple Pay or Google Pay token) for a chargeable token. */
  tokenizeWallet(walletToken: string): Promise<{ token: string }>;
  /** Cancel an order the gateway has not approved: afterwards no charge or challenge can approve it. */
  voidCharge(orderId: string, amountCents: number, currency: string): Promise<ChargeRecord>;
  /** Charges an order once; the same idempotency key (or order) answers with the charge already made. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Gives (part of) an approved charge back to the card or wallet it came from, once per refundId: a repeat answers
   * with the refund already made. Refused when the charge has less left than asked.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** The gateway's record of an order, or null when it never charged it. */
  lookup(orderId: string): Promise<ChargeRecord | null>;
  /** Every order the gateway approved (reconciliation's source of truth). */
  approvedCharges(): Promise<ChargeRecord[]>;
  /** 3-D Secure: the customer passed or failed the challenge on the gateway's page. */
  completeChallenge(orderId: string, passed: boolean): Promise<ChargeRecord | null>;
  /**
   * Stripe's card setup (a SetupIntent confirmed in the browser): the payment method the browser got from Stripe.js
   * becomes a chargeable token with the card's brand, last 4 digits and expiry; null when the card was refused.
   */
  setupCard(paymentMethodId: string): Promise<SetupCardResult>;
}

export type SetupCardResult =
  | { status: 'succeeded'; token: string; brand: string; last4: string; expiryMonth: number; expiryYear: number }
  | { status: 'declined' | 'unknown_payment_method' };

/** Documented test card numbers of the built-in gateway (docs/payments.md). Any other valid number approves. */
export const TEST_CARDS: { number: string; outcome: CardOutcome }[] = [
  { number: '4242424242424242', outcome: 'approved' },
  { number: '4000000000000002', outcome: 'declined' },
  { number: '4000000000009995', outcome: 'insufficient_funds' },
  { number: '4000000000003220', outcome: 'challenge' },
  { number: '4000000000000119', outcome: 'timeout' },
];

/**
 * Simulated wallet tokens of the built-in gateway (Braintree's test nonces): what the PayPal, Apple Pay and Google Pay
 * payment sheets would hand the browser. Any other token is unreadable and declines.
 */
export const TEST_WALLET_TOKENS: { token: string; outcome: ChargeOutcome }[] = [
  { token: 'fake-paypal-billing-agreement-nonce', outcome: 'approved' },
  { token: 'fake-apple-pay-visa-nonce', outcome: 'approved' },
  { token: 'fake-android-pay-visa-nonce', outcome: 'approved' },
  { token: 'fake-processor-declined-visa-nonce', outcome: 'declined' },
  { token: 'fake-insufficient-funds-visa-nonce', outcome: 'insufficient_funds' },
];

/**
 * Stripe's documented test payment methods (stripe.com/docs/testing) as the built-in gateway simulates them for
 * POST /funds/stripe/setup: what Stripe.js would hand the browser after the customer typed a test card.
 */
export const TEST_STRIPE_PAYMENT_METHODS: { id: string; card: string; outcome: CardOutcome }[] = [
  { id: 'pm_card_visa', card: '4242424242424242', outcome: 'approved' },
  { id: 'pm_card_mastercard', card: '5555555555554444', outcome: 'approved' },
  { id: 'pm_card_amex', card: '378282246310005', outcome: 'approved' },
  { id: 'pm_card_chargeDeclined', card: '4000000000000002', outcome: 'declined' },
  { id: 'pm_card_chargeDeclinedInsufficientFunds', card: '4000000000009995', outcome: 'insufficient_funds' },
];

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

export function createTestGateway(deps: {
  db: Db;
  clock: Clock;
  challengeUrlFor: (orderId: string) => string;
}): PaymentGateway {
  const { db, clock } = deps;
  const toRecord = (r: ChargeRow): ChargeRecord => ({
    orderId: r.orderId,
    reference: r.reference,
    status: r.status as ChargeOutcome,
    amountCents: r.amountCents,
    currency: r.currency,
  });
  const newReference = () => `ch_${randomBytes(10).toString('hex')}`;
  const vault = async (outcome: string) => {
    const token = `tok_${randomBytes(12).toString('hex')}`;
    await book.insertToken(db, { token, outcome, createdAt: clock.now() });
    return token;
  };
  const answer = (r: ChargeRow): ChargeResult => ({
    status: r.status as ChargeOutcome,
    reference: r.reference,
    challengeUrl: r.status === 'challenge' ? deps.challengeUrlFor(r.orderId) : undefined,
  });

  return {
    key: 'test',
    cscRequired: true,
    async tokenizeCard(card) {
      const outcome = TEST_CARDS.find((c) => c.number === card.cardNumber)?.outcome ?? 'approved';
      return { token: await vault(outcome), brand: cardBrand(card.cardNumber), last4: card.cardNumber.slice(-4) };
    },
    async tokenizeWallet(walletToken) {
      const outcome = TEST_WALLET_TOKENS.find((t) => t.token === walletToken)?.outcome ?? 'declined';
      return { token: await vault(outcome) };
    },
    async voidCharge(orderId, amountCents, currency) {
      // Never charged: record the void so a late charge of this order finds it and does nothing.
      await book.insertCharge(db, {
        reference: newReference(),
        orderId,
        token: null,
        amountCents,
        currency,
        status: 'voided',
        createdAt: clock.now(),
      });
      await book.setStatus(db, orderId, 'challenge', 'voided');
      return (await this.lookup(orderId))!;
    },
    async charge(request) {
      const earlier = (await book.byKey(db, request.idempotencyKey)) ?? (await book.byOrder(db, request.orderId));
      if (earlier) {
        if (earlier.orderId !== request.orderId || earlier.amountCents !== request.amountCents)
          throw new GatewayIdempotencyError(request.idempotencyKey);
        return answer(earlier);
      }
      let outcome: CardOutcome = 'approved';
      if (request.token) outcome = ((await book.tokenOutcome(db, request.token)) as CardOutcome | null) ?? 'declined';
      await book.insertCharge(db, {
        reference: newReference(),
        orderId: request.orderId,
        idempotencyKey: request.idempotencyKey,
        token: request.token,
        amountCents: request.amountCents,
        currency: request.currency,
        status: outcome === 'timeout' ? 'approved' : outcome,
        createdAt: clock.now(),
      });
      // The timeout card: the charge goes through at the gateway but its answer never reaches the shop.
      if (outcome === 'timeout') throw new GatewayTimeoutError(request.orderId);
      // A concurrent call with the same key or order may have won the insert: answer with the one charge there is.
      return answer((await book.byKey(db, request.idempotencyKey)) ?? (await book.byOrder(db, request.orderId))!);
    },
    async refund(request) {
      return db.transaction(async (tx) => {
        // The charge's row lock orders the refunds of one charge, so two at once cannot both fit its remainder.
        const charge = await book.lockCharge(tx, request.orderId);
        const earlier = await book.refundById(tx, request.refundId);
        if (earlier) {
          if (earlier.orderId !== request.orderId || earlier.amountCents !== request.amountCents)
            throw new GatewayIdempotencyError(request.refundId);
          return { status: 'refunded' as const, reference: earlier.reference };
        }
        if (!charge || charge.status !== 'approved')
          return { status: 'refused' as const, reason: 'The gateway has no approved charge for this order.' };
        if (charge.currency !== request.currency)
          return { status: 'refused' as const, reason: 'The refund is not in the currency of the charge.' };
        const left = charge.amountCents - (await book.refundedOf(tx, request.orderId));
        if (request.amountCents > left)
          return { status: 'refused' as const, reason: 'The refund is more than what is left of the charge.' };
        const reference = `re_${randomBytes(10).toString('hex')}`;
        await book.insertRefund(tx, { reference, ...request, createdAt: clock.now() });
        return { status: 'refunded' as const, reference };
      });
    },
    async lookup(orderId) {
      const row = await book.byOrder(db, orderId);
      return row ? toRecord(row) : null;
    },
    async approvedCharges() {
      return (await book.approved(db)).map(toRecord);
    },
    async completeChallenge(orderId, passed) {
      await book.setStatus(db, orderId, 'challenge', passed ? 'approved' : 'declined');
      return this.lookup(orderId);
    },
    async setupCard(paymentMethodId) {
      const known = TEST_STRIPE_PAYMENT_METHODS.find((m) => m.id === paymentMethodId);
      if (!known) return { status: 'unknown_payment_method' };
      // Like Stripe's setup, a card that declines is refused at setup (its check charge fails), and nothing is kept.
      if (known.outcome !== 'approved') return { status: 'declined' };
      // Stripe's test cards carry an expiry some years ahead; the simulation says the end of the year after next.
      const expiryYear = clock.now().getUTCFullYear() + 2;
      return {
        status: 'succeeded',
        token: await vault(known.outcome),
        brand: cardBrand(known.card),
        last4: known.card.slice(-4),
        expiryMonth: 12,
        expiryYear,
      };
    },
  };
}

/** The test gateway's 3-D Secure page (the "bank"), as the browser sees it. */
export function testGatewayChallengePage(depositId: string): string {
  const id = depositId.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3-D Secure check</title></head><body>
<main><h1>Test bank: 3-D Secure check</h1><p>Deposit ${id}. Approve to pass the check, or fail it.</p>
<form method="post" action="/api/v2/funds/test-gateway/3ds/${id}"><button name="outcome" value="approve">Approve</button> <button name="outcome" value="fail">Fail</button></form></main></body></html>`;
}
