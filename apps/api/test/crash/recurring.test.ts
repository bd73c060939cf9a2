// The recurring processor killed (SIGKILL) after its purchase committed and before the autoplay recorded it: the
// draw's ticket, checkout and wallet debit exist once, the autoplay still names the previous draw; the rerun records
// the purchase it finds under the same deterministic key and buys nothing more. The same for a subscription's period.
// And killed between a card-funded attempt's deposit and its purchase: the rerun buys with that deposit and never
// charges the card again.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_NOW, testServices } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { catalogueAt, fundWallet, ozTicket, sellAutoplay } from '../helpers/recurring.ts';
import type { Database } from '../../src/db/index.ts';
import { fixedClock } from '../../src/lib/clock.ts';
import { RAFFLE_SEED } from '../../src/modules/raffles/raffles.seed.ts';
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

it('a processor killed after a subscription period was bought: the rerun records that period and buys nothing more', async () => {
  // Its own database: the child runs every due recurring purchase, and this one must be the first it meets.
  const db = await createTestDatabase();
  try {
    const clock = fixedClock(TEST_NOW);
    const s = testServices(db, { clock });
    const customer = 'cus_sub_crash';
    await fundWallet(s, customer, 100_000);
    const entry = { productType: 'raffle_ticket' as const, productOfferKey: RAFFLE_SEED.prizeHome, numTickets: 1 };
    await s.purchase.purchaseItems(customer, 'first-order', [{ ...entry, subscriptionPeriod: 'weekly' }]);
    const [sub] = (await s.subscriptions.list(customer, { limit: 1, offset: 0 })).items;
    const now = new Date(Date.parse(TEST_NOW) + 7 * 86_400_000 + 1000).toISOString();
    clock.set(now);
    await catalogueAt(s);
    const afterFirst = (await s.ledger.fundsSummary(customer)).availableFundsCents;

    const saved = database;
    database = db;
    try {
      expect(await crashChild(database, now, 'recurring:purchased')).toBe('SIGKILL');
      await childGone(database);
    } finally {
      database = saved;
    }
    const q = async <T>(query: ReturnType<typeof sql>) => (await db.db.execute(query)).rows[0] as T;
    const key = `rcp:${sub!.autoplayId}:period:2`;
    const bought = sql`select count(*)::int as n from orders_checkouts where customer_id = ${customer} and idempotency_key = ${key}`;
    expect(Number((await q<{ n: number }>(bought)).n)).toBe(1);
    const debited = afterFirst - (await s.ledger.fundsSummary(customer)).availableFundsCents;
    expect(debited).toBeGreaterThan(0);
    const row = sql`select next_period from recurring_purchases where customer_id = ${customer}`;
    expect(await q(row)).toMatchObject({ next_period: 2 });

    expect(await s.recurringProcessor.run()).toMatchObject({ purchased: 1, hardFailures: 0, softFailures: 0 });
    expect(Number((await q<{ n: number }>(bought)).n)).toBe(1);
    expect(afterFirst - (await s.ledger.fundsSummary(customer)).availableFundsCents).toBe(debited);
    expect(await q(row)).toMatchObject({ next_period: 3 });
    const all = sql`select count(*)::int as n from orders_checkouts where customer_id = ${customer}`;
    expect(Number((await q<{ n: number }>(all)).n)).toBe(2);
    expect((await s.recurringProcessor.run()).purchased).toBe(0);
  } finally {
    await db.close();
  }
}, 60_000);

it('a processor killed between its card deposit and the purchase: the rerun buys with that deposit, one charge', async () => {
  const customer = 'cus_rcp_crash_card';
  const clock = fixedClock(TEST_NOW);
  const s = testServices(database, { clock });
  const card = await s.payments.funds.addCard(customer, {
    cardNumber: '4242424242424242',
    expiryMonth: 12,
    expiryYear: 2030,
    holderName: 'Ada Lovelace',
  });
  await fundWallet(s, customer, 155);
  const [first, second] = await s.draws.upcomingDraws('oz-lotto', 2);
  await s.purchase.purchaseItems(customer, 'first-card-order', [{ ...ozTicket, numDraws: 'autoplay' }]);
  await database.db.execute(
    sql`update recurring_purchases set fund_kind = 'cc', fund_id = ${card.id} where customer_id = ${customer}`,
  );
  const now = new Date(first!.stopAt.getTime() + 1000).toISOString();
  clock.set(now);
  await catalogueAt(s);
  const wallet = async () => (await s.ledger.fundsSummary(customer)).availableFundsCents;
  expect(await wallet()).toBe(0);

  expect(await crashChild(database, now, 'recurring:deposited')).toBe('SIGKILL');
  await childGone(database);
  const deposits = sql`select status, amount_cents::int as cents from payments_deposits where customer_id = ${customer}`;
  expect((await database.db.execute(deposits)).rows).toEqual([{ status: 'approved', cents: 1000 }]);
  expect(await wallet()).toBe(1000);
  const tickets = sql`select count(*)::int as n from orders_tickets where customer_id = ${customer} and draw_no = ${second!.drawNo}`;
  expect(Number((await one<{ n: number }>(tickets)).n)).toBe(0);
  const charges = sql`select count(*)::int as n from payments_test_gateway_charges`;
  const chargesBefore = Number((await one<{ n: number }>(charges)).n);

  const report = await s.recurringProcessor.run({ customerId: customer });
  expect(report).toMatchObject({ purchased: 1, hardFailures: 0, softFailures: 0 });
  expect(Number((await one<{ n: number }>(tickets)).n)).toBe(1);
  expect((await database.db.execute(deposits)).rows).toEqual([{ status: 'approved', cents: 1000 }]);
  expect(Number((await one<{ n: number }>(charges)).n)).toBe(chargesBefore);
  expect(await wallet()).toBe(1000 - 155);
  const checkout = sql`select deposit_id from orders_checkouts where customer_id = ${customer} and deposit_id is not null`;
  expect((await database.db.execute(checkout)).rows).toHaveLength(1);
  expect((await s.recurringProcessor.run({ customerId: customer })).purchased).toBe(0);
}, 60_000);
