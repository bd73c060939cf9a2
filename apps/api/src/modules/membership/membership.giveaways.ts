// Giveaways (issue 17 "Giveaways"): the clock's daily and monthly ones, the operator's special, major and preview
// ones, each a draw with a seed committed at creation (the raffle engine's, @shop/protocol), prizes, permits and the
// tiers that may enter; and how the public and the customer read them. Making them is membership.giveaway-creation.ts.
import {
  GIVEAWAY_TYPES,
  type CurrencyCode,
  type CustomerGiveaway,
  type DrawCard,
  type EntryStatus,
  type GiveawayDetails,
  type GiveawayType,
  type GiveawayVerification,
  type GiveawaysQuery,
  type PastWinner,
} from '@shop/contracts';
import { notFound } from '../../lib/errors.ts';
import { GIVEAWAY_VERIFICATION_PROCEDURE } from './membership.content.ts';
import { memberFacts } from './membership.facts.ts';
import { giveawayCreation } from './membership.giveaway-creation.ts';
import { entries, giveaways, winners, type GiveawayRow, type ProgramRow } from './membership.repository.ts';
import { drawStatusOf, PROGRAM, type MembershipDeps, type PrizeOrders } from './membership.rules.ts';
import { drawCardOf, giveawayPath } from './membership.views.ts';

export function createGiveawaysService(deps: MembershipDeps & { prizeOrders: Pick<PrizeOrders, 'priceOf'> }) {
  const { db } = deps;
  const facts = memberFacts(deps);
  const { ensureCurrent, createGiveaway } = giveawayCreation(deps);

  async function cardsOf(rows: GiveawayRow[], p?: ProgramRow): Promise<DrawCard[]> {
    const program = p ?? (await facts.program());
    const ids = rows.map((r) => r.id);
    const [prizes, counts] = await Promise.all([giveaways.prizesOf(db, ids), entries.countsTakingPart(db, ids)]);
    return rows.map((r) => drawCardOf(r, prizes, counts.get(r.id) ?? 0, program.currency as CurrencyCode));
  }

  async function find(type: string, drawNumber: number): Promise<GiveawayRow> {
    const g = await giveaways.byNumber(db, PROGRAM, type, drawNumber);
    if (!g) throw notFound(`There is no ${type} giveaway ${drawNumber}.`, 'giveaway_not_found');
    return g;
  }

  /** Giveaway lists: limit (default 9), offset, type, open or closed. */
  async function list(q: GiveawaysQuery): Promise<{ items: DrawCard[]; total: number }> {
    const { rows, total } = await giveaways.page(db, PROGRAM, q);
    return { items: await cardsOf(rows), total };
  }

  async function winnersPage(q: { limit: number; offset: number }): Promise<{ items: PastWinner[]; total: number }> {
    const { rows, total } = await winners.page(db, PROGRAM, q);
    return {
      items: rows.map(({ winner, giveaway, prize }) => ({
        firstname: winner.firstname,
        state: winner.state,
        prize: prize.name,
        giveawayType: giveaway.type as GiveawayType,
        drawNumber: giveaway.drawNumber,
        giveawayTitle: giveaway.title,
        drawnAt: (giveaway.drawnAt ?? giveaway.closesAt).toISOString(),
      })),
      total,
    };
  }

  /** One giveaway: its card, the signed-in customer's entry, and (once drawn) the winners by first name and state. */
  async function details(type: string, drawNumber: number, customerId: string | null): Promise<GiveawayDetails> {
    const g = await find(type, drawNumber);
    const [[card], mine, won] = await Promise.all([
      cardsOf([g]),
      customerId ? entries.ofCustomer(db, customerId, [g.id]) : Promise.resolve([]),
      winners.ofGiveaways(db, [g.id]),
    ]);
    const entry = mine[0];
    return {
      ...card!,
      entry: entry ? { id: entry.publicId, status: entry.status as EntryStatus, entryNumber: entry.entryNumber } : null,
      winners: won.map((w) => ({
        rank: w.rank,
        prize: card!.prizes.find((p) => p.rank === w.rank)?.name ?? '',
        firstname: w.firstname,
        state: w.state,
      })),
      drawnAt: g.drawnAt?.toISOString() ?? null,
      verifyUrl: `${giveawayPath(g.type, g.drawNumber)}/verify`,
      commitment: g.commitment,
    };
  }

  /** What the verify page recomputes: the seed only once drawn, the entry list once closed. */
  async function verification(type: string, drawNumber: number): Promise<GiveawayVerification> {
    const g = await find(type, drawNumber);
    const drawn = g.status === 'drawn' || g.status === 'paid';
    const closed = g.status !== 'open';
    const [prizes, numbers, won] = await Promise.all([
      giveaways.prizesOf(db, [g.id]),
      closed ? entries.takingPart(db, g.id) : Promise.resolve([]),
      drawn ? winners.ofGiveaways(db, [g.id]) : Promise.resolve([]),
    ]);
    return {
      drawId: g.publicId,
      type: g.type as GiveawayType,
      drawNumber: g.drawNumber,
      title: g.title,
      status: drawStatusOf(g.status),
      commitment: g.commitment,
      seed: drawn ? g.seed : null,
      entryListHash: g.entryListHash,
      entryNumbers: numbers,
      prizes: prizes.map((p) => ({
        rank: p.rank,
        kind: p.rank === 1 ? ('first' as const) : ('secondary' as const),
        name: p.name,
        eligibleUpTo: null,
      })),
      winners: won.map((w) => ({ rank: w.rank, entryNumber: w.entryNumber })),
      procedure: GIVEAWAY_VERIFICATION_PROCEDURE,
    };
  }

  /** The customer's current (open) or closed giveaways, with what each entry won. */
  async function customerGiveaways(
    customerId: string,
    q: { status: 'current' | 'closed'; limit: number; offset: number },
  ): Promise<{ items: CustomerGiveaway[]; total: number }> {
    const { rows, total } = await entries.customerPage(db, PROGRAM, customerId, q);
    const program = await facts.program();
    const cards = await cardsOf(
      rows.map((r) => r.giveaway),
      program,
    );
    const won = await winners.ofGiveaways(
      db,
      rows.map((r) => r.giveaway.id),
    );
    return {
      items: rows.map(({ entry, giveaway }, i) => {
        const w = won.find((x) => x.giveawayId === giveaway.id && x.customerId === customerId);
        const prize = w ? cards[i]!.prizes.find((p) => p.rank === w.rank) : undefined;
        return {
          giveaway: cards[i]!,
          entry: { id: entry.publicId, status: entry.status as EntryStatus, entryNumber: entry.entryNumber },
          won:
            w && prize
              ? { rank: w.rank, prize: prize.name, kind: prize.kind, value: prize.value, paid: w.status === 'paid' }
              : null,
        };
      }),
      total,
    };
  }

  return {
    ensureCurrent,
    createGiveaway,
    cardsOf,
    find,
    list,
    winnersPage,
    details,
    verification,
    customerGiveaways,
    program: facts.program,
    types: GIVEAWAY_TYPES,
  };
}
export type GiveawaysService = ReturnType<typeof createGiveawaysService>;
