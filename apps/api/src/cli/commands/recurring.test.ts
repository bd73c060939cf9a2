// recurring:due (the dry run) and recurring:run through runOps against a test database: after draw:advance closes
// the draw an autoplay bought, the dry run names the next draw and buys nothing; the run buys it once. Due
// subscriptions are listed with their period and the rcp:{id}:period:{k} key the run then buys with, and due scheduled
// purchases with their sch:{id} keys.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testServices } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { fundWallet, ozTicket, sellAutoplay } from '../../../test/helpers/recurring.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { RAFFLE_SEED } from '../../modules/raffles/raffles.seed.ts';

let database: Database;
const config = testConfig();
const clock = fixedClock('2026-03-01T00:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
  await sellAutoplay(database);
});
afterAll(() => database.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config, clock, database });
const checkouts = async (customerId: string) =>
  Number(
    (
      await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from orders_checkouts where customer_id = ${customerId}`,
      )
    ).rows[0]!.n,
  );

/** A funded customer's first entry of a weekly prize home subscription; answers the subscription's id. */
async function subscribeWeekly(customerId: string, key: string): Promise<string> {
  const s = testServices(database, { clock, config });
  await fundWallet(s, customerId, 20_000);
  const entry = {
    productType: 'raffle_ticket' as const,
    productOfferKey: RAFFLE_SEED.prizeHome,
    numTickets: 1,
    subscriptionPeriod: 'weekly' as const,
  };
  await s.purchase.purchaseItems(customerId, key, [entry]);
  const { rows } = await database.db.execute<{ id: string }>(
    sql`select public_id as id from recurring_purchases where customer_id = ${customerId}`,
  );
  return rows[0]!.id;
}

describe('recurring commands', () => {
  it('recurring:due lists what is due without buying; recurring:run buys it once', async () => {
    const s = testServices(database, { clock, config });
    await s.draws.ensureSchedule('oz-lotto');
    await fundWallet(s, 'cus_cli_rcp', 1000);
    await s.purchase.purchaseItems('cus_cli_rcp', 'first', [{ ...ozTicket, numDraws: 'autoplay' }]);
    expect((await ops('recurring:due')).out).toBe('Nothing is due.');

    expect((await ops('draw:advance', '--offer', 'oz-lotto')).code).toBe(0);
    const [next] = await s.draws.upcomingDraws('oz-lotto', 1);
    const due = await ops('recurring:due', '--customer', 'cus_cli_rcp');
    expect(due.code).toBe(0);
    expect(due.out).toMatch(new RegExp(`^rcp_\\w+ cus_cli_rcp oz-lotto draw ${next!.drawNo}: buy \\(key rcp:`));
    expect(await checkouts('cus_cli_rcp')).toBe(1);

    const run = await ops('recurring:run');
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toBe('Examined 1: purchased 1, skipped 0, soft failures 0, hard failures 0, paused 0.');
    expect(await checkouts('cus_cli_rcp')).toBe(2);
    expect((await ops('recurring:run')).out).toContain('purchased 0');
    expect(await checkouts('cus_cli_rcp')).toBe(2);
  });

  it('recurring:run --at runs the processor as of a later time: the next period of a subscription is bought once', async () => {
    await subscribeWeekly('cus_cli_sub', 'sub-first');
    expect((await ops('recurring:run', '--customer', 'cus_cli_sub')).out).toContain('purchased 0');
    const week = new Date(clock.now().getTime() + 7 * 86_400_000 + 1000).toISOString();
    const later = await ops('recurring:run', '--customer', 'cus_cli_sub', '--at', week);
    expect(later).toMatchObject({ code: 0, err: '' });
    expect(later.out).toContain('purchased 1');
    expect((await ops('recurring:run', '--customer', 'cus_cli_sub', '--at', week)).out).toContain('purchased 0');
    expect(await checkouts('cus_cli_sub')).toBe(2);

    expect((await ops('recurring:run', '--at', 'next week')).code).toBe(1);
    const production = await runOpsCaptured(['recurring:run', '--at', week], {
      config: { ...config, nodeEnv: 'production' },
      clock,
      database,
    });
    expect(production.code).toBe(1);
    expect(production.err).toContain('--at is refused in production.');
    expect(await checkouts('cus_cli_sub')).toBe(2);
  });

  it('recurring:due lists a due subscription with its period and key; recurring:run buys it with that key', async () => {
    const publicId = await subscribeWeekly('cus_cli_due_sub', 'due-sub-first');
    expect((await ops('recurring:due', '--customer', 'cus_cli_due_sub')).out).toBe('Nothing is due.');
    const before = clock.now();
    clock.set(new Date(before.getTime() + 7 * 86_400_000 + 1_000));
    try {
      const key = `rcp:${publicId}:period:2`;
      const listed = await ops('recurring:due', '--customer', 'cus_cli_due_sub');
      expect(listed).toMatchObject({ code: 0, err: '' });
      expect(listed.out).toBe(
        `${publicId} cus_cli_due_sub ${RAFFLE_SEED.prizeHome} subscription period 2: buy (key ${key})`,
      );
      expect(await checkouts('cus_cli_due_sub')).toBe(1);
      expect((await ops('recurring:run', '--customer', 'cus_cli_due_sub')).out).toContain('purchased 1');
      const keys = await database.db.execute<{ key: string }>(
        sql`select idempotency_key as key from orders_checkouts where customer_id = 'cus_cli_due_sub' order by id`,
      );
      expect(keys.rows.map((r) => r.key)).toEqual(['due-sub-first', key]);
      expect((await ops('recurring:due', '--customer', 'cus_cli_due_sub')).out).toBe('Nothing is due.');
    } finally {
      clock.set(before);
    }
  });

  it('recurring:due lists due scheduled purchases with their keys; recurring:run buys each once', async () => {
    const s = testServices(database, { clock, config });
    await fundWallet(s, 'cus_cli_sch', 10_000);
    const due = new Date(clock.now().getTime() + 60_000);
    const sch = await s.scheduledPurchases.create('cus_cli_sch', {
      item: { ...ozTicket, numDraws: 1 },
      scheduledAt: due.toISOString(),
    });
    expect((await ops('recurring:due', '--customer', 'cus_cli_sch')).out).toBe('Nothing is due.');
    const before = clock.now();
    clock.set(new Date(due.getTime() + 1_000));
    try {
      const listed = await ops('recurring:due', '--customer', 'cus_cli_sch');
      expect(listed.out).toBe(
        `${sch.encodedId} cus_cli_sch oz-lotto scheduled_purchase due ${due.toISOString()}: buy (key sch:${sch.encodedId})`,
      );
      expect(await checkouts('cus_cli_sch')).toBe(0);
      expect((await ops('recurring:run', '--customer', 'cus_cli_sch')).out).toContain('purchased 1');
      expect((await ops('recurring:run', '--customer', 'cus_cli_sch')).out).toContain('purchased 0');
      expect(await checkouts('cus_cli_sch')).toBe(1);
    } finally {
      clock.set(before);
    }
  });
});
