// Recurring-purchase tests: an offer that sells autoplay (the seed sells it on its lottery offers since issue 15;
// sellAutoplay makes sure), wallet funds, and the Oz Lotto ticket they buy.
import { eq } from 'drizzle-orm';
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
