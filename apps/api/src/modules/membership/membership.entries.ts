// Members' entries in open giveaways (features §3 entry status, §4 monthly unlock; issue 17): made as members become
// eligible, raised to guaranteed when they go premium, unlocked by the member, withdrawn when they leave or stop being
// eligible. Every write happens under the giveaway's row lock and only while it is open, so the close (which takes
// the same lock) sees a list no entry can join or leave afterwards.
import type { EntryStatus, UpcomingDraw } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { memberFacts, type MemberFacts } from './membership.facts.ts';
import { entries, giveaways, newPublicId, type EntryRow, type GiveawayRow } from './membership.repository.ts';
import { entryStatusFor, mergedStatus, numberOfEntriesText, PROGRAM, type MembershipDeps } from './membership.rules.ts';

/** 403 join-premium message (features §4 sticky call-to-action "join-premium"; issue 17 bad input). */
export const JOIN_PREMIUM_MESSAGE =
  'This giveaway is for premium members. Make a qualifying deposit this month to go premium and enter.';
export const JOIN_FIRST_MESSAGE = 'Join Daily Winners to enter this giveaway.';
export const VERIFY_FIRST_MESSAGE = 'Verify your identity to enter this giveaway.';

const enterable = (g: GiveawayRow, now: Date) =>
  g.status === 'open' && g.type !== 'preview' && g.opensAt <= now && g.closesAt > now;
/** The close's own last sync runs after the closing time, while the giveaway is still open. */
const closing = (g: GiveawayRow) => g.status === 'open' && g.type !== 'preview';

/**
 * Applies the wanted entries of one giveaway under its row lock: missing entries are made and numbered, statuses
 * raised (never lowered), and entries of the customers in `remove` (or, with `removeOthers`, of everyone not wanted)
 * withdrawn. Does nothing once the giveaway is no longer open.
 */
export async function applyEntries(
  tx: Executor,
  giveawayId: number,
  want: { customerId: string; status: EntryStatus }[],
  opts: { remove?: string[]; removeOthers?: boolean; now: Date; closing?: boolean },
): Promise<{ created: number; raised: number; removed: number }> {
  const g = await giveaways.lock(tx, giveawayId);
  if (!g || !(opts.closing ? closing(g) : enterable(g, opts.now))) return { created: 0, raised: 0, removed: 0 };
  let removed = 0;
  if (opts.removeOthers)
    removed += (
      await entries.removeAllBut(
        tx,
        g.id,
        want.map((w) => w.customerId),
      )
    ).length;
  if (opts.remove?.length) removed += (await entries.remove(tx, [g.id], opts.remove)).length;
  const existing = new Map<string, EntryRow>();
  const rows =
    want.length === 1 ? await entries.ofCustomer(tx, want[0]!.customerId, [g.id]) : await entries.ofGiveaway(tx, g.id);
  for (const e of rows) existing.set(e.customerId, e);

  const fresh = want.filter((w) => !existing.has(w.customerId));
  if (fresh.length) {
    const last = await giveaways.takeNumbers(tx, g.id, fresh.length);
    const first = last - fresh.length + 1;
    await entries.insert(
      tx,
      fresh.map((w, i) => ({
        publicId: newPublicId('gwe'),
        giveawayId: g.id,
        customerId: w.customerId,
        entryNumber: first + i,
        status: w.status,
        createdAt: opts.now,
        updatedAt: opts.now,
      })),
    );
  }
  const raise = new Map<EntryStatus, number[]>();
  for (const w of want) {
    const e = existing.get(w.customerId);
    if (!e) continue;
    const next = mergedStatus(e.status as EntryStatus, w.status);
    if (next !== e.status) raise.set(next, [...(raise.get(next) ?? []), e.id]);
  }
  let raised = 0;
  for (const [status, ids] of raise) raised += (await entries.setStatus(tx, ids, status, opts.now)).length;
  return { created: fresh.length, raised, removed };
}

/** The entry a member should have in a giveaway, or null when they should have none. */
export function wantedEntry(g: GiveawayRow, f: MemberFacts): EntryStatus | null {
  if (!f.member || f.problem) return null;
  return entryStatusFor(g, { tier: f.tier, isVerified: f.isVerified });
}

