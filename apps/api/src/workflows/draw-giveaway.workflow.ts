// Daily Winners giveaway draws across domains (issue 17): the clock tick that makes the daily and monthly giveaways,
// enters members, closes and draws them with the raffle engine (membership module), and pays each winner: wallet
// credit from the promotions account (ledger.creditBonus), or free tickets bought as a real order through the purchase
// workflow and paid by the promotions account (the PrizeOrders port). Winners are told through the outbox.
//
// Choosing winners and paying them are separate steps: winners are recorded as `chosen` in the draw's transaction,
// then each prize is paid in its own transaction keyed by the prize (`giveaway:{gwy}:{rank}`: the ledger reference of
// a credit, the purchase's idempotency key of tickets), so a crash in between is resumed by the next run and every
// prize is paid exactly once.
import { formatCurrency, type CurrencyCode } from '@shop/contracts';
import type { Db, Executor } from '../db/index.ts';
import { AppError } from '../lib/errors.ts';
import {
  giveawayPath,
  type GiveawayDrawsService,
  type GiveawaysService,
  type PrizeOrders,
} from '../modules/membership/index.ts';
import { button, highlight, text, type EmailBlock, type Outbox } from '../modules/notifications/index.ts';
import type { Ledger } from '../modules/wallet/index.ts';

export interface GiveawayWorkflowDeps {
  db: Db;
  draws: GiveawayDrawsService;
  giveaways: Pick<GiveawaysService, 'ensureCurrent'>;
  ledger: Pick<Ledger, 'creditBonus'>;
  prizeOrders: Pick<PrizeOrders, 'buyPrizeTickets'>;
  outbox: Pick<Outbox, 'enqueueEmail'>;
  /** Email and first name of customers (identity's contactsOf); nobody is emailed without it. */
  contacts: { contactsOf(customerIds: string[]): Promise<Map<string, { email: string; firstname: string }>> };
  publicUrl: string;
  /** Told in the paying transaction when a winner's prize is paid (the notification feed's card); `link` is a path. */
  onWon?: (
    tx: Executor,
    won: { winnerId: string | number; customerId: string; giveaway: string; prize: string; link: string },
  ) => Promise<unknown>;
}

/** Test hooks of the crash-and-resume test (draw-giveaway.crash-fixture.ts). */
export interface GiveawayRunHooks {
  afterWinnersChosen?: () => void | Promise<void>;
  afterPrizeOrder?: (rank: number) => void | Promise<void>;
}

export interface GiveawayDrawReport {
  giveawayId: string;
  /** False when the giveaway had been drawn before (its winners are the recorded ones). */
  drawn: boolean;
  winners: { rank: number; entryNumber: number; customerId: string }[];
  paid: number;
  /** Prizes another process is paying right now (paid by it, or by the next run). */
  busy: number;
}

export interface GiveawayTickReport {
  created: string[];
  populated: string[];
  closed: string[];
  drawn: string[];
  paid: string[];
  failures: { giveawayId: string; error: string }[];
}

export const giveawayPrizeReference = (giveawayId: string, rank: number) => `giveaway:${giveawayId}:${rank}`;
export const giveawayWinnerEmailKey = (giveawayId: string, rank: number) => `giveaway-winner:${giveawayId}:${rank}`;

type Due = Awaited<ReturnType<GiveawayDrawsService['unpaid']>>;

/** Pays one chosen winner; 'busy' when another process holds the same prize's purchase. */
async function payPrize(
  deps: GiveawayWorkflowDeps,
  giveaway: Due['giveaway'],
  { winner, prize }: Due['due'][number],
  currency: CurrencyCode,
  hooks: GiveawayRunHooks,
): Promise<'paid' | 'already' | 'busy'> {
  const reference = giveawayPrizeReference(giveaway.publicId, prize.rank);
  const contact = (await deps.contacts.contactsOf([winner.customerId])).get(winner.customerId);
  const link = `${deps.publicUrl}${giveawayPath(giveaway.type, giveaway.drawNumber)}`;
  const email = (what: EmailBlock[]) =>
    contact
      ? {
          to: contact.email,
          kind: 'giveaway_winner',
          dedupeKey: giveawayWinnerEmailKey(giveaway.publicId, prize.rank),
          subject: `You won in the Daily Winners ${giveaway.title}`,
          greeting: `Hi ${contact.firstname},`,
          body: [
            text(`Congratulations: your entry ${winner.entryNumber} won ${prize.name} in the ${giveaway.title}.`),
            ...what,
            button('Check the draw yourself', `${link}/verify`),
          ],
        }
      : null;

  if (prize.kind === 'wallet_credit') {
    return deps.db.transaction(async (tx) => {
      const locked = await deps.draws.lockWinner(tx, winner.id);
      if (!locked || locked.status !== 'chosen') return 'already';
      const posted = await deps.ledger.creditBonus(tx, {
        customerId: winner.customerId,
        amountCents: prize.valueCents,
        currency,
        reference,
        description: `Daily Winners: ${prize.name} (${giveaway.title})`,
      });
      await deps.draws.markPaid(tx, winner.id, {
        paidCents: prize.valueCents,
        ledgerEntryId: posted.entryId,
        checkoutId: null,
      });
      await deps.onWon?.(tx, {
        winnerId: winner.id,
        customerId: winner.customerId,
        giveaway: giveaway.title,
        prize: prize.name,
        link: '/my-account/transactions',
      });
      const amount = formatCurrency(prize.valueCents, currency);
      const message = email([
        highlight('Your prize', amount),
        text(`${amount} is already in your wallet to spend on tickets.`),
      ]);
      if (message) await deps.outbox.enqueueEmail(tx, message);
      return 'paid';
    });
  }

  let bought: { checkoutId: string; paidCents: number };
  try {
    bought = await deps.prizeOrders.buyPrizeTickets({
      customerId: winner.customerId,
      idempotencyKey: reference,
      items: [prize.ticket!],
    });
  } catch (err) {
    // The same prize's purchase is running in another process: it pays it, or the next run finds its checkout.
    if (err instanceof AppError && err.statusCode === 409) return 'busy';
    throw err;
  }
  await hooks.afterPrizeOrder?.(prize.rank);
  return deps.db.transaction(async (tx) => {
    const locked = await deps.draws.lockWinner(tx, winner.id);
    if (!locked || locked.status !== 'chosen') return 'already';
    await deps.draws.markPaid(tx, winner.id, {
      paidCents: bought.paidCents,
      ledgerEntryId: null,
      checkoutId: bought.checkoutId,
    });
    await deps.onWon?.(tx, {
      winnerId: winner.id,
      customerId: winner.customerId,
      giveaway: giveaway.title,
      prize: prize.name,
      link: `/receipt/${bought.checkoutId}`,
    });
    const message = email([
      text('Your tickets are bought.'),
      button('See your tickets', `${deps.publicUrl}/receipt/${bought.checkoutId}`),
    ]);
    if (message) await deps.outbox.enqueueEmail(tx, message);
    return 'paid';
  });
}

