// Raffle draws across domains (DESIGN §7): the draw itself (winners derived from the committed seed, cash prizes
// credited to wallets and winners told through the outbox, all in one transaction), and the raffle clock tick that
// moves every draw along its lifecycle (pre-orders are bought by the recurring processor once a draw opens, ADR 064).
import { formatCurrency, type CurrencyCode } from '@shop/contracts';
import type { Db, Executor } from '../db/index.ts';
import { AppError } from '../lib/errors.ts';
import { button, details, text, type Outbox } from '../modules/notifications/index.ts';
import { deriveWinners, maskName, type RaffleDrawsService } from '../modules/raffles/index.ts';
import type { Ledger } from '../modules/wallet/index.ts';

export interface WinnerProfile {
  firstname: string;
  lastname: string;
  suburb: string | null;
  state: string | null;
}

export interface RaffleWorkflowDeps {
  db: Db;
  raffles: RaffleDrawsService;
  ledger: Pick<Ledger, 'creditPrize'>;
  outbox: Pick<Outbox, 'enqueueEmail'>;
  /** Email and first name of customers (identity's contactsOf); nobody is emailed without it. */
  contacts?: { contactsOf(customerIds: string[]): Promise<Map<string, { email: string; firstname: string }>> };
  /** Names and suburbs for the public winners list (masked); the buyer's state at purchase otherwise. */
  profiles?: { profilesOf(customerIds: string[]): Promise<Map<string, WinnerProfile>> };
  publicUrl: string;
  /** Told in the draw's transaction once per winning customer (the notification feed's card). */
  onWon?: (tx: Executor, won: RaffleWin) => Promise<unknown>;
}

/** One customer's prizes in a raffle draw. */
export interface RaffleWin {
  customerId: string;
  drawId: string;
  offerKey: string;
  offerName: string;
  drawNo: number;
  currency: CurrencyCode;
  prizes: { ticketNumber: number; name: string; cashCents: number | null }[];
  /** The orders of the winning tickets (none for a free postal entry). */
  orderIds: string[];
}

export interface RaffleDrawReport {
  drawId: string;
  /** False when the draw had already been drawn: the same winners, nothing written. */
  drawn: boolean;
  winners: { rank: number; ticketNumber: number; customerId: string }[];
}

export const raffleWinnerEmailKey = (drawId: string, customerId: string) => `raffle-winner:${drawId}:${customerId}`;
export const rafflePrizeReference = (drawId: string, rank: number) => `raffle:${drawId}:${rank}`;

const localeOf = (c: CurrencyCode) => (c === 'GBP' ? 'en-GB' : 'en-AU');

