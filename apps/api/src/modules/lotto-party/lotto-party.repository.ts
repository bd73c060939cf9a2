// The only code that queries the Lotto Party tables.
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { lottoPartyGroups, lottoPartyMembers, lottoPartySessions, lottoPartyShares } from './lotto-party.schema.ts';

export type GroupRow = typeof lottoPartyGroups.$inferSelect;
export type SessionRow = typeof lottoPartySessions.$inferSelect;
export type ShareRow = typeof lottoPartyShares.$inferSelect;
export type NewSessionRow = typeof lottoPartySessions.$inferInsert;
type Page = { limit: number; offset: number };

const countOf = sql<number>`count(*) over ()::int`;

export const lottoPartyRepository = {
  async insertGroup(ex: Executor, row: typeof lottoPartyGroups.$inferInsert): Promise<GroupRow | null> {
    const rows = await ex.insert(lottoPartyGroups).values(row).onConflictDoNothing().returning();
    return rows[0] ?? null;
  },
  async groupByPublicId(ex: Executor, publicId: string): Promise<GroupRow | null> {
    return (await ex.select().from(lottoPartyGroups).where(eq(lottoPartyGroups.publicId, publicId)))[0] ?? null;
  },
  async groupById(ex: Executor, id: number): Promise<GroupRow | null> {
    return (await ex.select().from(lottoPartyGroups).where(eq(lottoPartyGroups.id, id)))[0] ?? null;
  },
  async groupByToken(ex: Executor, token: string): Promise<GroupRow | null> {
    return (await ex.select().from(lottoPartyGroups).where(eq(lottoPartyGroups.inviteToken, token)))[0] ?? null;
  },
  async addMember(ex: Executor, groupId: number, customerId: string, at: Date): Promise<void> {
    await ex.insert(lottoPartyMembers).values({ groupId, customerId, joinedAt: at }).onConflictDoNothing();
  },
  async isMember(ex: Executor, groupId: number, customerId: string): Promise<boolean> {
    const rows = await ex
      .select({ g: lottoPartyMembers.groupId })
      .from(lottoPartyMembers)
      .where(and(eq(lottoPartyMembers.groupId, groupId), eq(lottoPartyMembers.customerId, customerId)));
    return rows.length > 0;
  },
  members(ex: Executor, groupId: number) {
    return ex
      .select()
      .from(lottoPartyMembers)
      .where(eq(lottoPartyMembers.groupId, groupId))
      .orderBy(asc(lottoPartyMembers.joinedAt), asc(lottoPartyMembers.customerId));
  },
  /** Member counts and open sessions of some groups. */
  async countsOf(ex: Executor, groupIds: number[]): Promise<Map<number, { members: number; open: number }>> {
    if (groupIds.length === 0) return new Map();
    const members = await ex
      .select({ groupId: lottoPartyMembers.groupId, n: sql<number>`count(*)::int` })
      .from(lottoPartyMembers)
      .where(inArray(lottoPartyMembers.groupId, groupIds))
      .groupBy(lottoPartyMembers.groupId);
    const open = await ex
      .select({ groupId: lottoPartySessions.groupId, n: sql<number>`count(*)::int` })
      .from(lottoPartySessions)
      .where(and(inArray(lottoPartySessions.groupId, groupIds), eq(lottoPartySessions.status, 'open')))
      .groupBy(lottoPartySessions.groupId);
    const out = new Map(groupIds.map((id) => [id, { members: 0, open: 0 }]));
    for (const m of members) out.get(m.groupId)!.members = m.n;
    for (const o of open) out.get(o.groupId)!.open = o.n;
    return out;
  },
  async groupsOfMember(ex: Executor, customerId: string, page: Page): Promise<{ rows: GroupRow[]; total: number }> {
    const rows = await ex
      .select({ group: lottoPartyGroups, total: countOf })
      .from(lottoPartyGroups)
      .innerJoin(lottoPartyMembers, eq(lottoPartyMembers.groupId, lottoPartyGroups.id))
      .where(eq(lottoPartyMembers.customerId, customerId))
      .orderBy(desc(lottoPartyGroups.createdAt), desc(lottoPartyGroups.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows: rows.map((r) => r.group), total: rows[0]?.total ?? (await countGroupsOf(ex, customerId)) };
  },

  async insertSession(ex: Executor, row: NewSessionRow): Promise<SessionRow | null> {
    const rows = await ex.insert(lottoPartySessions).values(row).onConflictDoNothing().returning();
    return rows[0] ?? null;
  },
  async sessionByPublicId(ex: Executor, publicId: string): Promise<SessionRow | null> {
    return (await ex.select().from(lottoPartySessions).where(eq(lottoPartySessions.publicId, publicId)))[0] ?? null;
  },
  async sessionByGroupAndDraw(ex: Executor, groupId: number, drawId: string): Promise<SessionRow | null> {
    return (
      (
        await ex
          .select()
          .from(lottoPartySessions)
          .where(and(eq(lottoPartySessions.groupId, groupId), eq(lottoPartySessions.drawId, drawId)))
      )[0] ?? null
    );
  },
  async lockSession(ex: Executor, id: number): Promise<SessionRow | null> {
    return (await ex.select().from(lottoPartySessions).where(eq(lottoPartySessions.id, id)).for('update'))[0] ?? null;
  },
  async sessionsOfGroup(
    ex: Executor,
    groupId: number,
    onlyOpen: boolean,
    page: Page,
  ): Promise<{ rows: SessionRow[]; total: number }> {
    const where = onlyOpen
      ? and(eq(lottoPartySessions.groupId, groupId), eq(lottoPartySessions.status, 'open'))
      : eq(lottoPartySessions.groupId, groupId);
    const rows = await ex
      .select({ s: lottoPartySessions, total: countOf })
      .from(lottoPartySessions)
      .where(where)
      .orderBy(desc(lottoPartySessions.drawAt), desc(lottoPartySessions.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows: rows.map((r) => r.s), total: rows[0]?.total ?? 0 };
  },
  /** Open sessions of promoted groups still selling, soonest close first (optionally one draw's). */
  async discover(ex: Executor, now: Date, drawId: string | null, page: Page) {
    const rows = await ex
      .select({ s: lottoPartySessions, total: countOf })
      .from(lottoPartySessions)
      .innerJoin(lottoPartyGroups, eq(lottoPartyGroups.id, lottoPartySessions.groupId))
      .where(
        and(
          eq(lottoPartyGroups.publicityStatus, 'promoted'),
          eq(lottoPartySessions.status, 'open'),
          sql`${lottoPartySessions.closesAt} > ${now}`,
          drawId === null ? undefined : eq(lottoPartySessions.drawId, drawId),
        ),
      )
      .orderBy(asc(lottoPartySessions.closesAt), asc(lottoPartySessions.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows: rows.map((r) => r.s), total: rows[0]?.total ?? 0 };
  },
  async groupsByIds(ex: Executor, ids: number[]): Promise<Map<number, GroupRow>> {
    if (ids.length === 0) return new Map();
    const rows = await ex.select().from(lottoPartyGroups).where(inArray(lottoPartyGroups.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  },

  /**
   * Takes n shares of an open session still selling, in the caller's transaction: one conditional update, so
   * concurrent buyers never take more than the session has. Answers the shares sold after it, or null when refused.
   */
  async takeShares(ex: Executor, sessionId: number, n: number, now: Date): Promise<SessionRow | null> {
    const rows = await ex
      .update(lottoPartySessions)
      .set({ sharesSold: sql`${lottoPartySessions.sharesSold} + ${n}` })
      .where(
        and(
          eq(lottoPartySessions.id, sessionId),
          eq(lottoPartySessions.status, 'open'),
          sql`${lottoPartySessions.closesAt} > ${now}`,
          sql`${lottoPartySessions.sharesSold} + ${n} <= ${lottoPartySessions.numShares}`,
        ),
      )
      .returning();
    return rows[0] ?? null;
  },
  async insertShare(ex: Executor, row: typeof lottoPartyShares.$inferInsert): Promise<void> {
    await ex.insert(lottoPartyShares).values(row);
  },
  async updateSession(ex: Executor, id: number, set: Partial<NewSessionRow>): Promise<SessionRow> {
    return (await ex.update(lottoPartySessions).set(set).where(eq(lottoPartySessions.id, id)).returning())[0]!;
  },
  sharesOf(ex: Executor, sessionId: number) {
    return ex
      .select()
      .from(lottoPartyShares)
      .where(eq(lottoPartyShares.sessionId, sessionId))
      .orderBy(asc(lottoPartyShares.customerId), asc(lottoPartyShares.id));
  },
  /** Every share purchase of one checkout by one customer (across sessions). */
  sharesOfCheckout(ex: Executor, checkoutId: string, customerId: string) {
    return ex
      .select({ id: lottoPartyShares.id })
      .from(lottoPartyShares)
      .where(and(eq(lottoPartyShares.checkoutId, checkoutId), eq(lottoPartyShares.customerId, customerId)));
  },
  async markRefunded(ex: Executor, shareId: number, entryId: string): Promise<void> {
    await ex
      .update(lottoPartyShares)
      .set({ refundEntryId: entryId })
      .where(and(eq(lottoPartyShares.id, shareId), isNull(lottoPartyShares.refundEntryId)));
  },
  /** Open sessions whose close time has passed (unfilled: a filled session closes when its last share sells). */
  dueToClose(ex: Executor, now: Date, limit: number) {
    return ex
      .select({ id: lottoPartySessions.id })
      .from(lottoPartySessions)
      .where(and(eq(lottoPartySessions.status, 'open'), lte(lottoPartySessions.closesAt, now)))
      .orderBy(asc(lottoPartySessions.id))
      .limit(limit);
  },
  /** Closed sessions whose autosession step has not run yet. */
  autosessionsDue(ex: Executor, limit: number) {
    return ex
      .select()
      .from(lottoPartySessions)
      .where(
        and(
          inArray(lottoPartySessions.status, ['closed', 'paid', 'cancelled']),
          eq(lottoPartySessions.autosessionDone, false),
        ),
      )
      .orderBy(asc(lottoPartySessions.id))
      .limit(limit);
  },
  closedSessionsOfDraw(ex: Executor, drawId: string) {
    return ex
      .select({ id: lottoPartySessions.id })
      .from(lottoPartySessions)
      .where(and(eq(lottoPartySessions.drawId, drawId), eq(lottoPartySessions.status, 'closed')));
  },
  closedDrawIds(ex: Executor) {
    return ex
      .selectDistinct({ drawId: lottoPartySessions.drawId })
      .from(lottoPartySessions)
      .where(eq(lottoPartySessions.status, 'closed'));
  },
  async markDrawPaid(ex: Executor, drawId: string): Promise<number> {
    const rows = await ex
      .update(lottoPartySessions)
      .set({ status: 'paid' })
      .where(and(eq(lottoPartySessions.drawId, drawId), eq(lottoPartySessions.status, 'closed')))
      .returning({ id: lottoPartySessions.id });
    return rows.length;
  },
  /** Holders of a session by public id: the customers' unrefunded shares summed, sorted by customer id. */
  async holdersOf(ex: Executor, sessionPublicId: string): Promise<{ customerId: string; shares: number }[]> {
    return ex
      .select({ customerId: lottoPartyShares.customerId, shares: sql<number>`sum(${lottoPartyShares.shares})::int` })
      .from(lottoPartyShares)
      .innerJoin(lottoPartySessions, eq(lottoPartySessions.id, lottoPartyShares.sessionId))
      .where(and(eq(lottoPartySessions.publicId, sessionPublicId), isNull(lottoPartyShares.refundEntryId)))
      .groupBy(lottoPartyShares.customerId)
      .orderBy(asc(lottoPartyShares.customerId));
  },
  myShareRows(ex: Executor, sessionId: number, customerId: string) {
    return ex
      .select()
      .from(lottoPartyShares)
      .where(and(eq(lottoPartyShares.sessionId, sessionId), eq(lottoPartyShares.customerId, customerId)))
      .orderBy(asc(lottoPartyShares.id));
  },
};

async function countGroupsOf(ex: Executor, customerId: string): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(lottoPartyMembers)
    .where(eq(lottoPartyMembers.customerId, customerId));
  return row?.n ?? 0;
}
