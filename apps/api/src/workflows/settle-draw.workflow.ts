// Settlement (DESIGN.md §7): score every ticket line of a drawn draw, record each winning line's prize and credit it
// to the customer's wallet in the same transaction, one batch of lines at a time. A crash loses at most the batch in
// flight (rolled back whole); running again skips what is recorded, so every prize is recorded and paid exactly once.
import { createLinePrizer, getGame, splitByShares, type DrawResult, type GameKey } from '@shop/lottery';
import type { Db, Executor } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, notFound } from '../lib/errors.ts';
import type { NewPrize, OrdersService } from '../modules/orders/index.ts';

/** What settlement needs of the draws module (createDrawsService satisfies it). */
export interface SettlementDraws {
  getDraw(drawId: string): Promise<{
    id: string;
    gameKey: string;
    drawNo: number;
    status: string;
    result: DrawResult | null;
    dividends: { division: number; prizeCents: number }[] | null;
  } | null>;
  markScored(drawId: string): Promise<unknown>;
  markPaid(drawId: string): Promise<unknown>;
}

/** What settlement needs of the wallet ledger (createLedger satisfies it). */
export interface SettlementLedger {
  creditPrize(
    tx: Executor,
    credit: {
      customerId: string;
      amountCents: number;
      currency: 'AUD' | 'GBP';
      reference: string;
      description: string;
    },
  ): Promise<{ entryId: string; created: boolean }>;
  /** The same for many prizes at once, in input order (a batch of winners in one transaction). */
  creditPrizes(
    tx: Executor,
    credits: {
      customerId: string;
      amountCents: number;
      currency: 'AUD' | 'GBP';
      reference: string;
      description: string;
    }[],
  ): Promise<{ entryId: string; created: boolean }[]>;
}

/**
 * Ticket lines held by a group rather than a customer (a syndicate, a lotto party session): the line's customer id is
 * the group's id, and its prize is split between the group's shareholders (`splitByShares`: to the cent, nothing
 * created or lost). A holder `null` is the shop's own share (unsold syndicate shares the shop keeps): not paid out.
 */
export interface SharedTicketOwners {
  /** Whether a line's owner id is one of this module's groups (by its id prefix, e.g. `syn_`). */
  owns(ownerId: string): boolean;
  /** The group's holders and share counts, read in the settlement batch's transaction; sorted by customer id. */
  holders(tx: Executor, ownerId: string): Promise<{ customerId: string | null; shares: number }[]>;
}

export interface SettleDeps {
  db: Db;
  clock: Clock;
  draws: SettlementDraws;
  orders: Pick<OrdersService, 'linesForDraw' | 'prizedLineIds' | 'recordPrizes'>;
  ledger: SettlementLedger;
  /**
   * Tells the draw's ticket holders (the notification feed's result and win cards), before the draw is marked paid so
   * a crash in between tells them on the next run; it must be idempotent.
   */
  announce?: (drawId: string) => Promise<unknown>;
  /** Modules whose groups hold ticket lines (syndicates, lotto party). */
  sharedOwners?: SharedTicketOwners[];
}

export interface SettleOptions {
  /** Lines per batch (one transaction each). */
  batchSize?: number;
  /** Batch transactions recording prizes at once (1: strictly in line order). */
  concurrency?: number;
  /** Called after each committed batch with the number of batches committed so far (tests crash the process here). */
  afterBatch?: (batches: number) => void | Promise<void>;
  /** Called inside a batch's transaction, after its credits and prizes are written and before it commits. */
  beforeCommit?: (batch: number) => void | Promise<void>;
}

export interface SettleReport {
  drawId: string;
  /** Lines read and scored by this run. */
  linesScored: number;
  /** Prizes recorded (and credited) by this run; prizes found already recorded are not counted. */
  prizesRecorded: number;
  prizeCentsRecorded: number;
  batches: number;
  status: 'DRAW_PAID';
}