/** Pays every winner of a drawn giveaway not paid yet; the giveaway is paid once they all are. */
export async function payGiveaway(
  deps: GiveawayWorkflowDeps,
  giveawayId: string,
  hooks: GiveawayRunHooks = {},
): Promise<{ paid: number; busy: number }> {
  const { giveaway, due } = await deps.draws.unpaid(giveawayId);
  const currency = (await deps.draws.program()).currency as CurrencyCode;
  let paid = 0;
  let busy = 0;
  for (const d of due) {
    const outcome = await payPrize(deps, giveaway, d, currency, hooks);
    if (outcome === 'paid') paid++;
    if (outcome === 'busy') busy++;
  }
  await deps.draws.finish(giveawayId);
  return { paid, busy };
}

/** Draws a closed giveaway (or returns its recorded winners) and pays whatever is not paid yet. Idempotent. */
export async function drawGiveaway(
  deps: GiveawayWorkflowDeps,
  giveawayId: string,
  hooks: GiveawayRunHooks = {},
): Promise<GiveawayDrawReport> {
  const chosen = await deps.draws.chooseWinners(giveawayId);
  await hooks.afterWinnersChosen?.();
  const { paid, busy } = await payGiveaway(deps, giveawayId, hooks);
  return {
    giveawayId: chosen.giveaway.publicId,
    drawn: chosen.drawn,
    winners: chosen.winners.map((w) => ({ rank: w.rank, entryNumber: w.entryNumber, customerId: w.customerId })),
    paid,
    busy,
  };
}

/**
 * One clock tick (the membership job, docs/jobs.md): today's daily and this month's monthly giveaways exist, new
 * giveaways get every member's entry, due ones close, closed ones are drawn, drawn ones paid. Safe in two processes
 * at once: every step is guarded by a unique key or a row lock and a status.
 */
export async function giveawayClockTick(
  deps: GiveawayWorkflowDeps,
  now: Date,
  hooks: GiveawayRunHooks = {},
): Promise<GiveawayTickReport> {
  const report: GiveawayTickReport = { created: [], populated: [], closed: [], drawn: [], paid: [], failures: [] };
  report.created = await deps.giveaways.ensureCurrent(now);
  report.populated = await deps.draws.populateNew(now);
  report.closed = await deps.draws.closeDue(now);
  for (const g of await deps.draws.dueForDraw()) {
    try {
      if ((await drawGiveaway(deps, g.publicId, hooks)).drawn) report.drawn.push(g.publicId);
    } catch (e) {
      report.failures.push({ giveawayId: g.publicId, error: (e as Error).message });
    }
  }
  for (const g of await deps.draws.dueForPayment()) {
    try {
      await payGiveaway(deps, g.publicId, hooks);
      if ((await deps.draws.find(g.publicId)).status === 'paid') report.paid.push(g.publicId);
    } catch (e) {
      report.failures.push({ giveawayId: g.publicId, error: (e as Error).message });
    }
  }
  return report;
}

/** Operator (membership:draw): close a giveaway's entries now, draw it and pay its winners. */
export async function runGiveawayNow(deps: GiveawayWorkflowDeps, giveawayId: string): Promise<GiveawayDrawReport> {
  await deps.draws.close(giveawayId);
  return drawGiveaway(deps, giveawayId);
}

/** The giveaway workflows as a service of the composition root (the membership job and the operator CLI). */
export function createGiveawayDrawWorkflow(deps: GiveawayWorkflowDeps) {
  return {
    tick: (now: Date, hooks?: GiveawayRunHooks) => giveawayClockTick(deps, now, hooks),
    draw: (giveawayId: string, hooks?: GiveawayRunHooks) => drawGiveaway(deps, giveawayId, hooks),
    pay: (giveawayId: string, hooks?: GiveawayRunHooks) => payGiveaway(deps, giveawayId, hooks),
    runNow: (giveawayId: string) => runGiveawayNow(deps, giveawayId),
  };
}
export type GiveawayDrawWorkflow = ReturnType<typeof createGiveawayDrawWorkflow>;
