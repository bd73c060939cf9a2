// Giveaway draws end to end on a real database (issue 17): prizes paid from the promotions account (wallet credit) and
// as real orders (free tickets), exactly once; a giveaway with no entries; members who stop being eligible; the clock
// making, closing and drawing the daily giveaway; and the reliability cases: two processes running the job at once
// make one draw, and a draw killed (SIGKILL in a child process) between choosing winners and paying them, or between
// buying a winner's tickets and recording it, is resumed with every prize paid once. Throughout, the sum of the
// prizes paid equals the promotions account's debits.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { verifyRaffleDraw } from '@shop/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, testServices } from '../../test/helpers/app.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { feedCardsOf } from '../../test/helpers/feed.ts';
import { joinedMember } from '../../test/helpers/membership.ts';
import { connectDatabase, type Database } from '../db/index.ts';
import { fixedClock } from '../lib/clock.ts';
import type { PrizeSpec } from '../modules/membership/index.ts';
import type { Services } from '../services.ts';
import { giveawayPrizeReference, giveawayWinnerEmailKey } from './draw-giveaway.workflow.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./draw-giveaway.crash-fixture.ts', import.meta.url));
/** TEST_NOW is 10 am in Sydney on 2 June 2025: the daily giveaway closes at 8 pm (10:00 UTC). */
const AFTER_DAILY_CLOSE = '2025-06-02T10:00:30.000Z';

const CREDIT = (cents: number): PrizeSpec => ({
  kind: 'wallet_credit',
  name: `$${cents / 100} wallet credit`,
  description: 'Credit',
  valueCents: cents,
});
const TICKETS: PrizeSpec = {
  kind: 'free_tickets',
  name: 'Oz Lotto ticket, 2 games',
  description: 'Two quickpick games',
  valueCents: 0,
  ticket: { productOfferKey: 'oz-lotto', gameType: 'standard', gameOffer: 'standard', numGames: 2 },
};

/** Each test gets a database of its own, so its members are the only entrants. */
async function fresh(
  now = TEST_NOW,
): Promise<{ database: Database; s: Services; clock: ReturnType<typeof fixedClock> }> {
  const database = await createTestDatabase();
  const clock = fixedClock(now);
  const s = testServices(database, { clock });
  await s.draws.ensureSchedule('oz-lotto');
  return { database, s, clock };
}

const member = joinedMember;

async function special(s: Services, prizes: PrizeSpec[], o: { availability?: ('free' | 'premium')[] } = {}) {
  return s.membership.giveaways.createGiveaway({
    type: 'special',
    title: `Special ${randomBytes(3).toString('hex')}`,
    description: 'A test giveaway',
    opensAt: s.clock.now(),
    closesAt: new Date(s.clock.now().getTime() + 86_400_000),
    availability: o.availability ?? ['free', 'premium'],
    requiresVerified: false,
    permits: [{ region: 'NSW', permitNumber: 'TP/00001' }],
    prizes,
  });
}

/** What the promotions account has paid out: the negative of its lines' sum. */
async function promotionsDebits(database: Database): Promise<number> {
  const { rows } = await database.pool.query<{ cents: string }>(
    `select coalesce(-sum(l.amount_cents), 0) as cents from wallet_lines l
       join wallet_accounts a on a.id = l.account_id where a.kind = 'promotions' and a.customer_id is null`,
  );
  return Number(rows[0]!.cents);
}

async function winnersOf(database: Database, giveawayId: string) {
  const { rows } = await database.pool.query<{
    rank: number;
    customer_id: string;
    status: string;
    paid_cents: string | null;
    checkout_id: string | null;
    ledger_entry_id: string | null;
  }>(
    `select w.rank, w.customer_id, w.status, w.paid_cents, w.checkout_id, w.ledger_entry_id from membership_winners w
       join membership_giveaways g on g.id = w.giveaway_id where g.public_id = $1 order by w.rank`,
    [giveawayId],
  );
  return rows;
}

async function count(database: Database, query: string, params: unknown[]): Promise<number> {
  return Number((await database.pool.query<{ n: string }>(query, params)).rows[0]!.n);
}

const prizeEntries = (database: Database, giveawayId: string) =>
  count(database, `select count(*) as n from wallet_entries where reference like $1`, [`giveaway:${giveawayId}:%`]);