/** Ledger reference of a line's prize: unique, so a repeated credit is refused by the wallet. */
export const prizeReference = (linePublicId: string, drawId: string) => `prize:${linePublicId}:${drawId}`;
/** Ledger reference of one shareholder's part of a group-held line's prize. */
export const sharedPrizeReference = (linePublicId: string, drawId: string, customerId: string) =>
  `prize:${linePublicId}:${drawId}:${customerId}`;

/**
 * Each holder's total part of a draw's prizes on group-held lines, split exactly as settlement pays them (the feed's
 * result cards tell holders what their shares won).
 */
export async function sharedPrizeParts(
  exec: Executor,
  owners: SharedTicketOwners[],
  prizes: { customerId: string; prizeCents: number }[],
): Promise<Map<string, number>> {
  const parts = new Map<string, number>();
  for (const prize of prizes) {
    const group = owners.find((o) => o.owns(prize.customerId));
    if (!group || prize.prizeCents <= 0) continue;
    const holders = await group.holders(exec, prize.customerId);
    for (const part of splitByShares(
      prize.prizeCents,
      holders.map((h) => ({ holder: h.customerId, shares: h.shares })),
    )) {
      if (part.holder !== null) parts.set(part.holder, (parts.get(part.holder) ?? 0) + part.cents);
    }
  }
  return parts;
}

interface PrizeCredit {
  customerId: string;
  amountCents: number;
  currency: 'AUD' | 'GBP';
  reference: string;
  description: string;
}

/**
 * The wallet credits of a batch's paying winners: a customer's line pays its owner; a group's line pays each holder
 * their part. Sorted by customer id, so concurrent batches take the ledger's account locks in one order.
 */
async function prizeCredits(
  tx: Executor,
  sharedOwners: SharedTicketOwners[],
  drawId: string,
  paying: { publicId: string; customerId: string; prizeCents: number; currency: 'AUD' | 'GBP'; description: string }[],
): Promise<{ credits: PrizeCredit[]; ofWinner: number[] }> {
  const credits: PrizeCredit[] = [];
  const ofWinner: number[] = [];
  for (const [i, w] of paying.entries()) {
    const group = sharedOwners.find((o) => o.owns(w.customerId));
    if (!group) {
      credits.push({
        customerId: w.customerId,
        amountCents: w.prizeCents,
        currency: w.currency,
        reference: prizeReference(w.publicId, drawId),
        description: w.description,
      });
      ofWinner.push(i);
      continue;
    }
    const holders = await group.holders(tx, w.customerId);
    for (const part of splitByShares(
      w.prizeCents,
      holders.map((h) => ({ holder: h.customerId, shares: h.shares })),
    )) {
      if (part.holder === null || part.cents === 0) continue;
      credits.push({
        customerId: part.holder,
        amountCents: part.cents,
        currency: w.currency,
        reference: sharedPrizeReference(w.publicId, drawId, part.holder),
        description: `${w.description} (${part.shares} ${part.shares === 1 ? 'share' : 'shares'})`,
      });
      ofWinner.push(i);
    }
  }
  const order = credits
    .map((_, i) => i)
    .sort((a, b) => credits[a]!.customerId.localeCompare(credits[b]!.customerId, 'en') || a - b);
  return { credits: order.map((i) => credits[i]!), ofWinner: order.map((i) => ofWinner[i]!) };
}

const SETTLED = new Set(['DRAW_PAID', 'DRAW_EMAILED']);
const DEFAULT_CONCURRENCY = 4;