/** Draws a closed raffle draw. Idempotent: a drawn draw returns its recorded winners and writes nothing. */
export async function drawRaffle(deps: RaffleWorkflowDeps, drawPublicId: string): Promise<RaffleDrawReport> {
  const { raffles } = deps;
  const { repo } = raffles;
  const draw0 = await repo.drawByPublicId(deps.db, drawPublicId);
  if (!draw0) throw new AppError(404, `There is no raffle draw "${drawPublicId}".`, { code: 'unknown_draw' });
  const offer = (await repo.offer(deps.db, draw0.offerKey))!;
  const currency = offer.currency as CurrencyCode;
  const pending = new Set<string>();
  const report = await deps.db.transaction(async (tx): Promise<RaffleDrawReport> => {
    const draw = (await repo.lockDraw(tx, draw0.id, 'update'))!;
    if (draw.status === 'drawn' || draw.status === 'paid') {
      const rows = await repo.winnersOf(tx, [draw.id]);
      return {
        drawId: draw.publicId,
        drawn: false,
        winners: rows.map((r) => ({
          rank: r.prize.rank,
          ticketNumber: r.winner.ticketNumber,
          customerId: r.winner.customerId,
        })),
      };
    }
    if (draw.status !== 'closed')
      throw new AppError(409, `Raffle draw ${draw.publicId} is ${draw.status}; close its sales first.`, {
        code: 'draw_state',
      });
    const { prizes, inputs, numbers } = await raffles.drawInputs(tx, draw);
    const derived = deriveWinners(draw.seed, draw.publicId, numbers, inputs);
    const owners = new Map(
      (
        await repo.ticketOwners(
          tx,
          draw.id,
          derived.map((w) => w.ticketNumber),
        )
      ).map((o) => [o.n, o]),
    );
    const profiles =
      (await deps.profiles?.profilesOf([...new Set([...owners.values()].map((o) => o.customerId))])) ??
      new Map<string, WinnerProfile>();
    const now = deps.raffles.now();
    const out: RaffleDrawReport['winners'] = [];
    const orderIds = new Map<string, string[]>();
    for (const w of derived) {
      const prize = prizes.find((p) => p.rank === w.rank)!;
      const owner = owners.get(w.ticketNumber)!;
      const profile = profiles.get(owner.customerId);
      const state = profile?.state ?? owner.region ?? null;
      const locality = [profile?.suburb, state].filter(Boolean).join(', ') || 'Australia';
      const winnerId = await repo.insertWinner(tx, {
        drawId: draw.id,
        prizeId: prize.id,
        series: w.series,
        ticketNumber: w.ticketNumber,
        customerId: owner.customerId,
        status: prize.cashCents === null ? 'to_fulfil' : 'paid',
        displayName: maskName(profile?.firstname, profile?.lastname),
        locality,
        createdAt: now,
      });
      if (winnerId !== null && prize.cashCents !== null && prize.cashCents > 0) {
        const posted = await deps.ledger.creditPrize(tx, {
          customerId: owner.customerId,
          amountCents: prize.cashCents,
          currency,
          reference: rafflePrizeReference(draw.publicId, prize.rank),
          description: `${offer.name} draw ${draw.drawNo}: ${prize.name} (ticket ${w.ticketNumber})`,
        });
        await repo.setWinnerLedger(tx, winnerId.id, posted.entryId);
      }
      pending.add(owner.customerId);
      out.push({ rank: w.rank, ticketNumber: w.ticketNumber, customerId: owner.customerId });
      if (owner.orderId) orderIds.set(owner.customerId, [...(orderIds.get(owner.customerId) ?? []), owner.orderId]);
    }
    await repo.setStatus(tx, draw.id, ['closed'], 'paid', { drawnAt: now });
    for (const customerId of pending)
      await deps.onWon?.(tx, {
        customerId,
        drawId: draw.publicId,
        offerKey: offer.offerKey,
        offerName: offer.name,
        drawNo: draw.drawNo,
        currency,
        prizes: out
          .filter((x) => x.customerId === customerId)
          .map((x) => {
            const p = prizes.find((q) => q.rank === x.rank)!;
            return { ticketNumber: x.ticketNumber, name: p.name, cashCents: p.cashCents };
          }),
        orderIds: [...new Set(orderIds.get(customerId))],
      });

    const contacts =
      (await deps.contacts?.contactsOf([...pending])) ?? new Map<string, { email: string; firstname: string }>();
    const link = `${deps.publicUrl}/${offer.offerKey}/draw/${draw.drawNo}/verify`;
    for (const customerId of pending) {
      const contact = contacts.get(customerId);
      if (!contact) continue;
      const mine = out
        .filter((x) => x.customerId === customerId)
        .map((x) => {
          const p = prizes.find((q) => q.rank === x.rank)!;
          const cash =
            p.cashCents === null
              ? 'Delivered by our team'
              : `${formatCurrency(p.cashCents, currency, localeOf(currency))}, already in your account`;
          return details(
            [
              ['Prize', p.name],
              ['Value', cash],
            ],
            `Ticket ${x.ticketNumber}`,
          );
        });
      await deps.outbox.enqueueEmail(tx, {
        to: contact.email,
        kind: 'raffle_winner',
        dedupeKey: raffleWinnerEmailKey(draw.publicId, customerId),
        subject: `You won in ${offer.name} draw ${draw.drawNo}`,
        greeting: `Hi ${contact.firstname},`,
        body: [
          text(`Congratulations: your ticket${mine.length === 1 ? '' : 's'} won in ${offer.name} draw ${draw.drawNo}:`),
          ...mine,
          text('Prizes that are not cash are delivered by our team, who will contact you.'),
          button('Check the draw yourself', link),
        ],
      });
    }
    return { drawId: draw.publicId, drawn: true, winners: out };
  });
  return report;
}

export interface RaffleTickReport {
  /** Pre-order draws whose sales opened (their pre-orders are bought by the recurring processor, ADR 064). */
  opened: string[];
  closed: string[];
  drawn: string[];
  created: string[];
  failures: { drawId: string; error: string }[];
}

/** One raffle clock tick (the lead schedules it with the draw clock): open, close, draw, create. */
export async function raffleClockTick(deps: RaffleWorkflowDeps, now: Date): Promise<RaffleTickReport> {
  const opened = (await deps.raffles.openDue(now)).map((d) => d.publicId);
  await deps.raffles.recordCutoffs(now);
  const closed = await deps.raffles.closeDue(now);
  const drawn: string[] = [];
  const failures: RaffleTickReport['failures'] = [];
  for (const d of await deps.raffles.dueForDraw(now)) {
    try {
      if ((await drawRaffle(deps, d.publicId)).drawn) drawn.push(d.publicId);
    } catch (e) {
      failures.push({ drawId: d.publicId, error: (e as Error).message });
    }
  }
  const created = await deps.raffles.createNextDraws(now);
  return {
    opened,
    closed,
    drawn,
    created,
    failures,
  };
}

/** Operator: close a raffle draw now and draw it (draw:advance / raffle:draw). */
export async function advanceRaffle(deps: RaffleWorkflowDeps, drawPublicId: string): Promise<RaffleDrawReport> {
  await deps.raffles.close(drawPublicId);
  return drawRaffle(deps, drawPublicId);
}

/** The raffle draw workflows as a service of the composition root (the raffle clock job and the operator CLI). */
export function createRaffleDrawWorkflow(deps: RaffleWorkflowDeps) {
  return {
    drawRaffle: (drawPublicId: string) => drawRaffle(deps, drawPublicId),
    tick: (now: Date) => raffleClockTick(deps, now),
    advance: (drawPublicId: string) => advanceRaffle(deps, drawPublicId),
  };
}
export type RaffleDrawWorkflow = ReturnType<typeof createRaffleDrawWorkflow>;
