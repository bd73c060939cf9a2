// Giveaway draws with the raffle engine (@shop/protocol, docs/raffle-verification.md): every member's entry made when
// a giveaway opens, the entry list fixed and hashed at the close, the winners derived from the seed committed at
// creation. Each step is guarded by the giveaway's row lock and status, so two processes running the clock at once
// make one draw; paying the winners is the workflow's (workflows/draw-giveaway.workflow.ts).
import { deriveWinners, soldListHash } from '@shop/protocol';
import type { Executor } from '../../db/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { applyEntries, wantedEntry } from './membership.entries.ts';
import { memberFacts, type MemberFacts } from './membership.facts.ts';
import {
  entries,
  giveaways,
  members,
  winners,
  type GiveawayRow,
  type PrizeRow,
  type WinnerRow,
} from './membership.repository.ts';
import { PROGRAM, type MembershipDeps } from './membership.rules.ts';

export interface ChosenWinners {
  giveaway: GiveawayRow;
  /** False when the giveaway had been drawn before: the same winners, nothing written. */
  drawn: boolean;
  winners: WinnerRow[];
}

/** Members' facts are read a few at a time: enough to overlap round trips, few enough to leave the pool free. */
const FACTS_AT_ONCE = 4;

export function createGiveawayDrawsService(deps: MembershipDeps) {
  const { db, clock } = deps;
  const facts = memberFacts(deps);

  async function everyMember(now: Date): Promise<MemberFacts[]> {
    const rows = await members.current(db, PROGRAM);
    const out: MemberFacts[] = [];
    for (let i = 0; i < rows.length; i += FACTS_AT_ONCE)
      out.push(...(await Promise.all(rows.slice(i, i + FACTS_AT_ONCE).map((m) => facts.factsOf(m.customerId, now)))));
    return out;
  }

  /**
   * Every member's entry in these giveaways, as the rules want it now: made, raised to guaranteed, or withdrawn for
   * members no longer eligible. The clock runs it when a giveaway opens and once more at its close.
   */
  async function populate(gs: GiveawayRow[], now: Date, closing = false): Promise<number> {
    if (!gs.length) return 0;
    const all = await everyMember(now);
    let changed = 0;
    for (const g of gs) {
      const want = all.flatMap((f) => {
        const status = wantedEntry(g, f);
        return status ? [{ customerId: f.customerId, status }] : [];
      });
      const r = await db.transaction((tx) => applyEntries(tx, g.id, want, { removeOthers: true, now, closing }));
      changed += r.created + r.raised + r.removed;
    }
    return changed;
  }

  /** Open giveaways no member has been entered in yet get everyone's entries. */
  async function populateNew(now: Date = clock.now()): Promise<string[]> {
    const fresh = (await giveaways.enterable(db, PROGRAM, now)).filter((g) => g.populatedAt === null);
    await populate(fresh, now);
    for (const g of fresh) await giveaways.setPopulated(db, g.id, now);
    return fresh.map((g) => g.publicId);
  }

  async function byPublicId(id: string): Promise<GiveawayRow> {
    const g = await giveaways.byPublicId(db, id);
    if (!g || g.program !== PROGRAM) throw notFound(`There is no giveaway "${id}".`, 'giveaway_not_found');
    return g;
  }

  /**
   * Closes a giveaway's entries (the clock at its closing time, or the operator now) and records the entry-list hash:
   * SHA-256 of the entry numbers taking part, ascending. A guarded step: only an open giveaway moves.
   */
  async function close(id: string): Promise<{ changed: boolean; giveaway: GiveawayRow }> {
    const g = await byPublicId(id);
    if (g.status !== 'open' || g.type === 'preview') return { changed: false, giveaway: g };
    const now = clock.now();
    await populate([g], now, true);
    return db.transaction(async (tx) => {
      const locked = (await giveaways.lock(tx, g.id))!;
      if (locked.status !== 'open') return { changed: false, giveaway: locked };
      const hash = soldListHash(await entries.takingPart(tx, g.id));
      await giveaways.setStatus(tx, g.id, ['open'], 'closed', { entryListHash: hash, closedAt: now });
      return { changed: true, giveaway: { ...locked, status: 'closed', entryListHash: hash, closedAt: now } };
    });
  }

  async function closeDue(now: Date = clock.now()): Promise<string[]> {
    const closed: string[] = [];
    for (const g of await giveaways.inStatus(db, PROGRAM, ['open'])) {
      if (g.type === 'preview' || g.closesAt.getTime() > now.getTime()) continue;
      if ((await close(g.publicId)).changed) closed.push(g.publicId);
    }
    return closed;
  }

  /**
   * Chooses the winners of a closed giveaway from its committed seed and entry list (deriveWinners, the raffle
   * engine): one winner row per prize, status chosen. The list cannot change once closed, so the derivation runs
   * before the transaction; inside it, the giveaway's lock and status make a second run write nothing. No entries:
   * no winners, and the giveaway is recorded as drawn and paid, never an error.
   */
  async function chooseWinners(id: string): Promise<ChosenWinners> {
    const g0 = await byPublicId(id);
    if (g0.status === 'drawn' || g0.status === 'paid')
      return { giveaway: g0, drawn: false, winners: await winners.ofGiveaways(db, [g0.id]) };
    if (g0.status !== 'closed')
      throw new AppError(409, `Giveaway ${g0.publicId} is ${g0.status}; close its entries first.`, {
        code: 'draw_state',
      });
    const [prizes, numbers] = await Promise.all([giveaways.prizesOf(db, [g0.id]), entries.takingPart(db, g0.id)]);
    const derived = deriveWinners(
      g0.seed,
      g0.publicId,
      numbers,
      prizes.map((p) => ({ rank: p.rank, kind: p.rank === 1 ? 'first' : 'secondary', eligibleUpTo: null })),
    );
    const owners = new Map(
      (
        await entries.byNumbers(
          db,
          g0.id,
          derived.map((w) => w.ticketNumber),
        )
      ).map((e) => [e.entryNumber, e]),
    );
    const profiles = new Map(
      await Promise.all(
        [...new Set([...owners.values()].map((e) => e.customerId))].map(
          async (c) => [c, await deps.directory.profileOf(c)] as const,
        ),
      ),
    );
    return db.transaction(async (tx) => {
      const g = (await giveaways.lock(tx, g0.id))!;
      if (g.status !== 'closed') return { giveaway: g, drawn: false, winners: await winners.ofGiveaways(tx, [g.id]) };
      const now = clock.now();
      for (const w of derived) {
        const prize = prizes.find((p) => p.rank === w.rank)!;
        const owner = owners.get(w.ticketNumber)!;
        const profile = profiles.get(owner.customerId);
        await winners.insert(tx, {
          giveawayId: g.id,
          prizeId: prize.id,
          rank: prize.rank,
          entryNumber: w.ticketNumber,
          customerId: owner.customerId,
          status: 'chosen',
          firstname: profile?.firstname || 'A member',
          state: profile?.state ?? null,
          createdAt: now,
        });
      }
      if (derived.length === 0) await giveaways.setStatus(tx, g.id, ['closed'], 'paid', { drawnAt: now, paidAt: now });
      else await giveaways.setStatus(tx, g.id, ['closed'], 'drawn', { drawnAt: now });
      return {
        giveaway: { ...g, status: derived.length ? 'drawn' : 'paid', drawnAt: now },
        drawn: true,
        winners: await winners.ofGiveaways(tx, [g.id]),
      };
    });
  }

  /** What the workflow pays: the chosen winners of a drawn giveaway with their prizes. */
  async function unpaid(id: string): Promise<{ giveaway: GiveawayRow; due: { winner: WinnerRow; prize: PrizeRow }[] }> {
    const g = await byPublicId(id);
    const [prizes, won] = await Promise.all([giveaways.prizesOf(db, [g.id]), winners.ofGiveaways(db, [g.id])]);
    return {
      giveaway: g,
      due: won
        .filter((w) => w.status === 'chosen')
        .map((w) => ({ winner: w, prize: prizes.find((p) => p.id === w.prizeId)! })),
    };
  }

  return {
    populate,
    populateNew,
    close,
    closeDue,
    chooseWinners,
    unpaid,
    find: byPublicId,
    /** Closed giveaways waiting for their draw, drawn ones waiting for their prizes to be paid. */
    dueForDraw: () => giveaways.inStatus(db, PROGRAM, ['closed']),
    dueForPayment: () => giveaways.inStatus(db, PROGRAM, ['drawn']),
    /** Inside the paying transaction: the winner row locked (a second payer waits, then sees it paid). */
    lockWinner: (tx: Executor, winnerId: number) => winners.lock(tx, winnerId),
    markPaid: (
      tx: Executor,
      winnerId: number,
      p: { paidCents: number; ledgerEntryId: string | null; checkoutId: string | null },
    ) => winners.markPaid(tx, winnerId, { ...p, now: clock.now() }),
    /** Every prize paid: the giveaway is paid. */
    async finish(id: string): Promise<boolean> {
      const { giveaway, due } = await unpaid(id);
      if (due.length || giveaway.status !== 'drawn') return giveaway.status === 'paid';
      await giveaways.setStatus(db, giveaway.id, ['drawn'], 'paid', { paidAt: clock.now() });
      return true;
    },
    program: facts.program,
  };
}
export type GiveawayDrawsService = ReturnType<typeof createGiveawayDrawsService>;
