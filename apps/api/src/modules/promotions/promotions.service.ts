// Promotion codes (features §7 Promotions; voucher types of core §3): whether a code applies to a cart, what it takes
// off (or credits as bonus), and its redemption at purchase under a row lock so usage limits hold under concurrency.
import { formatCurrency, type CurrencyCode, type VoucherType } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { AppError, conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { createPromotionsRepository, type PromotionRow } from './promotions.repository.ts';

export const PROMOTION_NOT_ADDED = 'promotion_not_added';
export const PROMOTION_MESSAGES = {
  notValid: 'This promotion code is not valid.',
  expired: 'This promotion code has expired.',
  usedUp: 'This promotion code has been used up.',
  alreadyUsed: 'You have already used this promotion code.',
  minSpend: (cents: number, currency: CurrencyCode) =>
    `Spend at least ${formatCurrency(cents, currency)} to use this code.`,
} as const;

/** A promotion as it applies to one cart: the discount is already capped at the subtotal. */
export interface AppliedPromotion {
  promotionId: number;
  code: string;
  type: VoucherType;
  description: string;
  /** Taken off the cart total (0 for voucher_credit_amount). */
  discountCents: number;
  /** Paid into the wallet's bonus account at purchase (voucher_credit_amount only). */
  bonusCreditCents: number;
  currency: CurrencyCode;
  expiresAt: Date | null;
}

export type PromotionCheck = { ok: true; promotion: AppliedPromotion } | { ok: false; message: string };

export interface PromotionCart {
  /** null for an anonymous cart: per-customer limits are checked again after login and at purchase. */
  customerId: string | null;
  subtotalCents: number;
  currency: CurrencyCode;
}

/** 422 promotion_not_added with the reason in errors.this and messages[0] (core §8). */
export function promotionNotAdded(message: string): AppError {
  return new AppError(422, message, { code: PROMOTION_NOT_ADDED, fieldErrors: { this: [message] } });
}

/** Percent of an amount in basis points, half-up to whole cents. */
export function percentOf(cents: number, basisPoints: number): number {
  return Math.floor((cents * basisPoints + 5_000) / 10_000);
}

/** The rules of one code against one cart, given its usage so far. Pure. */
export function evaluatePromotion(
  row: PromotionRow | undefined,
  cart: PromotionCart,
  usage: { total: number; byCustomer: number },
  now: Date,
): PromotionCheck {
  if (!row || !row.active || row.currency !== cart.currency) return { ok: false, message: PROMOTION_MESSAGES.notValid };
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime())
    return { ok: false, message: PROMOTION_MESSAGES.expired };
  if (row.maxRedemptions !== null && usage.total >= row.maxRedemptions)
    return { ok: false, message: PROMOTION_MESSAGES.usedUp };
  if (cart.customerId !== null && row.maxPerCustomer !== null && usage.byCustomer >= row.maxPerCustomer)
    return { ok: false, message: PROMOTION_MESSAGES.alreadyUsed };
  if (cart.subtotalCents < row.minSpendCents || cart.subtotalCents === 0) {
    return { ok: false, message: PROMOTION_MESSAGES.minSpend(Math.max(row.minSpendCents, 1), cart.currency) };
  }
  const type = row.type as VoucherType;
  const raw =
    type === 'voucher_percent_discount'
      ? percentOf(cart.subtotalCents, row.value)
      : type === 'voucher_credit_amount'
        ? 0
        : row.value;
  return {
    ok: true,
    promotion: {
      promotionId: row.id,
      code: row.code,
      type,
      description: row.description,
      discountCents: Math.min(raw, cart.subtotalCents),
      bonusCreditCents: type === 'voucher_credit_amount' ? row.value : 0,
      currency: cart.currency,
      expiresAt: row.expiresAt,
    },
  };
}

export interface PromotionsDeps {
  db: Db;
  clock: Clock;
}

const repo = createPromotionsRepository();

/** What the back office may set on a new promotion code. */
export interface NewPromotion {
  code: string;
  type: VoucherType;
  value: number;
  currency: 'AUD' | 'GBP';
  description: string;
  minSpendCents: number;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  maxPerCustomer: number | null;
}

const promotionView = (p: PromotionRow) => ({
  code: p.code,
  type: p.type as VoucherType,
  value: p.value,
  currency: p.currency,
  description: p.description,
  minSpendCents: p.minSpendCents,
  expiresAt: p.expiresAt?.toISOString() ?? null,
  maxRedemptions: p.maxRedemptions,
  maxPerCustomer: p.maxPerCustomer,
  active: p.active,
  createdAt: p.createdAt.toISOString(),
});

/** What the back office may change on a code: each field given replaces the old one. */
export interface PromotionLimits {
  minSpendCents?: number;
  expiresAt?: Date | null;
  maxRedemptions?: number | null;
  maxPerCustomer?: number | null;
}

/** Why new limits cannot stand, or null: a limit below what was redeemed already, an expiry the type cannot do without. */
function limitsProblem(
  row: PromotionRow,
  limits: PromotionLimits,
  used: { redemptions: number; mostByOneCustomer: number },
  now: Date,
): { field: keyof PromotionLimits; message: string } | null {
  const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;
  if (limits.maxRedemptions != null && limits.maxRedemptions < used.redemptions)
    return {
      field: 'maxRedemptions',
      message: `This code has been redeemed ${times(used.redemptions)} already: the total limit cannot be below ${used.redemptions}.`,
    };
  if (limits.maxPerCustomer != null && limits.maxPerCustomer < used.mostByOneCustomer)
    return {
      field: 'maxPerCustomer',
      message: `A customer has redeemed this code ${times(used.mostByOneCustomer)} already: the per-customer limit cannot be below ${used.mostByOneCustomer}.`,
    };
  if (limits.expiresAt === null && row.type === 'voucher_fixed_discount_expire')
    return { field: 'expiresAt', message: 'This type of code needs an expiry.' };
  if (limits.expiresAt && limits.expiresAt.getTime() <= now.getTime())
    return { field: 'expiresAt', message: 'The expiry must be in the future: use End now to end the code at once.' };
  return null;
}