const prizeCheckouts = (database: Database, giveawayId: string) =>
  count(database, `select count(*) as n from orders_checkouts where idempotency_key like $1`, [
    `giveaway:${giveawayId}:%`,
  ]);
const winnerEmails = (database: Database, giveawayId: string) =>
  count(database, `select count(*) as n from notifications_outbox where dedupe_key like $1`, [
    `giveaway-winner:${giveawayId}:%`,
  ]);
const paidSum = async (database: Database, giveawayId: string) =>
  (await winnersOf(database, giveawayId)).reduce((sum, w) => sum + Number(w.paid_cents ?? 0), 0);

function runFixture(env: Record<string, string>): Promise<{ signal: NodeJS.Signals | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      signal || code === 0 ? resolve({ signal, out }) : reject(new Error(`fixture exited ${code}: ${err}`)),
    );
  });
}

describe('drawing and paying a giveaway', () => {
  let database: Database;
  let s: Services;
  beforeAll(async () => {
    ({ database, s } = await fresh());
  });
  afterAll(() => database.close());

  it('pays credit from the promotions account and free tickets as a real order, each once, and emails the winners', async () => {
    const members = [
      await member(database, s, 'Ann'),
      await member(database, s, 'Bea'),
      await member(database, s, 'Cy'),
    ];
    const g = await special(s, [CREDIT(2_500), TICKETS, CREDIT(500)]);
    const report = await s.membership.giveawayDraws.runNow(g.publicId);
    expect(report.drawn).toBe(true);
    expect(report.winners.map((w) => w.rank)).toEqual([1, 2, 3]);
    expect(new Set(report.winners.map((w) => w.customerId))).toEqual(new Set(members));

    const won = await winnersOf(database, g.publicId);
    expect(won.map((w) => w.status)).toEqual(['paid', 'paid', 'paid']);
    const byRank = new Map(won.map((w) => [w.rank, w]));
    // Credit: the winner's bonus account, from the promotions account.
    expect((await s.ledger.fundsSummary(byRank.get(1)!.customer_id)).bonusCents).toBe(2_500);
    expect((await s.ledger.fundsSummary(byRank.get(3)!.customer_id)).bonusCents).toBe(500);
    // Tickets: a real order of two Oz Lotto games in the next draw, costing the winner nothing and counting toward
    // no spend limit.
    const ticketWinner = byRank.get(2)!;
    expect(ticketWinner.checkout_id).toMatch(/^chk_/);
    const lines = await count(
      database,
      `select coalesce(sum(cardinality(t.line_ids)), 0) as n from orders_tickets t
         join orders_orders o on o.id = t.order_id join orders_checkouts c on c.id = o.checkout_id
         where c.public_id = $1 and o.product_offer_key = 'oz-lotto'`,
      [ticketWinner.checkout_id],
    );
    expect(lines).toBe(2);
    const funds = await s.ledger.fundsSummary(ticketWinner.customer_id);
    expect(funds.availableFundsCents).toBe(0);
    expect(
      await s.ledger.spentBetween(database.db, ticketWinner.customer_id, 'AUD', new Date(0), new Date('2100-01-01')),
    ).toBe(0);
    expect(Number(ticketWinner.paid_cents)).toBe(310);

    expect(await promotionsDebits(database)).toBe(2_500 + 310 + 500);
    expect(await paidSum(database, g.publicId)).toBe(await promotionsDebits(database));
    expect(await winnerEmails(database, g.publicId)).toBe(3);
    const email = await s.outbox.outboxByKey(giveawayWinnerEmailKey(g.publicId, 1));
    expect(email!.subject).toBe(`You won in the Daily Winners ${g.title}`);
    expect(email!.textBody).toContain(`/daily-winners/giveaways/special/${g.drawNumber}/verify`);

    // Drawing again changes nothing: the same winners, no second payment, order or email.
    const again = await s.membership.giveawayDraws.runNow(g.publicId);
    expect(again.drawn).toBe(false);
    expect(again.winners).toEqual(report.winners);
    expect(await prizeEntries(database, g.publicId)).toBe(2);
    expect(await prizeCheckouts(database, g.publicId)).toBe(1);
    expect(await winnerEmails(database, g.publicId)).toBe(3);
    expect(await promotionsDebits(database)).toBe(3_310);

    // Anyone can recompute the winners from what is published.
    const v = await s.membership.giveaways.verification('special', g.drawNumber);
    expect(
      verifyRaffleDraw({
        seed: v.seed!,
        commitment: v.commitment,
        drawId: v.drawId,
        ticketNumbers: v.entryNumbers,
        prizes: v.prizes,
        soldListHash: v.entryListHash,
        published: v.winners.map((w) => ({ rank: w.rank, ticketNumber: w.entryNumber })),
      }).ok,
    ).toBe(true);
    expect(
      verifyRaffleDraw({
        seed: v.seed!,
        commitment: v.commitment,
        drawId: v.drawId,
        ticketNumbers: [...v.entryNumbers, 999],
        prizes: v.prizes,
        soldListHash: v.entryListHash,
      }).ok,
    ).toBe(false);
  });

  it('a winner gets one feed card in the paying transaction, linking to the prize; running the draw again posts none', async () => {
    await member(database, s, 'Flo');
    const g = await special(s, [CREDIT(1_500), TICKETS]);
    const report = await s.membership.giveawayDraws.runNow(g.publicId);
    const won = await winnersOf(database, g.publicId);
    const cardsOf = async (rank: number) =>
      (await feedCardsOf(database, report.winners.find((w) => w.rank === rank)!.customerId, 'giveaway_won')).filter(
        (c) => c.message.startsWith(`${g.title}:`),
      );
    const expected = {
      1: [
        {
          title: 'You won a giveaway!',
          message: `${g.title}: you won $15 wallet credit.`,
          links: ['/my-account/transactions'],
          toasted: false,
          dedupeKey: expect.stringMatching(/^giveaway_won:/),
        },
      ],
      2: [
        {
          title: 'You won a giveaway!',
          message: `${g.title}: you won Oz Lotto ticket, 2 games.`,
          links: [`/receipt/${won.find((w) => w.rank === 2)!.checkout_id}`],
          toasted: false,
          dedupeKey: expect.stringMatching(/^giveaway_won:/),
        },
      ],
    };
    expect(await cardsOf(1)).toEqual(expected[1]);
    expect(await cardsOf(2)).toEqual(expected[2]);
    expect((await s.membership.giveawayDraws.runNow(g.publicId)).drawn).toBe(false);
    expect(await cardsOf(1)).toEqual(expected[1]);
    expect(await cardsOf(2)).toEqual(expected[2]);
  });

  it('a giveaway with no entries taking part is drawn with no winner and recorded, never an error', async () => {
    // Premium only: the free members' entries stay locked and do not take part.
    const g = await special(s, [CREDIT(10_000)], { availability: ['premium'] });
    const before = await promotionsDebits(database);
    const report = await s.membership.giveawayDraws.runNow(g.publicId);
    expect(report).toMatchObject({ drawn: true, winners: [], paid: 0 });
    const v = await s.membership.giveaways.verification('special', g.drawNumber);
    expect(v).toMatchObject({ status: 'DRAW_PAID', entryNumbers: [], winners: [] });
    expect(v.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await s.membership.draws.find(g.publicId)).drawnAt).not.toBeNull();
    expect(await promotionsDebits(database)).toBe(before);
  });

  it('members who leave or take a break before the close are not in the draw; locked entries are not either', async () => {
    const stays = await member(database, s, 'Dee');
    const leaves = await member(database, s, 'Eli');
    const breaks = await member(database, s, 'Flo');
    const g = await s.membership.giveaways.createGiveaway({
      type: 'major',
      title: 'A major giveaway',
      description: 'Unlock to enter',
      opensAt: s.clock.now(),
      closesAt: new Date(s.clock.now().getTime() + 86_400_000),
      availability: ['free', 'premium'],
      requiresVerified: false,
      permits: [{ region: 'NSW', permitNumber: 'TP/00002' }],
      prizes: [CREDIT(100)],
    });
    await s.membership.draws.populateNew();
    for (const c of [stays, leaves, breaks]) await s.membership.entries.unlock(c, g.publicId);
    await s.membership.members.update(leaves, { membershipProgram: 'daily_winners', membershipStatus: 'non-member' });
    await s.responsibleGambling.exclusions.takeABreak(breaks, '24h');
    await s.membership.draws.close(g.publicId);
    const v = await s.membership.giveaways.verification('major', g.drawNumber);
    const { rows } = await database.pool.query<{ entry_number: number; customer_id: string }>(
      `select e.entry_number, e.customer_id from membership_entries e join membership_giveaways g on g.id = e.giveaway_id
         where g.public_id = $1 and e.status <> 'locked' order by 1`,
      [g.publicId],
    );
    expect(rows.map((r) => r.customer_id)).toEqual([stays]);
    expect(v.entryNumbers).toEqual(rows.map((r) => r.entry_number));
    const report = await s.membership.giveawayDraws.draw(g.publicId);
    expect(report.winners.map((w) => w.customerId)).toEqual([stays]);
  });
});