export async function settleDraw(deps: SettleDeps, drawId: string, options: SettleOptions = {}): Promise<SettleReport> {
  const draw = await deps.draws.getDraw(drawId);
  if (!draw) throw notFound(`There is no draw ${drawId}.`, 'draw_not_found');
  const report: SettleReport = {
    drawId,
    linesScored: 0,
    prizesRecorded: 0,
    prizeCentsRecorded: 0,
    batches: 0,
    status: 'DRAW_PAID',
  };
  if (SETTLED.has(draw.status)) return report;
  if (draw.status !== 'DRAW_DRAWN' && draw.status !== 'DRAW_SCORED') {
    throw new AppError(409, `Draw ${drawId} has no result yet (status ${draw.status}).`, { code: 'draw_not_drawn' });
  }
  if (draw.status === 'DRAW_DRAWN') {
    const result = draw.result;
    if (!result) throw new AppError(409, `Draw ${drawId} is drawn but has no result.`, { code: 'draw_not_drawn' });
    const game = getGame(draw.gameKey as GameKey, draw.drawNo);
    const prizeOf = createLinePrizer(game, result, draw.dividends ?? []);
    const batchSize = options.batchSize ?? 10_000;

    type Winner = NewPrize & { publicId: string; currency: 'AUD' | 'GBP' };

    const record = async (winners: Winner[], batch: number) => {
      const recorded = await deps.db.transaction(async (tx) => {
        // A previous run may have committed this batch before dying: those prizes are paid already.
        const done = await deps.orders.prizedLineIds(
          tx,
          drawId,
          winners.map((w) => w.lineId),
        );
        const fresh = winners.filter((w) => !done.has(w.lineId));
        const paying = fresh.filter((w) => w.prizeCents > 0);
        const { credits, ofWinner } = await prizeCredits(
          tx,
          deps.sharedOwners ?? [],
          drawId,
          paying.map((w) => ({ ...w, description: `${game.name} draw ${draw.drawNo}: division ${w.division} prize` })),
        );
        const entries = await deps.ledger.creditPrizes(tx, credits);
        // A group's line is paid in several entries: its prize row keeps the first (the others share its reference
        // prefix, `prize:<line>:<draw>:`).
        entries.forEach((e, i) => (paying[ofWinner[i]!]!.ledgerEntryId ??= e.entryId));
        const inserted = new Set(
          await deps.orders.recordPrizes(
            tx,
            fresh.map(({ publicId: _publicId, ...prize }) => prize),
          ),
        );
        await options.beforeCommit?.(batch);
        return fresh.filter((w) => inserted.has(w.lineId));
      });
      report.prizesRecorded += recorded.length;
      for (const w of recorded) report.prizeCentsRecorded += w.prizeCents;
    };

    // Reading and scoring is one keyset walk; recording runs up to `concurrency` batch transactions at once (the
    // ledger's per-customer locks are the slow part). Winners are credited in customer order, so two batches that
    // pay the same customers take their locks in the same order and cannot deadlock.
    const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
    const inflight = new Set<Promise<void>>();
    let failure: { error: unknown } | null = null;
    const committed = async () => {
      report.batches++;
      await options.afterBatch?.(report.batches);
    };
    let batchNo = 0;
    let afterId = 0;
    for (;;) {
      const { lines, nextAfterId } = await deps.orders.linesForDraw(drawId, { afterId, limit: batchSize });
      if (lines.length === 0) break;
      const winners: Winner[] = [];
      for (const line of lines) {
        const won = prizeOf(line);
        if (!won) continue;
        winners.push({
          publicId: line.publicId,
          lineId: line.id,
          drawId,
          customerId: line.customerId,
          ...won,
          currency: game.currency,
          ledgerEntryId: null,
        });
      }
      report.linesScored += lines.length;
      const batch = ++batchNo;
      if (winners.length === 0) {
        await committed();
      } else {
        winners.sort((a, b) =>
          a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : a.lineId - b.lineId,
        );
        const tracked: Promise<void> = record(winners, batch)
          .then(committed)
          .catch((error: unknown) => {
            failure ??= { error };
          })
          .finally(() => inflight.delete(tracked));
        inflight.add(tracked);
        while (inflight.size >= concurrency) await Promise.race(inflight);
      }
      if (failure || nextAfterId === null) break;
      afterId = nextAfterId;
    }
    await Promise.all(inflight);
    if (failure) throw (failure as { error: unknown }).error;
    await deps.draws.markScored(drawId);
  }
  await deps.announce?.(drawId);
  await deps.draws.markPaid(drawId);
  return report;
}

/** Settlement as a service of the composition root: the draw clock job and the operator CLI share one. */
export function createSettlementWorkflow(deps: SettleDeps) {
  return { settle: (drawId: string, options: SettleOptions = {}) => settleDraw(deps, drawId, options) };
}
export type SettlementWorkflow = ReturnType<typeof createSettlementWorkflow>;
