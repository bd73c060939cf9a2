// Test wiring for responsible gambling (issue 8): the real app (which registers the module) plus its services over the same database,
// wired the way app.ts wires them (identity hooks, the ledger, payments with the deposit guard).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase } from './db.ts';
import type { AppConfig } from '../../src/env.ts';
import { signupBody } from './customers.ts';
import type { PurchaseGuard } from '../../src/modules/cart/index.ts';
import type { DepositGuard } from '../../src/modules/payments/index.ts';
import type { Services } from '../../src/services.ts';

export interface RgTestApp extends TestApp {
  rg: Services['responsibleGambling'];
  identity: Services['identity'];
  ledger: Services['ledger'];
  payments: Services['payments'];
  uploadDir: string;
  /** A customer signed up through the identity service (with the RG hooks); returns id and a bearer token. */
  customer(
    overrides?: Record<string, unknown>,
  ): Promise<{ customerId: string; token: string; email: string; password: string }>;
  /** Put money in the customer's wallet (a deposit entry now). */
  fund(customerId: string, cents: number): Promise<void>;
  /** Buy for cents the way the purchase workflow does: lockWallet → assertPurchase → debitPurchase in one transaction. */
  buy(customerId: string, cents: number): Promise<void>;
  /** Bearer header with a token minted at the current test time. */
  auth(customer: { customerId: string }): Record<string, string>;
  /** POST /cart/items (v3.3) with one Oz Lotto ticket; answers the response. */
  addTicket(customer: { customerId: string }): ReturnType<TestApp['injectSigned']>;
  /** POST /cart/purchase (v3.3) from the wallet with a fresh Idempotency-Key. */
  purchaseCart(customer: { customerId: string }): ReturnType<TestApp['injectSigned']>;
}

/** One standard Oz Lotto game with picked numbers (wire casing). */
export const OZ_LOTTO_TICKET = {
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
};

let seq = 0;

export async function buildRgTestApp(config: Partial<AppConfig> = {}): Promise<RgTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rg-test-'));
  const database = await createTestDatabase();
  const db = database.db;
  const overrides: Partial<AppConfig> = { dataDir, rateLimit: { max: 1_000_000, windowMs: 60_000 }, ...config };
  // The app and the services the tests call directly are one composition root over the same database.
  const second = await buildTestApp({ database, config: overrides });
  const { responsibleGambling: rg, identity, ledger: r, payments } = second.services;
  return {
    ...second,
    rg,
    identity,
    ledger: r,
    payments,
    uploadDir: path.join(dataDir, 'verification-uploads'),
    auth: (customer) => ({ authorization: `Bearer ${second.tokenFor(customer.customerId)}` }),
    addTicket: (customer) =>
      second.injectSigned({
        method: 'POST',
        url: '/api/v2/cart/items',
        headers: { authorization: `Bearer ${second.tokenFor(customer.customerId)}` },
        payload: { item: OZ_LOTTO_TICKET },
        sign: { version: '3.3' },
      }),
    purchaseCart: (customer) =>
      second.injectSigned({
        method: 'POST',
        url: '/api/v2/cart/purchase',
        headers: {
          authorization: `Bearer ${second.tokenFor(customer.customerId)}`,
          'idempotency-key': `test-${++seq}-${Date.now()}`,
        },
        payload: { purchase: {} },
        sign: { version: '3.3' },
      }),
    async customer(overrides = {}) {
      const body = signupBody(second, { email: `rg${++seq}.${Date.now()}@example.test`, ...overrides });
      const a = await identity.signup.signup(
        {
          firstname: String(body.firstname),
          lastname: String(body.lastname),
          email: String(body.email),
          password: String(body.password),
          dateOfBirth: String(body.date_of_birth),
          phone: String(body.phone),
          address: String(body.address),
          addressLine2: '',
          suburb: String(body.suburb),
          state: body.state as 'NSW',
          postcode: String(body.postcode),
          country: 'AU',
          marketingConsent: Boolean(body.marketing_consent),
          termsAndConditions: true,
          metadata: { platform: 'Web' },
        } as Parameters<Services['identity']['signup']['signup']>[0],
        { ip: '127.0.0.1' },
      );
      return {
        customerId: a.customer.customerId,
        token: second.tokenFor(a.customer.customerId),
        email: String(body.email),
        password: String(body.password),
      };
    },
    async fund(customerId, cents) {
      await db.transaction((tx) =>
        r.creditDeposit(tx, {
          customerId,
          amountCents: cents,
          currency: 'AUD',
          reference: `test-fund:${customerId}:${++seq}`,
          description: 'Test funds',
        }),
      );
    },
    async buy(customerId, cents) {
      await db.transaction(async (tx) => {
        await r.lockWallet(tx, customerId, 'AUD');
        await rg.guard.assertPurchase(tx, { customerId, amountCents: cents, currency: 'AUD' });
        await r.debitPurchase(tx, {
          customerId,
          amountCents: cents,
          currency: 'AUD',
          reference: `test-order:${customerId}:${++seq}`,
          description: 'Test order',
        });
      });
    },
    close: async () => {
      await second.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The service is the cart's PurchaseGuard and the payments' DepositGuard as they are declared (checked by tsc). */
export const asGuards = (rg: Services['responsibleGambling']): { purchase: PurchaseGuard; deposit: DepositGuard } => ({
  purchase: rg.guard,
  deposit: rg.guard,
});
