// The only code that queries the membership tables.
import { and, asc, desc, eq, gt, inArray, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import {
  membershipEntries,
  membershipGiveaways,
  membershipMembers,
  membershipPrizes,
  membershipPrograms,
  membershipWinners,
} from './membership.schema.ts';

export type ProgramRow = typeof membershipPrograms.$inferSelect;
export type MemberRow = typeof membershipMembers.$inferSelect;
export type GiveawayRow = typeof membershipGiveaways.$inferSelect;
export type PrizeRow = typeof membershipPrizes.$inferSelect;
export type EntryRow = typeof membershipEntries.$inferSelect;
export type WinnerRow = typeof membershipWinners.$inferSelect;

/** Public ids (core §5): one generator for the shop, lib/identifier.ts. */
export { publicId as newPublicId } from '../../lib/identifier.ts';

/** Entries that take part in the draw: locked ones wait for their member to unlock them. */
const TAKING_PART = ['unlocked', 'guaranteed'];

export const programs = {
  byKey: async (ex: Executor, key: string) =>
    (await ex.select().from(membershipPrograms).where(eq(membershipPrograms.key, key)))[0] ?? null,
  insert: (ex: Executor, row: typeof membershipPrograms.$inferInsert) =>
    ex.insert(membershipPrograms).values(row).onConflictDoNothing().returning({ key: membershipPrograms.key }),
};

export const members = {
  byCustomer: async (ex: Executor, program: string, customerId: string) =>
    (
      await ex
        .select()
        .from(membershipMembers)
        .where(and(eq(membershipMembers.program, program), eq(membershipMembers.customerId, customerId)))
    )[0] ?? null,
  /** Joins (or re-joins): a former member's joinedAt moves to now; a member asking again keeps theirs. */
  async join(
    ex: Executor,
    m: { program: string; customerId: string; requestedTier: string; entryPoint: string | null; now: Date },
  ): Promise<MemberRow> {
    const [row] = await ex
      .insert(membershipMembers)
      .values({
        program: m.program,
        customerId: m.customerId,
        status: 'member',
        requestedTier: m.requestedTier,
        entryPoint: m.entryPoint,
        joinedAt: m.now,
        updatedAt: m.now,
      })
      .onConflictDoUpdate({
        target: [membershipMembers.program, membershipMembers.customerId],
        set: {
          status: 'member',
          requestedTier: sql`case when excluded.requested_tier = 'premium' then 'premium' else case when ${membershipMembers.status} = 'member' then ${membershipMembers.requestedTier} else 'free' end end`,
          entryPoint: sql`coalesce(excluded.entry_point, ${membershipMembers.entryPoint})`,
          joinedAt: sql`case when ${membershipMembers.status} = 'member' then ${membershipMembers.joinedAt} else excluded.joined_at end`,
          leftAt: null,
          updatedAt: m.now,
        },
      })
      .returning();
    return row!;
  },
  leave: (ex: Executor, program: string, customerId: string, now: Date) =>
    ex
      .update(membershipMembers)
      .set({ status: 'non-member', requestedTier: 'free', leftAt: now, updatedAt: now })
      .where(
        and(
          eq(membershipMembers.program, program),
          eq(membershipMembers.customerId, customerId),
          eq(membershipMembers.status, 'member'),
        ),
      )
      .returning(),
  current: (ex: Executor, program: string) =>
    ex
      .select()
      .from(membershipMembers)
      .where(and(eq(membershipMembers.program, program), eq(membershipMembers.status, 'member')))
      .orderBy(asc(membershipMembers.id)),
};

/** Giveaways and their prizes. */
export const giveaways = {
  /**
   * The next draw number of a type. Takes a transaction-scoped advisory lock on the type first, so two processes
   * making giveaways at once number them one after the other.
   */
  async nextDrawNumber(tx: Executor, program: string, type: string): Promise<number> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`membership:${program}:${type}`}))`);
    const [row] = await tx
      .select({ n: sql<number>`coalesce(max(${membershipGiveaways.drawNumber}), 0)::int` })
      .from(membershipGiveaways)
      .where(and(eq(membershipGiveaways.program, program), eq(membershipGiveaways.type, type)));
    return (row?.n ?? 0) + 1;
  },
  /** Null when a giveaway for the same period exists already (another process made it). */
  insert: async (ex: Executor, row: typeof membershipGiveaways.$inferInsert) =>
    (await ex.insert(membershipGiveaways).values(row).onConflictDoNothing().returning())[0] ?? null,
  insertPrizes: (ex: Executor, rows: (typeof membershipPrizes.$inferInsert)[]) =>
    rows.length ? ex.insert(membershipPrizes).values(rows) : Promise.resolve(),
  byPublicId: async (ex: Executor, publicId: string) =>
    (await ex.select().from(membershipGiveaways).where(eq(membershipGiveaways.publicId, publicId)))[0] ?? null,
  byId: async (ex: Executor, id: number) =>
    (await ex.select().from(membershipGiveaways).where(eq(membershipGiveaways.id, id)))[0] ?? null,
  byNumber: async (ex: Executor, program: string, type: string, drawNumber: number) =>
    (
      await ex
        .select()
        .from(membershipGiveaways)
        .where(
          and(
            eq(membershipGiveaways.program, program),
            eq(membershipGiveaways.type, type),
            eq(membershipGiveaways.drawNumber, drawNumber),
          ),
        )
    )[0] ?? null,
  byPeriod: async (ex: Executor, program: string, type: string, periodKey: string) =>
    (
      await ex
        .select()
        .from(membershipGiveaways)
        .where(
          and(
            eq(membershipGiveaways.program, program),
            eq(membershipGiveaways.type, type),
            eq(membershipGiveaways.periodKey, periodKey),
          ),
        )
    )[0] ?? null,
  lock: async (tx: Executor, id: number) =>
    (await tx.select().from(membershipGiveaways).where(eq(membershipGiveaways.id, id)).for('update'))[0] ?? null,
  inStatus: (ex: Executor, program: string, statuses: string[]) =>
    ex
      .select()
      .from(membershipGiveaways)
      .where(and(eq(membershipGiveaways.program, program), inArray(membershipGiveaways.status, statuses)))
      .orderBy(asc(membershipGiveaways.closesAt), asc(membershipGiveaways.id)),
  /** Open for entries now: opened, not closed, not a preview. */
  enterable: (ex: Executor, program: string, now: Date) =>
    ex
      .select()
      .from(membershipGiveaways)
      .where(
        and(
          eq(membershipGiveaways.program, program),
          eq(membershipGiveaways.status, 'open'),
          ne(membershipGiveaways.type, 'preview'),
          lte(membershipGiveaways.opensAt, now),
          gt(membershipGiveaways.closesAt, now),
        ),
      )
      .orderBy(asc(membershipGiveaways.closesAt), asc(membershipGiveaways.id)),
  /** A page of giveaways: open ones soonest to close first, the others most recent first. */
  async page(
    ex: Executor,
    program: string,
    f: { type?: string; status?: 'open' | 'closed'; limit: number; offset: number },
  ): Promise<{ rows: GiveawayRow[]; total: number }> {
    const where = and(
      eq(membershipGiveaways.program, program),
      f.type ? eq(membershipGiveaways.type, f.type) : undefined,
      f.status === 'open' ? eq(membershipGiveaways.status, 'open') : undefined,
      f.status === 'closed' ? ne(membershipGiveaways.status, 'open') : undefined,
    );
    const order =
      f.status === 'open'
        ? [asc(membershipGiveaways.closesAt), asc(membershipGiveaways.id)]
        : [desc(membershipGiveaways.closesAt), desc(membershipGiveaways.id)];
    const [rows, [count]] = await Promise.all([
      ex
        .select()
        .from(membershipGiveaways)
        .where(where)
        .orderBy(...order)
        .limit(f.limit)
        .offset(f.offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(membershipGiveaways)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
  setStatus: (
    ex: Executor,
    id: number,
    from: string[],
    to: string,
    extra: Partial<Pick<GiveawayRow, 'entryListHash' | 'closedAt' | 'drawnAt' | 'paidAt'>> = {},
  ) =>
    ex
      .update(membershipGiveaways)
      .set({ status: to, ...extra })
      .where(and(eq(membershipGiveaways.id, id), inArray(membershipGiveaways.status, from)))
      .returning({ id: membershipGiveaways.id }),
  setPopulated: (ex: Executor, id: number, now: Date) =>
    ex.update(membershipGiveaways).set({ populatedAt: now }).where(eq(membershipGiveaways.id, id)),
  /** Hands out n entry numbers (the caller holds the giveaway's lock); the last one given. */
  async takeNumbers(tx: Executor, id: number, n: number): Promise<number> {
    const [row] = await tx
      .update(membershipGiveaways)
      .set({ entryCount: sql`${membershipGiveaways.entryCount} + ${n}` })
      .where(eq(membershipGiveaways.id, id))
      .returning({ last: membershipGiveaways.entryCount });
    return row!.last;
  },
  prizesOf: (ex: Executor, giveawayIds: number[]) =>
    giveawayIds.length
      ? ex
          .select()
          .from(membershipPrizes)
          .where(inArray(membershipPrizes.giveawayId, giveawayIds))
          .orderBy(asc(membershipPrizes.giveawayId), asc(membershipPrizes.rank))
      : Promise.resolve([] as PrizeRow[]),
};

export const entries = {
  byPublicId: async (ex: Executor, publicId: string) =>
    (await ex.select().from(membershipEntries).where(eq(membershipEntries.publicId, publicId)))[0] ?? null,
  ofCustomer: (ex: Executor, customerId: string, giveawayIds: number[]) =>
    giveawayIds.length
      ? ex
          .select()
          .from(membershipEntries)
          .where(and(eq(membershipEntries.customerId, customerId), inArray(membershipEntries.giveawayId, giveawayIds)))
      : Promise.resolve([] as EntryRow[]),
  ofGiveaway: (ex: Executor, giveawayId: number) =>
    ex
      .select()
      .from(membershipEntries)
      .where(eq(membershipEntries.giveawayId, giveawayId))
      .orderBy(asc(membershipEntries.entryNumber)),
  insert: (ex: Executor, rows: (typeof membershipEntries.$inferInsert)[]) =>
    rows.length
      ? ex.insert(membershipEntries).values(rows).onConflictDoNothing().returning({ id: membershipEntries.id })
      : Promise.resolve([] as { id: number }[]),
  setStatus: (ex: Executor, ids: number[], status: string, now: Date) =>
    ids.length
      ? ex
          .update(membershipEntries)
          .set({ status, updatedAt: now })
          .where(inArray(membershipEntries.id, ids))
          .returning({ id: membershipEntries.id })
      : Promise.resolve([] as { id: number }[]),
  /** Entries of these customers in these giveaways leave (opt-out, an exclusion). */
  remove: (ex: Executor, giveawayIds: number[], customerIds: string[]) =>
    giveawayIds.length && customerIds.length
      ? ex
          .delete(membershipEntries)
          .where(
            and(inArray(membershipEntries.giveawayId, giveawayIds), inArray(membershipEntries.customerId, customerIds)),
          )
          .returning({ id: membershipEntries.id })
      : Promise.resolve([] as { id: number }[]),
  /** Entries of customers not in the list leave these giveaways (members who left or stopped being eligible). */
  removeAllBut: (ex: Executor, giveawayId: number, customerIds: string[]) =>
    ex
      .delete(membershipEntries)
      .where(
        and(
          eq(membershipEntries.giveawayId, giveawayId),
          customerIds.length ? notInArray(membershipEntries.customerId, customerIds) : undefined,
        ),
      )
      .returning({ id: membershipEntries.id }),
  /** The entry numbers that take part, ascending: the list the draw hashes and draws from. */
  takingPart: async (ex: Executor, giveawayId: number): Promise<number[]> =>
    (
      await ex
        .select({ n: membershipEntries.entryNumber })
        .from(membershipEntries)
        .where(and(eq(membershipEntries.giveawayId, giveawayId), inArray(membershipEntries.status, TAKING_PART)))
        .orderBy(asc(membershipEntries.entryNumber))
    ).map((r) => r.n),
  byNumbers: (ex: Executor, giveawayId: number, numbers: number[]) =>
    numbers.length
      ? ex
          .select()
          .from(membershipEntries)
          .where(and(eq(membershipEntries.giveawayId, giveawayId), inArray(membershipEntries.entryNumber, numbers)))
      : Promise.resolve([] as EntryRow[]),
  /** Entries taking part per giveaway. */
  async countsTakingPart(ex: Executor, giveawayIds: number[]): Promise<Map<number, number>> {
    if (!giveawayIds.length) return new Map();
    const rows = await ex
      .select({ id: membershipEntries.giveawayId, n: sql<number>`count(*)::int` })
      .from(membershipEntries)
      .where(and(inArray(membershipEntries.giveawayId, giveawayIds), inArray(membershipEntries.status, TAKING_PART)))
      .groupBy(membershipEntries.giveawayId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },
  /** A page of the customer's entries: in open giveaways (current) or in closed, drawn and paid ones (closed). */
  async customerPage(
    ex: Executor,
    program: string,
    customerId: string,
    f: { status: 'current' | 'closed'; limit: number; offset: number },
  ): Promise<{ rows: { entry: EntryRow; giveaway: GiveawayRow }[]; total: number }> {
    const where = and(
      eq(membershipEntries.customerId, customerId),
      eq(membershipGiveaways.program, program),
      f.status === 'current' ? eq(membershipGiveaways.status, 'open') : ne(membershipGiveaways.status, 'open'),
    );
    const order =
      f.status === 'current'
        ? [asc(membershipGiveaways.closesAt), asc(membershipGiveaways.id)]
        : [desc(membershipGiveaways.closesAt), desc(membershipGiveaways.id)];
    const [rows, [count]] = await Promise.all([
      ex
        .select({ entry: membershipEntries, giveaway: membershipGiveaways })
        .from(membershipEntries)
        .innerJoin(membershipGiveaways, eq(membershipGiveaways.id, membershipEntries.giveawayId))
        .where(where)
        .orderBy(...order)
        .limit(f.limit)
        .offset(f.offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(membershipEntries)
        .innerJoin(membershipGiveaways, eq(membershipGiveaways.id, membershipEntries.giveawayId))
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
};

export const winners = {
  /** Null when this prize (or this entry) already has its winner: drawing again writes nothing. */
  insert: async (ex: Executor, row: typeof membershipWinners.$inferInsert) =>
    (await ex.insert(membershipWinners).values(row).onConflictDoNothing().returning())[0] ?? null,
  ofGiveaways: (ex: Executor, giveawayIds: number[]) =>
    giveawayIds.length
      ? ex
          .select()
          .from(membershipWinners)
          .where(inArray(membershipWinners.giveawayId, giveawayIds))
          .orderBy(asc(membershipWinners.giveawayId), asc(membershipWinners.rank))
      : Promise.resolve([] as WinnerRow[]),
  lock: async (tx: Executor, id: number) =>
    (await tx.select().from(membershipWinners).where(eq(membershipWinners.id, id)).for('update'))[0] ?? null,
  markPaid: (
    tx: Executor,
    id: number,
    p: { paidCents: number; ledgerEntryId: string | null; checkoutId: string | null; now: Date },
  ) =>
    tx
      .update(membershipWinners)
      .set({
        status: 'paid',
        paidCents: p.paidCents,
        ledgerEntryId: p.ledgerEntryId,
        checkoutId: p.checkoutId,
        paidAt: p.now,
      })
      .where(and(eq(membershipWinners.id, id), eq(membershipWinners.status, 'chosen')))
      .returning({ id: membershipWinners.id }),
  /** Published winners, newest draw first. */
  async page(
    ex: Executor,
    program: string,
    f: { limit: number; offset: number },
  ): Promise<{ rows: { winner: WinnerRow; giveaway: GiveawayRow; prize: PrizeRow }[]; total: number }> {
    const where = eq(membershipGiveaways.program, program);
    const [rows, [count]] = await Promise.all([
      ex
        .select({ winner: membershipWinners, giveaway: membershipGiveaways, prize: membershipPrizes })
        .from(membershipWinners)
        .innerJoin(membershipGiveaways, eq(membershipGiveaways.id, membershipWinners.giveawayId))
        .innerJoin(membershipPrizes, eq(membershipPrizes.id, membershipWinners.prizeId))
        .where(where)
        .orderBy(desc(membershipGiveaways.drawnAt), desc(membershipGiveaways.id), asc(membershipWinners.rank))
        .limit(f.limit)
        .offset(f.offset),
      ex
        .select({ n: sql<number>`count(*)::int` })
        .from(membershipWinners)
        .innerJoin(membershipGiveaways, eq(membershipGiveaways.id, membershipWinners.giveawayId))
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },
};
