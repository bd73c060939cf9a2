// The only code that queries the raffles tables.
import { and, asc, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import {
  rafflesCauses,
  rafflesDraws,
  rafflesEntries,
  rafflesOffers,
  rafflesPrizes,
  rafflesTickets,
  rafflesWinners,
} from './raffles.schema.ts';

export type CauseRow = typeof rafflesCauses.$inferSelect;
export type RaffleOfferRow = typeof rafflesOffers.$inferSelect;
export type RaffleDrawRow = typeof rafflesDraws.$inferSelect;
export type PrizeRow = typeof rafflesPrizes.$inferSelect;
export type EntryRow = typeof rafflesEntries.$inferSelect;
export type WinnerRow = typeof rafflesWinners.$inferSelect;

/** Public ids (core §5): one generator for the shop, lib/identifier.ts. */
export { publicId } from '../../lib/identifier.ts';

/** Causes and raffle offers. */
const causeAndOfferQueries = {
  causes(ex: Executor, f: { slug?: string; category?: string; q?: string; limit: number; offset: number }) {
    const where = and(
      f.slug ? eq(rafflesCauses.slug, f.slug) : undefined,
      f.category ? eq(rafflesCauses.category, f.category) : undefined,
      f.q
        ? or(
            ilike(rafflesCauses.name, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
            ilike(rafflesCauses.description, `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          )
        : undefined,
    );
    return Promise.all([
      ex.select().from(rafflesCauses).where(where).orderBy(asc(rafflesCauses.name)).limit(f.limit).offset(f.offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(rafflesCauses)
        .where(where),
    ]).then(([rows, [c]]) => ({ rows, total: c?.n ?? 0 }));
  },
  causeByIdOrSlug: async (ex: Executor, id: string) =>
    (
      await ex
        .select()
        .from(rafflesCauses)
        .where(or(eq(rafflesCauses.publicId, id), eq(rafflesCauses.slug, id)))
    )[0] ?? null,
  causesBySlugs: (ex: Executor, slugs: string[]) =>
    slugs.length
      ? ex.select().from(rafflesCauses).where(inArray(rafflesCauses.slug, slugs))
      : Promise.resolve([] as CauseRow[]),
  /** Money raised per cause: allocated (paid) entries. */
  async raisedBySlugs(ex: Executor, slugs: string[]): Promise<Map<string, number>> {
    if (!slugs.length) return new Map();
    const rows = await ex
      .select({ slug: rafflesEntries.causeSlug, cents: sql<string>`coalesce(sum(${rafflesEntries.amountCents}), 0)` })
      .from(rafflesEntries)
      .where(and(inArray(rafflesEntries.causeSlug, slugs), eq(rafflesEntries.status, 'allocated')))
      .groupBy(rafflesEntries.causeSlug);
    return new Map(rows.map((r) => [r.slug!, Number(r.cents)]));
  },

  offer: async (ex: Executor, key: string) =>
    (await ex.select().from(rafflesOffers).where(eq(rafflesOffers.offerKey, key)))[0] ?? null,
  offers: (ex: Executor) => ex.select().from(rafflesOffers).orderBy(asc(rafflesOffers.offerKey)),

  insertCauses: (ex: Executor, rows: (typeof rafflesCauses.$inferInsert)[]) =>
    ex.insert(rafflesCauses).values(rows).onConflictDoNothing().returning({ id: rafflesCauses.id }),
  insertOffers: (ex: Executor, rows: (typeof rafflesOffers.$inferInsert)[]) =>
    ex.insert(rafflesOffers).values(rows).onConflictDoNothing().returning({ key: rafflesOffers.offerKey }),
};

/** Draws, their prizes and lifecycle steps. */
const drawQueries = {
  drawByPublicId: async (ex: Executor, id: string) =>
    (await ex.select().from(rafflesDraws).where(eq(rafflesDraws.publicId, id)))[0] ?? null,
  drawsByPublicIds: (ex: Executor, ids: string[]) =>
    ids.length
      ? ex.select().from(rafflesDraws).where(inArray(rafflesDraws.publicId, ids))
      : Promise.resolve([] as RaffleDrawRow[]),
  drawByNumber: async (ex: Executor, offerKey: string, drawNo: number) =>
    (
      await ex
        .select()
        .from(rafflesDraws)
        .where(and(eq(rafflesDraws.offerKey, offerKey), eq(rafflesDraws.drawNo, drawNo)))
    )[0] ?? null,
  drawsOf: (ex: Executor, offerKey: string) =>
    ex.select().from(rafflesDraws).where(eq(rafflesDraws.offerKey, offerKey)).orderBy(asc(rafflesDraws.drawNo)),
  drawsInStatus: (ex: Executor, statuses: string[]) =>
    ex.select().from(rafflesDraws).where(inArray(rafflesDraws.status, statuses)).orderBy(asc(rafflesDraws.stopAt)),
  latestDraw: async (ex: Executor, offerKey: string) =>
    (
      await ex
        .select()
        .from(rafflesDraws)
        .where(eq(rafflesDraws.offerKey, offerKey))
        .orderBy(desc(rafflesDraws.drawNo))
        .limit(1)
    )[0] ?? null,
  /** Row lock on the draw for the rest of the transaction (the draw step; fulfilment's check against a close). */
  lockDraw: async (ex: Executor, id: number, mode: 'update' | 'share') =>
    (await ex.select().from(rafflesDraws).where(eq(rafflesDraws.id, id)).for(mode))[0] ?? null,

  insertDraw: async (ex: Executor, row: typeof rafflesDraws.$inferInsert) =>
    (await ex.insert(rafflesDraws).values(row).returning())[0]!,
  insertPrizes: (ex: Executor, rows: (typeof rafflesPrizes.$inferInsert)[]) =>
    rows.length ? ex.insert(rafflesPrizes).values(rows) : Promise.resolve(),
  prizesOf: (ex: Executor, drawIds: number[]) =>
    drawIds.length
      ? ex
          .select()
          .from(rafflesPrizes)
          .where(inArray(rafflesPrizes.drawId, drawIds))
          .orderBy(asc(rafflesPrizes.drawId), asc(rafflesPrizes.rank))
      : Promise.resolve([] as PrizeRow[]),
  setCutoff: (ex: Executor, prizeId: number, cutoff: number) =>
    ex
      .update(rafflesPrizes)
      .set({ cutoffTicket: cutoff })
      .where(and(eq(rafflesPrizes.id, prizeId), sql`${rafflesPrizes.cutoffTicket} is null`)),
  /** Sub-draw prizes whose close has come and whose cutoff is not recorded yet, with their draw's sold count. */
  dueCutoffs: (ex: Executor, now: Date) =>
    ex
      .select({ prizeId: rafflesPrizes.id, sold: rafflesDraws.sold })
      .from(rafflesPrizes)
      .innerJoin(rafflesDraws, eq(rafflesDraws.id, rafflesPrizes.drawId))
      .where(and(sql`${rafflesPrizes.cutoffTicket} is null`, lte(rafflesPrizes.closesAt, now))),

  /**
   * The supply rule in one statement: the counter moves only while the draw is on sale and only when the whole
   * request fits under the cap, so concurrent purchases can never oversell. Returns the new sold count, or null.
   */
  setStatus: (
    ex: Executor,
    id: number,
    from: string[],
    to: string,
    extra: Partial<typeof rafflesDraws.$inferInsert> = {},
  ) =>
    ex
      .update(rafflesDraws)
      .set({ status: to, ...extra })
      .where(and(eq(rafflesDraws.id, id), inArray(rafflesDraws.status, from)))
      .returning({ id: rafflesDraws.id }),

  async drawnPage(ex: Executor, limit: number, offset: number, offerKey?: string) {
    const where = and(
      inArray(rafflesDraws.status, ['drawn', 'paid']),
      offerKey ? eq(rafflesDraws.offerKey, offerKey) : undefined,
    );
    const [rows, [c]] = await Promise.all([
      ex
        .select()
        .from(rafflesDraws)
        .where(where)
        .orderBy(desc(rafflesDraws.drawAt), desc(rafflesDraws.id))
        .limit(limit)
        .offset(offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(rafflesDraws)
        .where(where),
    ]);
    return { rows, total: c?.n ?? 0 };
  },
};

/** Entries, ticket numbers and winners. */
const ticketQueries = {
  async takeTickets(ex: Executor, drawId: number, n: number): Promise<number | null> {
    const rows = await ex
      .update(rafflesDraws)
      .set({
        sold: sql`${rafflesDraws.sold} + ${n}`,
        status: sql`case when ${rafflesDraws.sold} + ${n} = ${rafflesDraws.cap} then 'sold_out' else ${rafflesDraws.status} end`,
      })
      .where(
        and(
          eq(rafflesDraws.id, drawId),
          eq(rafflesDraws.status, 'open'),
          sql`${rafflesDraws.sold} + ${n} <= ${rafflesDraws.cap}`,
        ),
      )
      .returning({ sold: rafflesDraws.sold });
    return rows[0]?.sold ?? null;
  },
  insertEntry: async (ex: Executor, row: typeof rafflesEntries.$inferInsert) =>
    (await ex.insert(rafflesEntries).values(row).returning())[0]!,
  insertTicketRange: (
    ex: Executor,
    t: {
      drawId: number;
      entryId: number;
      first: number;
      last: number;
      customerId: string;
      orderId: string | null;
      causeSlug: string | null;
      postal: boolean;
      at: Date;
    },
  ) =>
    ex.execute(sql`insert into raffles_tickets (draw_id, ticket_number, entry_id, customer_id, order_id, cause_slug, postal, created_at)
      select ${t.drawId}, n, ${t.entryId}, ${t.customerId}, ${t.orderId}, ${t.causeSlug}, ${t.postal}, ${t.at}
      from generate_series(${t.first}::int, ${t.last}::int) as n`),
  ticketNumbers: async (ex: Executor, drawId: number): Promise<number[]> =>
    (
      await ex
        .select({ n: rafflesTickets.ticketNumber })
        .from(rafflesTickets)
        .where(eq(rafflesTickets.drawId, drawId))
        .orderBy(asc(rafflesTickets.ticketNumber))
    ).map((r) => r.n),
  ticketOwners: (ex: Executor, drawId: number, numbers: number[]) =>
    numbers.length
      ? ex
          .select({
            n: rafflesTickets.ticketNumber,
            customerId: rafflesTickets.customerId,
            orderId: rafflesTickets.orderId,
            region: rafflesEntries.region,
          })
          .from(rafflesTickets)
          .innerJoin(rafflesEntries, eq(rafflesEntries.id, rafflesTickets.entryId))
          .where(and(eq(rafflesTickets.drawId, drawId), inArray(rafflesTickets.ticketNumber, numbers)))
      : Promise.resolve([]),
  customerTickets: (ex: Executor, customerId: string, drawIds: number[]) =>
    drawIds.length
      ? ex
          .select({ drawId: rafflesTickets.drawId, n: rafflesTickets.ticketNumber, orderId: rafflesTickets.orderId })
          .from(rafflesTickets)
          .where(and(eq(rafflesTickets.customerId, customerId), inArray(rafflesTickets.drawId, drawIds)))
          .orderBy(asc(rafflesTickets.ticketNumber))
      : Promise.resolve([]),
  customerEntries: (ex: Executor, customerId: string, offerKey: string) =>
    ex
      .select({ entry: rafflesEntries, drawNo: rafflesDraws.drawNo, drawStatus: rafflesDraws.status })
      .from(rafflesEntries)
      .innerJoin(rafflesDraws, eq(rafflesDraws.id, rafflesEntries.drawId))
      .where(and(eq(rafflesEntries.customerId, customerId), eq(rafflesDraws.offerKey, offerKey)))
      .orderBy(asc(rafflesDraws.drawNo), asc(rafflesEntries.id)),

  winnersOf: (ex: Executor, drawIds: number[]) =>
    drawIds.length
      ? ex
          .select({ winner: rafflesWinners, prize: rafflesPrizes })
          .from(rafflesWinners)
          .innerJoin(rafflesPrizes, eq(rafflesPrizes.id, rafflesWinners.prizeId))
          .where(inArray(rafflesWinners.drawId, drawIds))
          .orderBy(asc(rafflesPrizes.rank))
      : Promise.resolve([]),
  insertWinner: async (ex: Executor, row: typeof rafflesWinners.$inferInsert) =>
    (await ex.insert(rafflesWinners).values(row).onConflictDoNothing().returning({ id: rafflesWinners.id }))[0] ?? null,
  setWinnerLedger: (ex: Executor, id: number, ledgerEntryId: string) =>
    ex.update(rafflesWinners).set({ ledgerEntryId }).where(eq(rafflesWinners.id, id)),

  /** Drawn draws, newest first (results lists). */
};

/** The raffles module's queries, each taking the executor (the caller's transaction or the pool). */
export function createRafflesRepository() {
  return { ...causeAndOfferQueries, ...drawQueries, ...ticketQueries };
}
export type RafflesRepository = ReturnType<typeof createRafflesRepository>;
