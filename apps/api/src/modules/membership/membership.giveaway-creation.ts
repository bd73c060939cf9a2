// How giveaways are made (issue 17 "Giveaways"): the clock's daily and monthly ones from the programme's templates,
// and the operator's special, major and preview ones, checked first; each written with its prizes and a seed
// committed at creation (the raffle engine's, @shop/protocol).
import { Region, type GiveawayType } from '@shop/contracts';
import { commitmentOf, newSeed, zonedLabel } from '@shop/protocol';
import { unprocessable } from '../../lib/errors.ts';
import { memberFacts } from './membership.facts.ts';
import { giveaways, newPublicId, type GiveawayRow } from './membership.repository.ts';
import {
  dailyPeriod,
  monthlyPeriod,
  PROGRAM,
  type GiveawayPeriod,
  type MembershipDeps,
  type PrizeOrders,
} from './membership.rules.ts';
import type { GiveawayTemplate, PrizeSpec } from './membership.schema.ts';

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

export function giveawayCreation(deps: MembershipDeps & { prizeOrders: Pick<PrizeOrders, 'priceOf'> }) {
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

  return { ensureCurrent, createGiveaway };
}
