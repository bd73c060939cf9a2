// Giveaways (issue 17 "Giveaways"): the clock's daily and monthly ones, the operator's special, major and preview
// ones, each a draw with a seed committed at creation (the raffle engine's, @shop/protocol), prizes, permits and the
// tiers that may enter; and how the public and the customer read them.
import {
  GIVEAWAY_TYPES,
  Region,
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
import { commitmentOf, newSeed, zonedLabel } from '@shop/protocol';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { GIVEAWAY_VERIFICATION_PROCEDURE } from './membership.content.ts';
import { memberFacts } from './membership.facts.ts';
import {
  entries,
  giveaways,
  newPublicId,
  winners,
  type GiveawayRow,
  type ProgramRow,
} from './membership.repository.ts';
import {
  dailyPeriod,
  drawStatusOf,
  monthlyPeriod,
  PROGRAM,
  type GiveawayPeriod,
  type MembershipDeps,
  type PrizeOrders,
} from './membership.rules.ts';
import type { GiveawayTemplate, PrizeSpec } from './membership.schema.ts';
import { drawCardOf, giveawayPath } from './membership.views.ts';

export interface NewGiveaway {
  type: GiveawayType;
  title: string;
  description: string;
  opensAt: Date;
  closesAt: Date;
  availability: ('free' | 'premium')[];
  requiresVerified: boolean;
  permits: { region: string; permitNumber: string }[];
  prizes: PrizeSpec[];
}

const bad = (message: string, field = 'this') => unprocessable(message, 'invalid_giveaway', { [field]: [message] });

export function createGiveawaysService(deps: MembershipDeps & { prizeOrders: Pick<PrizeOrders, 'priceOf'> }) {
  const { db, clock, config } = deps;
  const facts = memberFacts(deps);
  const tz = config.siteTimeZone;

  /** Writes a giveaway and its prizes; null when the clock's giveaway of this period exists already. */
  async function insert(
    g: NewGiveaway & { periodKey: string | null; createdBy: 'clock' | 'operator' },
  ): Promise<GiveawayRow | null> {
    return db.transaction(async (tx) => {
      if (g.periodKey && (await giveaways.byPeriod(tx, PROGRAM, g.type, g.periodKey))) return null;
      const drawNumber = await giveaways.nextDrawNumber(tx, PROGRAM, g.type);
      const seed = newSeed();
      const row = await giveaways.insert(tx, {
        publicId: newPublicId('gwy'),
        program: PROGRAM,
        type: g.type,
        drawNumber,
        periodKey: g.periodKey,
        title: g.title,
        description: g.description,
        opensAt: g.opensAt,
        closesAt: g.closesAt,
        availability: g.availability,
        requiresVerified: g.requiresVerified,
        permits: g.permits,
        status: 'open',
        commitment: commitmentOf(seed),
        seed,
        createdBy: g.createdBy,
        createdAt: clock.now(),
      });
      if (!row) return null;
      await giveaways.insertPrizes(
        tx,
        g.prizes.map((p, i) => ({
          giveawayId: row.id,
          rank: i + 1,
          kind: p.kind,
          name: p.name,
          description: p.description,
          valueCents: p.valueCents,
          ticket: p.ticket ?? null,
        })),
      );
      return row;
    });
  }

  function fromTemplate(type: 'daily' | 'monthly', t: GiveawayTemplate, period: GiveawayPeriod): NewGiveaway {
    const label =
      type === 'daily'
        ? zonedLabel(period.closesAt, 'longDate', { timeZone: tz, locale: 'en-AU' })
        : new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: tz }).format(period.closesAt);
    return {
      type,
      title: `${t.title}: ${label}`,
      description: t.description,
      opensAt: period.opensAt,
      closesAt: period.closesAt,
      availability: ['free', 'premium'],
      requiresVerified: false,
      permits: t.permits,
      prizes: t.prizes,
    };
  }

  /** The clock's giveaways: today's daily one and this month's monthly one exist (idempotent, safe in two processes). */
  async function ensureCurrent(now: Date = clock.now()): Promise<string[]> {
    const p = await facts.program();
    const created: string[] = [];
    const wanted: ['daily' | 'monthly', GiveawayTemplate, GiveawayPeriod][] = [
      ['daily', p.dailyTemplate, dailyPeriod(now, tz, p.dailyTemplate.closesAt)],
      ['monthly', p.monthlyTemplate, monthlyPeriod(now, tz, p.monthlyTemplate.closesAt)],
    ];
    for (const [type, template, period] of wanted) {
      const row = await insert({
        ...fromTemplate(type, template, period),
        periodKey: period.periodKey,
        createdBy: 'clock',
      });
      if (row) created.push(row.publicId);
    }
    return created;
  }

  /** The operator's special, major or preview giveaway (npm run ops -- membership:giveaway): checked, then written. */
  async function createGiveaway(g: NewGiveaway): Promise<GiveawayRow> {
    if (!['special', 'major', 'preview'].includes(g.type))
      throw bad(
        'Only special, major and preview giveaways are made by hand; the clock makes the daily and monthly ones.',
        'type',
      );
    if (!g.title.trim()) throw bad('Give the giveaway a title.', 'title');
    if (g.closesAt <= clock.now()) throw bad('The giveaway must close in the future.', 'closes');
    if (!(g.opensAt < g.closesAt)) throw bad('The giveaway must open before it closes.', 'closes');
    if (!g.availability.length) throw bad('At least one tier must be able to enter.', 'availability');
    if (g.type !== 'preview' && !g.prizes.length) throw bad('A giveaway needs at least one prize.', 'prize');
    if (g.type !== 'preview' && !g.permits.length) throw bad('A giveaway needs its trade promotion permit.', 'permit');
    for (const permit of g.permits)
      if (!Region.safeParse(permit.region).success || !permit.permitNumber.trim())
        throw bad(
          `A permit is a state and a number, e.g. NSW:TP/04217 (got ${permit.region}:${permit.permitNumber}).`,
          'permit',
        );
    const prizes: PrizeSpec[] = [];
    for (const prize of g.prizes) {
      if (prize.kind === 'wallet_credit' && !(Number.isSafeInteger(prize.valueCents) && prize.valueCents > 0))
        throw bad('A wallet credit prize needs a positive amount.', 'prize');
      // Free tickets are valued at what they cost now: an unknown lottery or game fails here, not at the draw.
      prizes.push(
        prize.kind === 'free_tickets' && prize.ticket
          ? { ...prize, valueCents: await deps.prizeOrders.priceOf(prize.ticket) }
          : prize,
      );
    }
    return (await insert({ ...g, prizes, periodKey: null, createdBy: 'operator' }))!;
  }

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
