// The raffle draw lifecycle (pre_order -> open -> sold_out -> closed -> paid): creating draws, opening pre-order
// draws, sub-draw cutoffs, closing sales with the sold-list hash, and the recurring raffles' next draws.
import type { Executor } from '../../db/index.ts';
import { notFound } from '../../lib/errors.ts';
import { commitmentOf, newSeed, soldListHash, isSubDraw } from './raffles.draw.ts';
import { publicId, type RaffleDrawRow } from './raffles.repository.ts';
import type { NextDrawTemplate } from './raffles.schema.ts';
import { raffleViews } from './raffles.views.ts';
import type { NewRaffleDraw, RafflesDeps } from './raffles.rules.ts';

export function createRaffleDrawsService(deps: RafflesDeps) {
  const { db, clock } = deps;
  const { repo, prizeInputs } = raffleViews(deps);

  const service = {
    repo,
    now: () => clock.now(),
    findDraw: (drawPublicId: string) => repo.drawByPublicId(db, drawPublicId),
    offer: (offerKey: string) => repo.offer(db, offerKey),
    drawsOf: (offerKey: string) => repo.drawsOf(db, offerKey),

    async createDraw(ex: Executor, d: NewRaffleDraw): Promise<RaffleDrawRow> {
      const seed = d.seed ?? newSeed();
      const drawNo = d.drawNo ?? ((await repo.latestDraw(ex, d.offerKey))?.drawNo ?? 0) + 1;
      const now = clock.now();
      const status = d.salesOpenAt.getTime() > now.getTime() ? 'pre_order' : 'open';
      const row = await repo.insertDraw(ex, {
        publicId: publicId('raf'),
        offerKey: d.offerKey,
        drawNo,
        preOrderFrom: d.preOrderFrom ?? null,
        salesOpenAt: d.salesOpenAt,
        stopAt: d.stopAt,
        drawAt: d.drawAt,
        cap: d.cap,
        status,
        commitment: commitmentOf(seed),
        seed,
        createdAt: now,
      });
      await repo.insertPrizes(
        ex,
        d.prizes.map((p, i) => ({
          drawId: row.id,
          rank: i + 1,
          kind: p.kind,
          name: p.name,
          description: p.description,
          cashCents: p.cashCents,
          valueCents: p.valueCents,
          closesAt: p.closesAt ?? null,
        })),
      );
      return row;
    },

    /** Pre-order draws whose sales open time has come (the recurring processor then buys their pre-orders). */
    async openDue(now: Date): Promise<RaffleDrawRow[]> {
      const opened: RaffleDrawRow[] = [];
      for (const d of await repo.drawsInStatus(db, ['pre_order'])) {
        if (d.salesOpenAt.getTime() > now.getTime()) continue;
        if ((await repo.setStatus(db, d.id, ['pre_order'], 'open')).length) opened.push({ ...d, status: 'open' });
      }
      return opened;
    },

    async recordCutoffs(now: Date): Promise<number> {
      let n = 0;
      for (const c of await repo.dueCutoffs(db, now)) {
        await repo.setCutoff(db, c.prizeId, c.sold);
        n++;
      }
      return n;
    },

    /**
     * Closes a draw's sales (the clock at stop time, or the operator now) and records the sold-list hash. A guarded
     * step: the UPDATE moves only an open, sold-out or pre-order draw; the lock makes a purchase in flight finish first.
     */
    async close(drawPublicId: string): Promise<{ changed: boolean; draw: RaffleDrawRow }> {
      return db.transaction(async (tx) => {
        const d = await repo.drawByPublicId(tx, drawPublicId);
        if (!d) throw notFound(`There is no raffle draw "${drawPublicId}".`, 'unknown_draw');
        const locked = (await repo.lockDraw(tx, d.id, 'update'))!;
        if (!['open', 'sold_out', 'pre_order'].includes(locked.status)) return { changed: false, draw: locked };
        // Sub-draws that had not closed yet close with the main sales.
        for (const p of await repo.prizesOf(tx, [d.id]))
          if (isSubDraw(p.kind as 'bonus') && p.cutoffTicket === null) await repo.setCutoff(tx, p.id, locked.sold);
        const hash = soldListHash(await repo.ticketNumbers(tx, d.id));
        await repo.setStatus(tx, d.id, ['open', 'sold_out', 'pre_order'], 'closed', {
          soldListHash: hash,
          closedAt: clock.now(),
        });
        return { changed: true, draw: { ...locked, status: 'closed', soldListHash: hash } };
      });
    },
    async closeDue(now: Date): Promise<string[]> {
      const closed: string[] = [];
      for (const d of await repo.drawsInStatus(db, ['open', 'sold_out', 'pre_order'])) {
        if (d.stopAt.getTime() > now.getTime()) continue;
        if ((await service.close(d.publicId)).changed) closed.push(d.publicId);
      }
      return closed;
    },
    async dueForDraw(now: Date): Promise<RaffleDrawRow[]> {
      return (await repo.drawsInStatus(db, ['closed'])).filter((d) => d.drawAt.getTime() <= now.getTime());
    },

    /** Inputs of the winner derivation for a closed draw (inside the draw transaction). */
    async drawInputs(tx: Executor, draw: RaffleDrawRow) {
      const prizes = await repo.prizesOf(tx, [draw.id]);
      return { prizes, inputs: prizeInputs(prizes, draw), numbers: await repo.ticketNumbers(tx, draw.id) };
    },

    /** Recurring raffles: the next draw once the latest one has closed. */
    async createNextDraws(now: Date): Promise<string[]> {
      const created: string[] = [];
      for (const offer of await repo.offers(db)) {
        const t = offer.nextDrawTemplate as NextDrawTemplate | null;
        if (!offer.recurrenceDays || !t) continue;
        const latest = await repo.latestDraw(db, offer.offerKey);
        if (latest && ['pre_order', 'open', 'sold_out'].includes(latest.status)) continue;
        const salesOpenAt = latest ? new Date(Math.max(now.getTime(), latest.stopAt.getTime())) : now;
        const stopAt = new Date(salesOpenAt.getTime() + t.salesDays * 86_400_000);
        const row = await service.createDraw(db, {
          offerKey: offer.offerKey,
          salesOpenAt,
          stopAt,
          drawAt: new Date(stopAt.getTime() + t.drawHoursAfterStop * 3_600_000),
          cap: t.cap,
          prizes: t.prizes.map((p) => ({
            ...p,
            closesAt:
              p.closesDaysBeforeStop === undefined
                ? null
                : new Date(stopAt.getTime() - p.closesDaysBeforeStop * 86_400_000),
          })),
        });
        created.push(row.publicId);
      }
      return created;
    },

    /** The results lists' raffles tab: drawn draws, newest first, with the first prize and its winning ticket. */
  };
  return service;
}
export type RaffleDrawsService = ReturnType<typeof createRaffleDrawsService>;
