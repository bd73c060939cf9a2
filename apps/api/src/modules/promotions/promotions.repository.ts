// The only code that queries the promotions tables.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { promotionsPromotions, promotionsRedemptions } from './promotions.schema.ts';

export type PromotionRow = typeof promotionsPromotions.$inferSelect;
export type NewPromotionRow = typeof promotionsPromotions.$inferInsert;

const byCode = (code: string) => sql`lower(${promotionsPromotions.code}) = lower(${code})`;

export function createPromotionsRepository() {
  return {
    async findByCode(ex: Executor, code: string, options: { lock?: boolean } = {}): Promise<PromotionRow | undefined> {
      const q = ex.select().from(promotionsPromotions).where(byCode(code));
      return (await (options.lock ? q.for('update') : q))[0];
    },

    /** Redemptions in total and by one customer (0 for an anonymous visitor). */
    async usage(
      ex: Executor,
      promotionId: number,
      customerId: string | null,
    ): Promise<{ total: number; byCustomer: number }> {
      const [row] = await ex
        .select({
          total: count(),
          byCustomer:
            customerId === null
              ? sql<number>`0`
              : sql<number>`count(*) filter (where ${promotionsRedemptions.customerId} = ${customerId})`,
        })
        .from(promotionsRedemptions)
        .where(eq(promotionsRedemptions.promotionId, promotionId));
      return { total: Number(row?.total ?? 0), byCustomer: Number(row?.byCustomer ?? 0) };
    },

    /** What a code has given so far, and the most redemptions by any one customer (limits may not go below them). */
    async usageTotals(ex: Executor, promotionId: number) {
      const [row] = await ex
        .select({
          redemptions: sql<number>`count(*)::int`,
          discountCents: sql<number>`coalesce(sum(${promotionsRedemptions.discountCents}), 0)::bigint`,
          bonusCreditCents: sql<number>`coalesce(sum(${promotionsRedemptions.bonusCreditCents}), 0)::bigint`,
        })
        .from(promotionsRedemptions)
        .where(eq(promotionsRedemptions.promotionId, promotionId));
      const [most] = await ex
        .select({ n: sql<number>`count(*)::int` })
        .from(promotionsRedemptions)
        .where(eq(promotionsRedemptions.promotionId, promotionId))
        .groupBy(promotionsRedemptions.customerId)
        .orderBy(sql`count(*) desc`)
        .limit(1);
      return {
        redemptions: Number(row?.redemptions ?? 0),
        discountCents: Number(row?.discountCents ?? 0),
        bonusCreditCents: Number(row?.bonusCreditCents ?? 0),
        mostByOneCustomer: Number(most?.n ?? 0),
      };
    },

    /** New limits of a code (the back office). */
    async updateLimits(
      ex: Executor,
      promotionId: number,
      set: Partial<Pick<PromotionRow, 'minSpendCents' | 'expiresAt' | 'maxRedemptions' | 'maxPerCustomer'>>,
    ): Promise<PromotionRow> {
      const [row] = await ex
        .update(promotionsPromotions)
        .set(set)
        .where(eq(promotionsPromotions.id, promotionId))
        .returning();
      return row!;
    },

    /** Records a redemption once per checkout; false when this checkout had already redeemed it. */
    async insertRedemption(ex: Executor, row: typeof promotionsRedemptions.$inferInsert): Promise<boolean> {
      const got = await ex
        .insert(promotionsRedemptions)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: promotionsRedemptions.id });
      return got.length > 0;
    },

    async redemptionOf(ex: Executor, promotionId: number, checkoutId: string) {
      return (
        await ex
          .select()
          .from(promotionsRedemptions)
          .where(
            and(eq(promotionsRedemptions.promotionId, promotionId), eq(promotionsRedemptions.checkoutId, checkoutId)),
          )
      )[0];
    },

    /** A page of promotions, newest first, each with its usage so far, and how many there are (the back office). */
    async pageWithUsage(ex: Executor, page: { limit: number; offset: number }) {
      const used = ex
        .select({
          promotionId: promotionsRedemptions.promotionId,
          redemptions: sql<number>`count(*)::int`.as('redemptions'),
          discountCents: sql<number>`coalesce(sum(${promotionsRedemptions.discountCents}), 0)::bigint`.as('discount'),
          bonusCents: sql<number>`coalesce(sum(${promotionsRedemptions.bonusCreditCents}), 0)::bigint`.as('bonus'),
        })
        .from(promotionsRedemptions)
        .groupBy(promotionsRedemptions.promotionId)
        .as('used');
      const [rows, [totals]] = await Promise.all([
        ex
          .select({
            promotion: promotionsPromotions,
            redemptions: used.redemptions,
            discountCents: used.discountCents,
            bonusCents: used.bonusCents,
          })
          .from(promotionsPromotions)
          .leftJoin(used, eq(used.promotionId, promotionsPromotions.id))
          .orderBy(sql`${promotionsPromotions.id} desc`)
          .limit(page.limit)
          .offset(page.offset),
        ex.select({ n: count() }).from(promotionsPromotions),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    /** A new promotion, or null when its code (case-insensitive) is taken. */
    async insert(ex: Executor, row: NewPromotionRow): Promise<PromotionRow | null> {
      const [r] = await ex.insert(promotionsPromotions).values(row).onConflictDoNothing().returning();
      return r ?? null;
    },

    async insertMissing(ex: Executor, rows: NewPromotionRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const got = await ex
        .insert(promotionsPromotions)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: promotionsPromotions.id });
      return got.length;
    },
  };
}
