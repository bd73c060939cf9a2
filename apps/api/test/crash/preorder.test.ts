// A pre-order's charge killed (SIGKILL) after its purchase committed and before the pre-order recorded it: the
// draw's lines, checkout and wallet debit exist once, the pre-order is still unfinished; the rerun records the
// purchase it finds under the same key sch:{id} and charges nothing more.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_NOW, testServices } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { catalogueAt, fundWallet, ozTicket } from '../helpers/recurring.ts';
import type { Database } from '../../src/db/index.ts';
import { fixedClock } from '../../src/lib/clock.ts';
import { childGone, crashChild } from './recurring-crash.ts';

const CUSTOMER = 'cus_pre_crash';
const WEEK = 7 * 86_400_000;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const one = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows[0] as T;
const count = async (q: ReturnType<typeof sql>) => Number((await one<{ n: number }>(q)).n);

it('a pre-order charge killed after its purchase committed: the rerun records it and charges nothing more', async () => {
  const clock = fixedClock(TEST_NOW);
  const s = testServices(database, { clock });
  await fundWallet(s, CUSTOMER, 10_000);
  const draws = await s.draws.upcomingDraws('oz-lotto', 20);
  const offset = draws.findIndex((d) => d.purchaseStatus === 'pre_order');
  const draw = draws[offset]!;
  await s.purchase.purchaseItems(CUSTOMER, 'pre-order', [{ ...ozTicket, numDraws: 1, drawOffset: offset }]);
  expect((await s.ledger.fundsSummary(CUSTOMER)).balanceCents).toBe(10_000);
  const now = new Date(draw.drawAt.getTime() - 4 * WEEK + 1_000);
  clock.set(now);
  await s.draws.openPreOrderSales(now);
  await catalogueAt(s);

  expect(await crashChild(database, now.toISOString(), 'scheduled:purchased')).toBe('SIGKILL');
  await childGone(database);
  const lines = sql`select count(*)::int as n from orders_ticket_lines where customer_id = ${CUSTOMER} and draw_id = ${draw.id}`;
  expect(await count(lines)).toBe(1);
  const debited = 10_000 - (await s.ledger.fundsSummary(CUSTOMER)).balanceCents;
  expect(debited).toBeGreaterThan(0);
  const row = sql`select finished_at, checkout_id from recurring_scheduled where customer_id = ${CUSTOMER}`;
  expect(await one(row)).toMatchObject({ finished_at: null, checkout_id: null });

  expect(await s.recurringProcessor.run()).toMatchObject({ purchased: 1, hardFailures: 0, softFailures: 0 });
  expect(await count(lines)).toBe(1);
  expect(10_000 - (await s.ledger.fundsSummary(CUSTOMER)).balanceCents).toBe(debited);
  const checkouts = sql`select count(*)::int as n from orders_checkouts where customer_id = ${CUSTOMER}`;
  expect(await count(checkouts)).toBe(2);
  const recorded = await one<{ checkout_id: string; key: string }>(
    sql`select s.checkout_id, c.idempotency_key as key from recurring_scheduled s join orders_checkouts c on c.public_id = s.checkout_id where s.customer_id = ${CUSTOMER}`,
  );
  expect(recorded.key).toMatch(/^sch:sch_/);
  expect((await s.recurringProcessor.run()).purchased).toBe(0);
}, 60_000);
