// Recurring-purchase tests: an offer that sells autoplay (the seed sells it on its lottery offers since issue 15;
// sellAutoplay makes sure), wallet funds, and the Oz Lotto ticket they buy.
import { ErrorEnvelope } from '@shop/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { catalogueOffers } from '../../src/db/schema.ts';
import type { Services } from '../../src/services.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase } from './db.ts';

/** Switch autoplay on for an offer, in the database (before any service caches the catalogue). */
export async function sellAutoplay(database: Database, offerKey = 'oz-lotto'): Promise<void> {
  await database.db
    .update(catalogueOffers)
    .set({ recurringPurchase: { type: 'autoplay', availability: 'available' } })
    .where(eq(catalogueOffers.key, offerKey));
}

/** Credit a customer's wallet (a test deposit). */
export async function fundWallet(
  services: Pick<Services, 'ledger' | 'database'>,
  customerId: string,
  cents: number,
): Promise<void> {
  await services.database.db.transaction((tx) =>
    services.ledger.creditDeposit(tx, {
      customerId,
      amountCents: cents,
      currency: 'AUD',
      reference: `test-deposit:${customerId}:${cents}:${Date.now()}`,
      description: 'Test deposit',
    }),
  );
}

/** An Oz Lotto standard ticket of one game (the item input as services take it). */
export const ozTicket = {
  productType: 'lottery_ticket' as const,
  productOfferKey: 'oz-lotto',
  gameType: 'standard' as const,
  gameOffer: 'standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
};

/**
 * After a test moves the clock by days: the catalogue serves its last list while it rebuilds (stale-while-revalidate),
 * and a list built days earlier has no draw on sale any more. The first read starts the rebuild, the second waits
 * for it, so what the test does next sees the draws on sale at the new time.
 */
export async function catalogueAt(services: Pick<Services, 'catalogue'>): Promise<void> {
  await services.catalogue.productOffers('default');
  await services.catalogue.productOffers('default');
}

/** A test file's shop: a fresh database whose Oz Lotto sells autoplay, and the app over it. */
export interface AutoplayShop {
  database: Database;
  t: TestApp;
}

export async function autoplayShop(): Promise<AutoplayShop> {
  const database = await createTestDatabase();
  await sellAutoplay(database);
  return { database, t: await buildTestApp({ database }) };
}

/**
 * Runs `fn` on a fresh shop (tests that move the clock by days): `use` installs it as the file's shop, and the file's
 * own shop is put back once the fresh one is closed.
 */
export async function onFreshShop(
  current: AutoplayShop,
  use: (shop: AutoplayShop) => void,
  fn: () => Promise<void>,
): Promise<void> {
  const fresh = await autoplayShop();
  use(fresh);
  try {
    await fn();
  } finally {
    await fresh.t.close();
    await fresh.database.close();
    use(current);
  }
}

/**
 * A refusal in the one error envelope (docs/api-conventions.md): the status asked for, a message that says what is
 * wrong (never the unexpected-error text), `result: null`, and the field named when one is given.
 */
export function expectRefused(res: LightMyRequestResponse, status: number, field?: string): void {
  const what = `${res.statusCode} ${res.body}`;
  expect(res.statusCode, what).toBe(status);
  const body = ErrorEnvelope.parse(res.json());
  expect(body.status, what).toBe(status);
  expect(body.messages[0]?.text, what).toMatch(/\w/);
  expect(body.messages[0]?.text, what).not.toBe('Something went wrong');
  if (field) expect(body.errors[field]?.[0], what).toMatch(/\w/);
}

/**
 * Everything a recurring call could change for a customer, to compare before and after refused calls: their recurring
 * purchases and occasions, scheduled purchases, checkouts, ledger entries and balances, every column.
 */
export async function recurringStateOf(database: Database, customerId: string): Promise<unknown[]> {
  const q = (query: ReturnType<typeof sql>) => database.db.execute(query).then((r) => r.rows);
  return Promise.all([
    q(sql`select * from recurring_purchases where customer_id = ${customerId} order by id`),
    q(sql`select o.* from recurring_occasions o join recurring_purchases r on r.id = o.recurring_id
          where r.customer_id = ${customerId} order by o.id`),
    q(sql`select * from recurring_scheduled where customer_id = ${customerId} order by id`),
    q(sql`select * from orders_checkouts where customer_id = ${customerId} order by id`),
    q(sql`select * from wallet_entries where customer_id = ${customerId} order by id`),
    q(sql`select * from wallet_accounts where customer_id = ${customerId} order by id`),
  ]);
}