export function createPromotionsService(deps: PromotionsDeps) {
  /** Under the code's row lock (the purchase's redemption takes the same lock): the row before, its usage, the row after. */
  async function change(
    code: string,
    limitsOf: (row: PromotionRow, now: Date) => PromotionLimits | null,
    ending = false,
  ) {
    return deps.db.transaction(async (tx) => {
      const row = await repo.findByCode(tx, code, { lock: true });
      if (!row) throw notFound('There is no such promotion code.', 'promotion_not_found');
      const used = await repo.usageTotals(tx, row.id);
      const usage = {
        redemptions: used.redemptions,
        discountCents: used.discountCents,
        bonusCreditCents: used.bonusCreditCents,
      };
      const now = deps.clock.now();
      const limits = limitsOf(row, now);
      const before = { ...promotionView(row), usage };
      if (!limits) return { before, after: before, changed: false };
      const problem = ending ? null : limitsProblem(row, limits, used, now);
      if (problem) throw unprocessable(problem.message, 'promotion_limit', { [problem.field]: [problem.message] });
      const after = await repo.updateLimits(tx, row.id, limits);
      return { before, after: { ...promotionView(after), usage }, changed: true };
    });
  }

  return {
    /** Whether `code` applies to the cart now (a read: no lock). */
    async check(code: string, cart: PromotionCart, ex: Executor = deps.db): Promise<PromotionCheck> {
      const row = await repo.findByCode(ex, code);
      const usage = row ? await repo.usage(ex, row.id, cart.customerId) : { total: 0, byCustomer: 0 };
      return evaluatePromotion(row, cart, usage, deps.clock.now());
    },
    redeem: (tx: Executor, p: RedeemInput) => redeemPromotion(tx, { ...p, now: p.now ?? deps.clock.now() }),

    /** The back office's list: every promotion with its limits and usage (redemptions, discount and credit given). */
    async list(page: { limit: number; offset: number }) {
      const { rows, total } = await repo.pageWithUsage(deps.db, page);
      return {
        items: rows.map((r) => ({
          ...promotionView(r.promotion),
          usage: {
            redemptions: Number(r.redemptions ?? 0),
            discountCents: Number(r.discountCents ?? 0),
            bonusCreditCents: Number(r.bonusCents ?? 0),
          },
        })),
        total,
      };
    },

    /** A new promotion code (the back office); 409 when the code is taken, whatever its case. */
    async create(input: NewPromotion) {
      const row = await repo.insert(deps.db, { ...input, createdAt: deps.clock.now() });
      if (!row)
        throw conflict('A promotion with this code exists already.', 'promotion_exists', {
          code: ['A promotion with this code exists already.'],
        });
      return { ...promotionView(row), usage: { redemptions: 0, discountCents: 0, bonusCreditCents: 0 } };
    },

    /** New limits for a code; a limit below what was redeemed already is refused (422 naming the field). */
    update: (code: string, limits: PromotionLimits) => change(code, () => limits),

    /** Ends a code now (its expiry becomes now): refused from then on, redemptions made stay as they are. */
    end: (code: string) =>
      change(
        code,
        (row, now) => (row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? null : { expiresAt: now }),
        true,
      ),
  };
}

export type PromotionsService = ReturnType<typeof createPromotionsService>;

export interface RedeemInput {
  code: string;
  customerId: string;
  checkoutId: string;
  /** The purchase's time (its injected clock). */
  now?: Date;
  discountCents?: number;
  bonusCreditCents?: number;
}

/**
 * Inside the purchase transaction: locks the promotion row, re-checks it is active, unexpired and within its total
 * and per-customer limits, and records the redemption once per checkout (a replay of the same checkout is a no-op).
 * Throws 422 promotion_not_added when the code ran out meanwhile.
 */
export async function redeemPromotion(
  tx: Executor,
  p: RedeemInput,
): Promise<{ promotionId: number; recorded: boolean }> {
  const now = p.now ?? systemClock.now();
  const row = await repo.findByCode(tx, p.code, { lock: true });
  if (row && (await repo.redemptionOf(tx, row.id, p.checkoutId))) return { promotionId: row.id, recorded: false };
  const usage = row ? await repo.usage(tx, row.id, p.customerId) : { total: 0, byCustomer: 0 };
  // Min spend and currency were checked on the priced cart; here only what can change between view and purchase.
  const verdict = evaluatePromotion(
    row,
    {
      customerId: p.customerId,
      subtotalCents: Math.max(row?.minSpendCents ?? 0, 1),
      currency: (row?.currency ?? 'AUD') as CurrencyCode,
    },
    usage,
    now,
  );
  if (!verdict.ok || !row) throw promotionNotAdded(verdict.ok ? PROMOTION_MESSAGES.notValid : verdict.message);
  const recorded = await repo.insertRedemption(tx, {
    promotionId: row.id,
    customerId: p.customerId,
    checkoutId: p.checkoutId,
    discountCents: p.discountCents ?? 0,
    bonusCreditCents: p.bonusCreditCents ?? 0,
    createdAt: now,
  });
  return { promotionId: row.id, recorded };
}