export function createEntriesService(deps: MembershipDeps) {
  const { db, clock } = deps;
  const facts = memberFacts(deps);

  /** Brings one customer's entries in every open giveaway up to date (join, premium, leaving, an exclusion). */
  async function syncCustomer(customerId: string, known?: MemberFacts): Promise<MemberFacts> {
    const now = clock.now();
    const f = known ?? (await facts.factsOf(customerId, now));
    for (const g of await giveaways.enterable(db, PROGRAM, now)) {
      const status = wantedEntry(g, f);
      await db.transaction((tx) =>
        applyEntries(tx, g.id, status ? [{ customerId, status }] : [], {
          remove: status ? [] : [customerId],
          now,
        }),
      );
    }
    return f;
  }

  /** Features §3 "Upcoming draw": the customer's entries in open giveaways, soonest to close first. */
  async function upcomingDraws(customerId: string): Promise<UpcomingDraw[]> {
    const open = await giveaways.enterable(db, PROGRAM, clock.now());
    const mine = new Map(
      (
        await entries.ofCustomer(
          db,
          customerId,
          open.map((g) => g.id),
        )
      ).map((e) => [e.giveawayId, e]),
    );
    return open.flatMap((g) => {
      const e = mine.get(g.id);
      if (!e) return [];
      const status = e.status as EntryStatus;
      return [
        {
          drawId: g.publicId,
          entryId: e.publicId,
          entryStatus: status,
          numberOfEntriesText: numberOfEntriesText(status),
          type: g.type as UpcomingDraw['type'],
          number: g.drawNumber,
          title: g.title,
          closeTime: g.closesAt.toISOString(),
          entryNumber: e.entryNumber,
        },
      ];
    });
  }

  /** The giveaway a PUT /v3/draws/{id} names: its gwy_ id, or the customer's own gwe_ entry id (anyone else's: 404). */
  async function giveawayOf(customerId: string, id: string): Promise<GiveawayRow> {
    const missing = () => notFound('There is no such giveaway entry.', 'entry_not_found');
    if (id.startsWith('gwe_')) {
      const e = await entries.byPublicId(db, id);
      if (!e || e.customerId !== customerId) throw missing();
      const g = await giveaways.byId(db, e.giveawayId);
      if (!g) throw missing();
      return g;
    }
    const g = await giveaways.byPublicId(db, id);
    if (!g || g.program !== PROGRAM) throw missing();
    return g;
  }

  /**
   * PUT /v3/draws/{id} {entryStatus: unlocked} (features §4 "A locked monthly or major entry can be unlocked by a
   * member"). Closed draw: 422 draw_closed. Not a member: 403. Premium-only giveaway for a free member: 403 with the
   * join-premium message. A giveaway needing a verified identity: 403 until verified. Unlocked or guaranteed: no change.
   */
  async function unlock(customerId: string, id: string): Promise<UpcomingDraw[]> {
    const g = await giveawayOf(customerId, id);
    const now = clock.now();
    if (g.type === 'preview')
      throw unprocessable('This giveaway is not open for entries yet.', 'draw_not_open', {
        this: ['This giveaway is not open for entries yet.'],
      });
    if (!enterable(g, now))
      throw unprocessable('This giveaway has closed.', 'draw_closed', { this: ['This giveaway has closed.'] });
    const f = await syncCustomer(customerId);
    if (f.problem)
      throw new AppError(403, f.problem.reason, { code: f.problem.code, fieldErrors: { this: [f.problem.reason] } });
    if (!f.member)
      throw new AppError(403, JOIN_FIRST_MESSAGE, {
        code: 'membership_required',
        fieldErrors: { this: [JOIN_FIRST_MESSAGE] },
      });
    if (!g.availability.includes(f.tier))
      throw new AppError(403, JOIN_PREMIUM_MESSAGE, {
        code: 'premium_required',
        fieldErrors: { this: [JOIN_PREMIUM_MESSAGE] },
      });
    if (g.requiresVerified && !f.isVerified)
      throw new AppError(403, VERIFY_FIRST_MESSAGE, {
        code: 'verify_account_required',
        fieldErrors: { this: [VERIFY_FIRST_MESSAGE] },
      });
    const closed = await db.transaction(async (tx) => {
      const locked = await giveaways.lock(tx, g.id);
      if (!locked || !enterable(locked, clock.now())) return true;
      const [mine] = await entries.ofCustomer(tx, customerId, [g.id]);
      if (mine?.status === 'locked') await entries.setStatus(tx, [mine.id], 'unlocked', clock.now());
      return false;
    });
    if (closed)
      throw unprocessable('This giveaway has closed.', 'draw_closed', { this: ['This giveaway has closed.'] });
    return upcomingDraws(customerId);
  }

  return { syncCustomer, upcomingDraws, unlock, factsOf: facts.factsOf, program: facts.program };
}
export type EntriesService = ReturnType<typeof createEntriesService>;
