// PaymentGateway: what a card/wallet processor does for us (DESIGN.md §6, §9). The built-in test gateway keeps its
// own book (payments_test_gateway_charges) in the shop's database, standing in for the processor's records: after a
// crash, what it says it approved is what reconcileDeposits() credits. Never call a gateway inside a transaction.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BrowserData } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { paymentsTestGatewayCharges as charges, paymentsTestGatewayTokens as tokens } from './payments.schema.ts';

/** `voided`: the shop cancelled the order before the gateway approved it; it can never be approved after. */
export type ChargeOutcome = 'approved' | 'declined' | 'insufficient_funds' | 'challenge' | 'voided';
export type CardOutcome = ChargeOutcome | 'timeout';

export interface ChargeRequest {
  /** Our deposit id: the gateway charges an order at most once. */
  orderId: string;
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
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The gateway's record of an order, or null when it never charged it. */
  lookup(orderId: string): Promise<ChargeRecord | null>;
  /** Every order the gateway approved (reconciliation's source of truth). */
  approvedCharges(): Promise<ChargeRecord[]>;
  /** 3-D Secure: the customer passed or failed the challenge on the gateway's page. */
  completeChallenge(orderId: string, passed: boolean): Promise<ChargeRecord | null>;
}

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
  const toRecord = (r: typeof charges.$inferSelect): ChargeRecord => ({
    orderId: r.orderId,
    reference: r.reference,
    status: r.status as ChargeOutcome,
    amountCents: r.amountCents,
    currency: r.currency,
  });

  return {
    key: 'test',
    cscRequired: true,
    async tokenizeCard(card) {
      const outcome = TEST_CARDS.find((c) => c.number === card.cardNumber)?.outcome ?? 'approved';
      const token = `tok_${randomBytes(12).toString('hex')}`;
      await db.insert(tokens).values({ token, outcome, createdAt: clock.now() });
      return { token, brand: cardBrand(card.cardNumber), last4: card.cardNumber.slice(-4) };
    },
    async tokenizeWallet(walletToken) {
      const outcome = TEST_WALLET_TOKENS.find((t) => t.token === walletToken)?.outcome ?? 'declined';
      const token = `tok_${randomBytes(12).toString('hex')}`;
      await db.insert(tokens).values({ token, outcome, createdAt: clock.now() });
      return { token };
    },
    async voidCharge(orderId, amountCents, currency) {
      // Never charged: record the void so a late charge of this order finds it and does nothing.
      await db
        .insert(charges)
        .values({
          reference: `ch_${randomBytes(10).toString('hex')}`,
          orderId,
          token: null,
          amountCents,
          currency,
          status: 'voided',
          createdAt: clock.now(),
        })
        .onConflictDoNothing();
      await db
        .update(charges)
        .set({ status: 'voided' })
        .where(and(eq(charges.orderId, orderId), eq(charges.status, 'challenge')));
      return (await this.lookup(orderId))!;
    },
    async charge(request) {
      const existing = await this.lookup(request.orderId);
      if (existing) return { status: existing.status, reference: existing.reference };
      let outcome: CardOutcome = 'approved';
      if (request.token) {
        const [row] = await db.select().from(tokens).where(eq(tokens.token, request.token));
        outcome = (row?.outcome as CardOutcome | undefined) ?? 'declined';
      }
      const reference = `ch_${randomBytes(10).toString('hex')}`;
      const status: ChargeOutcome = outcome === 'timeout' ? 'approved' : outcome;
      await db
        .insert(charges)
        .values({
          reference,
          orderId: request.orderId,
          token: request.token,
          amountCents: request.amountCents,
          currency: request.currency,
          status,
          createdAt: clock.now(),
        })
        .onConflictDoNothing();
      // The timeout card: the charge goes through at the gateway but its answer never reaches the shop.
      if (outcome === 'timeout') throw new GatewayTimeoutError(request.orderId);
      const stored = (await this.lookup(request.orderId))!;
      return {
        status: stored.status,
        reference: stored.reference,
        challengeUrl: stored.status === 'challenge' ? deps.challengeUrlFor(request.orderId) : undefined,
      };
    },
    async lookup(orderId) {
      const [row] = await db.select().from(charges).where(eq(charges.orderId, orderId));
      return row ? toRecord(row) : null;
    },
    async approvedCharges() {
      return (await db.select().from(charges).where(eq(charges.status, 'approved'))).map(toRecord);
    },
    async completeChallenge(orderId, passed) {
      await db
        .update(charges)
        .set({ status: passed ? 'approved' : 'declined' })
        .where(and(eq(charges.orderId, orderId), eq(charges.status, 'challenge')));
      return this.lookup(orderId);
    },
  };
}
