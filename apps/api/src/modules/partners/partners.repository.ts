// The only code that queries the partners tables. The partners service decides; these are its statements.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/index.ts';
import { partnerSales, partners } from './partners.schema.ts';

export type PartnerRow = typeof partners.$inferSelect;
export type NewPartnerRow = typeof partners.$inferInsert;
export type NewSaleRow = typeof partnerSales.$inferInsert;

export const partnersRepo = {
  async bySlug(ex: Executor, slug: string): Promise<PartnerRow | null> {
    const [row] = await ex.select().from(partners).where(eq(partners.slug, slug));
    return row ?? null;
  },

  async byKey(ex: Executor, key: string): Promise<PartnerRow | null> {
    const [row] = await ex.select().from(partners).where(eq(partners.key, key));
    return row ?? null;
  },

  list: (ex: Executor) => ex.select().from(partners).orderBy(asc(partners.slug)),

  /** Inserts a partner; null when its slug or key is taken (nothing written). */
  async insert(ex: Executor, row: NewPartnerRow): Promise<PartnerRow | null> {
    const [created] = await ex.insert(partners).values(row).onConflictDoNothing().returning();
    return created ?? null;
  },

  /** The sale of a checkout, once (a retry of the same checkout writes nothing). */
  async insertSale(tx: Executor, row: NewSaleRow): Promise<boolean> {
    const rows = await tx.insert(partnerSales).values(row).onConflictDoNothing().returning({ id: partnerSales.id });
    return rows.length > 0;
  },

  saleOf: async (ex: Executor, checkoutId: string) =>
    (await ex.select().from(partnerSales).where(eq(partnerSales.checkoutId, checkoutId)))[0] ?? null,

  /** Sales and commission per partner (the CLI's list). */
  async totals(db: Db) {
    const { rows } = await db.execute<{
      partner_id: string;
      sales: string;
      sale_cents: string;
      commission_cents: string;
    }>(
      sql`select partner_id, count(*) as sales, sum(sale_cents) as sale_cents, sum(commission_cents) as commission_cents
          from partners_sales group by partner_id`,
    );
    return new Map(
      rows.map((r) => [
        Number(r.partner_id),
        { sales: Number(r.sales), saleCents: Number(r.sale_cents), commissionCents: Number(r.commission_cents) },
      ]),
    );
  },
};
