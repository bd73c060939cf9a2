// The recurring processor killed (SIGKILL) after its purchase committed and before the autoplay recorded it: the
// draw's ticket, checkout and wallet debit exist once, the autoplay still names the previous draw; the rerun records
// the purchase it finds under the same deterministic key and buys nothing more.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_NOW, testServices } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { catalogueAt, fundWallet, ozTicket, sellAutoplay } from '../helpers/recurring.ts';
import type { Database } from '../../src/db/index.ts';
import { fixedClock } from '../../src/lib/clock.ts';
import { childGone, crashChild } from './recurring-crash.ts';

const CUSTOMER = 'cus_rcp_crash';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await sellAutoplay(database);
});
afterAll(() => database.close());

const one = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows[0] as T;

it('a processor killed after its purchase committed: the rerun records it and buys nothing more', async () => {
  const clock = fixedClock(TEST_NOW);
  const s = testServices(database, { clock });
  await fundWallet(s, CUSTOMER, 10_000);
  const [first, second] = await s.draws.upcomingDraws('oz-lotto', 2);
  await s.purchase.purchaseItems(CUSTOMER, 'first-order', [{ ...ozTicket, numDraws: 'autoplay' }]);
  const now = new Date(first!.stopAt.getTime() + 1000).toISOString();
  clock.set(now);
  await catalogueAt(s);
  const afterFirst = (await s.ledger.fundsSummary(CUSTOMER)).availableFundsCents;

  expect(await crashChild(database, now, 'recurring:purchased')).toBe('SIGKILL');
  await childGone(database);
  const tickets = sql`select count(*)::int as n from orders_tickets where customer_id = ${CUSTOMER} and draw_no = ${second!.drawNo}`;
  expect(Number((await one<{ n: number }>(tickets)).n)).toBe(1);
  const debited = afterFirst - (await s.ledger.fundsSummary(CUSTOMER)).availableFundsCents;
  expect(debited).toBeGreaterThan(0);
  const row = sql`select last_draw_no, last_checkout_id from recurring_purchases where customer_id = ${CUSTOMER}`;
  expect(await one(row)).toMatchObject({ last_draw_no: first!.drawNo });
  const occasions = sql`select count(*)::int as n from recurring_occasions`;
  expect(Number((await one<{ n: number }>(occasions)).n)).toBe(0);

  const report = await s.recurringProcessor.run();
  expect(report).toMatchObject({ purchased: 1, hardFailures: 0, softFailures: 0 });
  expect(Number((await one<{ n: number }>(tickets)).n)).toBe(1);
  expect(afterFirst - (await s.ledger.fundsSummary(CUSTOMER)).availableFundsCents).toBe(debited);
  const checkouts = sql`select count(*)::int as n from orders_checkouts where customer_id = ${CUSTOMER}`;
  expect(Number((await one<{ n: number }>(checkouts)).n)).toBe(2);
  expect(await one(row)).toMatchObject({ last_draw_no: second!.drawNo });
  expect(Number((await one<{ n: number }>(occasions)).n)).toBe(1);
  expect((await s.recurringProcessor.run()).purchased).toBe(0);
}, 60_000);