describe('the clock', () => {
  it('makes the daily and monthly giveaways, enters every member, closes the daily one at 8 pm and draws it', async () => {
    const { database, s, clock } = await fresh();
    try {
      const a = await member(database, s, 'Gil');
      const b = await member(database, s, 'Hana');
      const first = await s.membership.giveawayDraws.tick(clock.now());
      expect(first.created).toHaveLength(2);
      expect(first.populated).toHaveLength(2);
      expect(first.closed).toEqual([]);
      const daily = await s.membership.giveaways.find('daily', 1);
      expect(daily).toMatchObject({ periodKey: '2025-06-02', status: 'open' });
      expect((await s.membership.giveaways.details('daily', 1, a)).entry?.status).toBe('unlocked');
      expect((await s.membership.giveaways.details('monthly', 1, b)).entry?.status).toBe('locked');
      // A second tick in the same period makes nothing new.
      expect((await s.membership.giveawayDraws.tick(clock.now())).created).toEqual([]);

      clock.set(AFTER_DAILY_CLOSE);
      const second = await s.membership.giveawayDraws.tick(clock.now());
      expect(second.closed).toEqual([daily.publicId]);
      expect(second.drawn).toEqual([daily.publicId]);
      expect(second.failures).toEqual([]);
      expect(second.created).toHaveLength(1);
      expect((await s.membership.giveaways.find('daily', 2)).periodKey).toBe('2025-06-03');
      expect((await s.membership.draws.find(daily.publicId)).status).toBe('paid');
      const won = await winnersOf(database, daily.publicId);
      expect(won).toHaveLength(2);
      expect(won.every((w) => w.status === 'paid')).toBe(true);
      expect(await paidSum(database, daily.publicId)).toBe(await promotionsDebits(database));
      // The new daily giveaway has both members in it.
      expect((await s.membership.giveaways.details('daily', 2, a)).entriesCount).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe('reliability', () => {
  it('two processes running the daily draw job at once make one draw and pay each prize once', async () => {
    const { database, s, clock } = await fresh();
    try {
      for (const name of ['Ida', 'Jak', 'Kim', 'Lou']) await member(database, s, name);
      await s.membership.giveawayDraws.tick(clock.now());
      const daily = await s.membership.giveaways.find('daily', 1);
      const env = {
        GIVEAWAY_DATABASE_URL: database.url,
        GIVEAWAY_NOW: AFTER_DAILY_CLOSE,
        GIVEAWAY_MODE: 'tick',
        // Both children start their tick at the same moment, once both have booted.
        GIVEAWAY_START_AT: String(Date.now() + 8_000),
      };
      const [one, two] = await Promise.all([runFixture(env), runFixture(env)]);
      const reports = [JSON.parse(one.out), JSON.parse(two.out)] as { drawn: string[]; closed: string[] }[];
      // However the two interleaved, the giveaway was closed once and drawn once.
      expect(reports.flatMap((r) => r.closed)).toEqual([daily.publicId]);
      expect(reports.flatMap((r) => r.drawn)).toEqual([daily.publicId]);
      const won = await winnersOf(database, daily.publicId);
      expect(won.map((w) => w.rank)).toEqual([1, 2]);
      // A prize a process found busy in the other is finished by the next run.
      await s.membership.giveawayDraws.tick(new Date(AFTER_DAILY_CLOSE));
      expect((await winnersOf(database, daily.publicId)).every((w) => w.status === 'paid')).toBe(true);
      expect(await prizeEntries(database, daily.publicId)).toBe(1);
      expect(await prizeCheckouts(database, daily.publicId)).toBe(1);
      expect(await count(database, `select count(*) as n from membership_giveaways where type = 'daily'`, [])).toBe(2);
      expect(await paidSum(database, daily.publicId)).toBe(await promotionsDebits(database));
    } finally {
      await database.close();
    }
  }, 120_000);

  it('two sets of services ticking at once over their own connections make one draw', async () => {
    const { database, s, clock } = await fresh();
    const other = connectDatabase(database.url, { max: 4 });
    try {
      for (const name of ['Max', 'Nia', 'Oli']) await member(database, s, name);
      await s.membership.giveawayDraws.tick(clock.now());
      const at = new Date(AFTER_DAILY_CLOSE);
      const second = testServices(other, { clock: fixedClock(AFTER_DAILY_CLOSE) });
      const [r1, r2] = await Promise.all([
        testServices(database, { clock: fixedClock(AFTER_DAILY_CLOSE) }).membership.giveawayDraws.tick(at),
        second.membership.giveawayDraws.tick(at),
      ]);
      expect([...r1.drawn, ...r2.drawn]).toHaveLength(1);
      expect([...r1.created, ...r2.created]).toHaveLength(1);
      await s.membership.giveawayDraws.tick(at);
      const daily = await s.membership.giveaways.find('daily', 1);
      expect((await winnersOf(database, daily.publicId)).map((w) => w.status)).toEqual(['paid', 'paid']);
      expect(await prizeCheckouts(database, daily.publicId)).toBe(1);
      expect(await paidSum(database, daily.publicId)).toBe(await promotionsDebits(database));
    } finally {
      await other.close();
      await database.close();
    }
  }, 60_000);

  it('a crash between choosing winners and paying them is resumed: every prize paid once', async () => {
    const { database, s } = await fresh();
    try {
      for (const name of ['Pia', 'Quin', 'Rae']) await member(database, s, name);
      const g = await special(s, [CREDIT(1_500), TICKETS, CREDIT(700)]);
      await s.membership.draws.close(g.publicId);
      const env = {
        GIVEAWAY_DATABASE_URL: database.url,
        GIVEAWAY_NOW: TEST_NOW,
        GIVEAWAY_MODE: 'draw',
        GIVEAWAY_ID: g.publicId,
      };

      // Killed right after the winners were chosen and committed: nothing is paid yet.
      expect((await runFixture({ ...env, GIVEAWAY_CRASH_POINT: 'after_winners' })).signal).toBe('SIGKILL');
      const chosen = await winnersOf(database, g.publicId);
      expect(chosen.map((w) => w.status)).toEqual(['chosen', 'chosen', 'chosen']);
      expect(await prizeEntries(database, g.publicId)).toBe(0);
      expect(await promotionsDebits(database)).toBe(0);

      // Resumed, and killed again after the tickets of prize 2 were bought but before the winner was marked paid.
      expect(
        (await runFixture({ ...env, GIVEAWAY_CRASH_POINT: 'after_prize_order', GIVEAWAY_CRASH_RANK: '2' })).signal,
      ).toBe('SIGKILL');
      const partly = await winnersOf(database, g.publicId);
      expect(partly.map((w) => w.status)).toEqual(['paid', 'chosen', 'chosen']);
      expect(await prizeCheckouts(database, g.publicId)).toBe(1);

      // The next run finishes: the same winners, the order found again (not bought twice), the last credit paid.
      const report = await s.membership.giveawayDraws.draw(g.publicId);
      expect(report.drawn).toBe(false);
      expect(report.winners.map((w) => w.customerId)).toEqual(chosen.map((w) => w.customer_id));
      const done = await winnersOf(database, g.publicId);
      expect(done.map((w) => w.status)).toEqual(['paid', 'paid', 'paid']);
      expect(await prizeCheckouts(database, g.publicId)).toBe(1);
      expect(await prizeEntries(database, g.publicId)).toBe(2);
      expect(
        await count(database, 'select count(*) as n from wallet_entries where reference = $1', [
          giveawayPrizeReference(g.publicId, 1),
        ]),
      ).toBe(1);
      expect(await winnerEmails(database, g.publicId)).toBe(3);
      expect(await paidSum(database, g.publicId)).toBe(1_500 + 310 + 700);
      expect(await promotionsDebits(database)).toBe(await paidSum(database, g.publicId));
      expect((await s.membership.draws.find(g.publicId)).status).toBe('paid');
      expect((await s.ledger.verify()).unbalancedEntries).toBe(0);
    } finally {
      await database.close();
    }
  }, 120_000);
});
