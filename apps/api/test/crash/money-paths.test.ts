// The crash suite (issue 14, ADR 026): every money path is run by the real app in a child process that is killed
// with SIGKILL at each step: after the Idempotency-Key is claimed, after the operation is recorded, after the gateway
// charged, after the ledger write, after the purchase committed, after the answer was stored. The shop then
// "restarts" (a fresh app on the same database) and the customer retries with the same key: first while the dead
// request's claim is still fresh (409, nothing re-run), then after the stale window (recovered). Every time there must
// be exactly one gateway charge, one ledger entry, one order, and the customer gets one answer, replayed identically.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../src/lib/crash-points.ts';
import { STALE_CLAIM_MS } from '../../src/plugins/idempotency.ts';
import { buildTestApp, TEST_APP_KEYS, TEST_AUTH_SECRET, TEST_PUBLIC_URL, type TestApp } from '../helpers/app.ts';
import { verifiedCustomer } from '../helpers/customers.ts';
import { backOffice } from '../helpers/operators.ts';

const CHILD = fileURLToPath(new URL('./shop-crash-child.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let t: TestApp;
let ledger: TestApp['services']['ledger'];
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: { max: 1_000_000, windowMs: 60_000 } } });
  ledger = t.services.ledger;
});
afterAll(async () => {
  await t?.close();
  console.log(
    `crash suite: ${crashes} crash points killed with SIGKILL and recovered, ${doubleCharges} double charges`,
  );
});

let crashes = 0;
let doubleCharges = 0;

type Call = { method: 'POST'; url: string; body: unknown; headers: Record<string, string> };

/** Starts the real app in a child process that dies at `point`, sends it `call`, and waits for the SIGKILL. */
async function crashAt(point: CrashPoint, call: Call): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      CRASH_DATABASE_URL: t.database.url,
      CRASH_AT: point,
      CRASH_NOW: t.clock.now().toISOString(),
      APP_KEYS: TEST_APP_KEYS,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PUBLIC_URL: TEST_PUBLIC_URL,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += String(d)));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += String(d);
      const line = /\{"port":(\d+)\}/.exec(out);
      if (line) resolve(Number(line[1]));
    });
    child.on('exit', (code) => reject(new Error(`crash child exited (${code}) before listening: ${err}`)));
  });
  const answered = await fetch(`http://127.0.0.1:${port}${call.url}`, {
    method: call.method,
    headers: { ...call.headers, 'content-type': 'application/json' },
    body: JSON.stringify(call.body),
  }).then(
    async (r) => `answered ${r.status} ${await r.text().catch(() => '')}`,
    () => null,
  );
  expect(answered, `the request should have died at ${point}: ${err}`).toBeNull();
  expect(await exited).toBe('SIGKILL');
  crashes++;
}

/** The same request to the restarted shop (a fresh app on the same database, its clock moved on). */
const retry = (call: Call) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    headers: { ...call.headers, ...t.sign(signOf(call)) },
    payload: call.body as object,
  });

const signOf = (call: Call) => (call.headers.version ? { version: call.headers.version } : {});

/**
 * Crash at the point, then retry: 409 while the dead claim is fresh, then the recovered answer, replayed after. A
 * point in `answeredAt` is one where the key's answer was already stored (POST /cart/purchase stores it in the
 * purchase's own write, issue 22): the retry replays it at once.
 */
async function crashAndRecover(point: CrashPoint, call: Call, answeredAt: CrashPoint[] = ['idempotency:stored']) {
  const answered = answeredAt.includes(point);
  await crashAt(point, { ...call, headers: { ...call.headers, ...t.sign(signOf(call)) } });
  t.clock.advance(10_000);
  const early = await retry(call);
  if (answered) {
    // The answer was stored before the kill: it is replayed at once.
    expect(early.headers['idempotent-replayed']).toBe('true');
  } else {
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().messages[0].code).toBe('idempotency_in_flight');
  }
  t.clock.advance(STALE_CLAIM_MS + 60_000);
  const recovered = await retry(call);
  expect(recovered.statusCode, `${point}: ${recovered.body}`).toBe(200);
  const replay = await retry(call);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.body).toBe(recovered.body);
  if (answered) expect(recovered.body).toBe(early.body);
  return recovered.json().result;
}

const count = async (sql: string, params: unknown[]) => Number((await t.database.pool.query(sql, params)).rows[0].n);
const chargesOf = (customerId: string) =>
  count(
    'select count(*) as n from payments_test_gateway_charges c join payments_deposits d on d.public_id = c.order_id where d.customer_id = $1',
    [customerId],
  );
const entries = (pattern: string) =>
  count('select count(*) as n from wallet_entries where reference like $1', [pattern]);

function newCustomer() {
  const id = `cus_crash${randomBytes(6).toString('hex')}`;
  return { id, headers: { authorization: `Bearer ${t.tokenFor(id)}` } };
}

async function assertOneDeposit(customerId: string, result: { id: string; status: string }, amount: number) {
  const charges = await chargesOf(customerId);
  if (charges > 1) doubleCharges++;
  expect(charges).toBe(1);
  expect(await count('select count(*) as n from payments_deposits where customer_id = $1', [customerId])).toBe(1);
  expect(result.status).toBe('approved');
  expect(await entries(`deposit:${result.id}`)).toBe(1);
  expect((await ledger.fundsSummary(customerId)).availableFundsCents).toBe(amount * 100);
}

/** A saved test card that approves; its fund id. */
async function addCard(c: ReturnType<typeof newCustomer>): Promise<string> {
  const card = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/funds/cc/test',
    headers: c.headers,
    payload: { card_number: '4242424242424242', expiry_month: 12, expiry_year: 2030, holder_name: 'Crash Test' },
  });
  return card.json().result.id as string;
}

const DEPOSIT_POINTS: CrashPoint[] = [
  'idempotency:claimed',
  'deposit:recorded',
  'deposit:charged',
  'deposit:settled',
  'idempotency:stored',
];

type DepositMethod = { name: string; prepare: (c: ReturnType<typeof newCustomer>) => Promise<Call> };
const DEPOSIT_METHODS: DepositMethod[] = [
  {
    name: 'td (test deposit)',
    prepare: async (c) => ({
      method: 'POST',
      url: '/api/v2/funds/td/deposit',
      body: { amount: 25 },
      headers: c.headers,
    }),
  },
  {
    name: 'cc (saved card)',
    prepare: async (c) => {
      const id = await addCard(c);
      return {
        method: 'POST',
        url: `/api/v2/funds/${id}/deposit`,
        body: { amount: 25, csc: '123' },
        headers: c.headers,
      };
    },
  },
  {
    name: 'pl (linked PayPal)',
    prepare: async (c) => {
      const linked = await t.injectSigned({
        method: 'POST',
        url: '/api/v2/funds/pl/braintree',
        headers: c.headers,
        payload: { email: 'crash@example.test', nonce: 'fake-paypal-billing-agreement-nonce' },
      });
      const id = linked.json().result.id as string;
      return { method: 'POST', url: `/api/v2/funds/${id}/deposit`, body: { amount: 25 }, headers: c.headers };
    },
  },
  {
    name: 'ap (Apple Pay)',
    prepare: async (c) => ({
      method: 'POST',
      url: '/api/v2/funds/ap/test/deposit',
      body: { amount: 25, wallet_token: 'fake-apple-pay-visa-nonce' },
      headers: c.headers,
    }),
  },
  {
    name: 'gp (Google Pay)',
    prepare: async (c) => ({
      method: 'POST',
      url: '/api/v2/funds/gp/test/deposit',
      body: { amount: 25, wallet_token: 'fake-android-pay-visa-nonce' },
      headers: c.headers,
    }),
  },
];

const key = () => ({ 'idempotency-key': `crash-${randomBytes(6).toString('hex')}` });

describe('deposits (every method) survive kill -9 at every step', () => {
  for (const m of DEPOSIT_METHODS) {
    for (const point of DEPOSIT_POINTS) {
      it(`${m.name}: killed at ${point}`, async () => {
        const c = newCustomer();
        const call = await m.prepare(c);
        call.headers = { ...call.headers, ...key() };
        const result = await crashAndRecover(point, call);
        await assertOneDeposit(c.id, result, 25);
      }, 120_000);
    }
  }
});

describe('withdrawals survive kill -9 at every step', () => {
  for (const point of ['idempotency:claimed', 'withdrawal:recorded', 'idempotency:stored'] as CrashPoint[]) {
    it(`tw (test withdrawal): killed at ${point}`, async () => {
      const customer = await verifiedCustomer(t);
      await t.database.db.transaction((tx) =>
        ledger.creditPrize(tx, {
          customerId: customer.customerId,
          amountCents: 10_000,
          currency: 'AUD',
          reference: `crash-prize:${customer.customerId}`,
          description: 'Prize',
        }),
      );
      const call: Call = {
        method: 'POST',
        url: '/api/v2/funds/tw/dest_crash/withdraw',
        body: { amount: 60 },
        headers: { authorization: `Bearer ${t.tokenFor(customer.customerId)}`, ...key() },
      };
      const result = await crashAndRecover(point, call);
      expect(result).toMatchObject({ status: 'pending', amount: { amount: 60 } });
      expect(
        await count('select count(*) as n from payments_withdrawals where customer_id = $1', [customer.customerId]),
      ).toBe(1);
      expect(await entries(`withdrawal:${result.id}`)).toBe(1);
      expect((await ledger.fundsSummary(customer.customerId)).withdrawableCents).toBe(4_000);
    }, 120_000);
  }
});

const V33 = { version: '3.3' };
const OZ_TICKET = {
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
};

async function cartWithTicket(c: ReturnType<typeof newCustomer>) {
  const res = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/items',
    headers: c.headers,
    payload: { item: OZ_TICKET },
    sign: V33,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const checkoutsOf = (customerId: string) =>
  count('select count(*) as n from orders_checkouts where customer_id = $1', [customerId]);
const ordersOf = (customerId: string) =>
  count('select count(*) as n from orders_orders where customer_id = $1', [customerId]);

/** The purchase's key is done with its checkout: a kill after the commit leaves the answer stored. */
const PURCHASE_ANSWERED_AT: CrashPoint[] = ['purchase:committed', 'idempotency:stored'];

describe('purchases survive kill -9 at every step', () => {
  for (const point of ['idempotency:claimed', 'purchase:committed', 'idempotency:stored'] as CrashPoint[]) {
    it(`from the wallet: killed at ${point}`, async () => {
      const c = newCustomer();
      await t.database.db.transaction((tx) =>
        ledger.creditDeposit(tx, {
          customerId: c.id,
          amountCents: 5_000,
          currency: 'AUD',
          reference: `crash-funds:${c.id}`,
          description: 'Test deposit',
        }),
      );
      await cartWithTicket(c);
      const call: Call = {
        method: 'POST',
        url: '/api/v2/cart/purchase',
        body: {},
        headers: { ...c.headers, ...V33, ...key() },
      };
      const result = await crashAndRecover(point, call, PURCHASE_ANSWERED_AT);
      expect(result.checkout_id).toMatch(/^chk_/);
      expect(await checkoutsOf(c.id)).toBe(1);
      expect(await ordersOf(c.id)).toBe(1);
      expect(await entries(result.checkout_id)).toBe(1);
      expect((await ledger.fundsSummary(c.id)).availableFundsCents).toBeLessThan(5_000);
    }, 120_000);
  }
});

describe('syndicate share purchases survive kill -9 at every step', () => {
  for (const point of ['idempotency:claimed', 'purchase:committed', 'idempotency:stored'] as CrashPoint[]) {
    it(`2 of 4 shares from the wallet: killed at ${point}`, async () => {
      const c = newCustomer();
      await t.database.db.transaction((tx) =>
        ledger.creditDeposit(tx, {
          customerId: c.id,
          amountCents: 50_000,
          currency: 'AUD',
          reference: `crash-funds:${c.id}`,
          description: 'Test deposit',
        }),
      );
      const syndicate = await t.services.syndicates.create({
        offerKey: 'oz-lotto',
        shares: 4,
        tickets: [{ gameType: 'standard', size: 4 }],
        createdBy: 'crash-suite',
      });
      const added = await t.injectSigned({
        method: 'POST',
        url: '/api/v2/cart/items',
        headers: c.headers,
        payload: {
          item: {
            product_type: 'syndicate_share',
            product_offer_key: 'oz-lotto',
            syndicate: { syndicate: syndicate.id, num_shares: 2 },
          },
        },
        sign: V33,
      });
      expect(added.statusCode, added.body).toBe(200);
      const call: Call = {
        method: 'POST',
        url: '/api/v2/cart/purchase',
        body: {},
        headers: { ...c.headers, ...V33, ...key() },
      };
      const result = await crashAndRecover(point, call, PURCHASE_ANSWERED_AT);
      expect(await checkoutsOf(c.id)).toBe(1);
      expect(await ordersOf(c.id)).toBe(1);
      expect(await entries(result.checkout_id)).toBe(1);
      // Two shares sold once: the syndicate's counter and the customer's share rows agree.
      const sold = await t.database.pool.query<{ sold: number; held: string }>(
        `select s.sold, (select coalesce(sum(h.num_shares), 0) from syndicates_shares h
           where h.syndicate_id = s.id) as held from syndicates_syndicates s where s.public_id = $1`,
        [syndicate.id],
      );
      expect(sold.rows[0]).toEqual({ sold: 2, held: '2' });
      expect((await ledger.fundsSummary(c.id)).availableFundsCents).toBe(
        50_000 - 2 * syndicate.costPerShare.amount * 100,
      );
    }, 120_000);
  }
});

describe('deposit-and-purchase survives kill -9 at every step', () => {
  const points: CrashPoint[] = [
    'idempotency:claimed',
    'deposit:recorded',
    'deposit:charged',
    'deposit:settled',
    'purchase:committed',
    'idempotency:stored',
  ];
  for (const point of points) {
    it(`with a saved card: killed at ${point}`, async () => {
      const c = newCustomer();
      const cardId = await addCard(c);
      await cartWithTicket(c);
      const call: Call = {
        method: 'POST',
        url: '/api/v2/cart/deposit_purchase',
        body: { deposit: { amount: 10, customer_fund_id: cardId, csc: '123' }, purchase: {} },
        headers: { ...c.headers, ...V33, ...key() },
      };
      const result = await crashAndRecover(point, call);
      expect(result).toMatchObject({ status: 'approved' });
      const charges = await chargesOf(c.id);
      if (charges > 1) doubleCharges++;
      expect(charges).toBe(1);
      expect(await entries(`deposit:${result.deposit_id}`)).toBe(1);
      expect(await checkoutsOf(c.id)).toBe(1);
      expect(await ordersOf(c.id)).toBe(1);
      expect(await entries(result.checkout_id)).toBe(1);
    }, 120_000);
  }
});

describe('a refund of a deposit survives kill -9 between its ledger movement and the gateway', () => {
  /** An approved $25.00 card deposit of a new customer, and a finance operator's token. */
  async function refundable() {
    const c = newCustomer();
    const fund = await addCard(c);
    const d = await t.services.payments.deposits.deposit(c.id, fund, { amount: 25, csc: '123' });
    expect(d.status).toBe('approved');
    const office = await backOffice(t, t.database, `admin-${randomBytes(4).toString('hex')}@crash.test`);
    const finance = await office.operator(`finance-${randomBytes(4).toString('hex')}@crash.test`, 'finance');
    const call: Call = {
      method: 'POST',
      url: `/api/admin/deposits/${d.id}/refund`,
      body: { amountCents: 1000, reason: 'Crash test', key: `crash-${randomBytes(6).toString('hex')}` },
      headers: { authorization: `Bearer ${finance.token}` },
    };
    await crashAt('refund:recorded', call);
    // Killed after the ledger moved and before the gateway was asked: the refund is pending, the money is out.
    expect(await entries(`refund:rfd_%`)).toBeGreaterThan(0);
    const refundsOf = (status: string) =>
      count('select count(*) as n from payments_refunds where deposit_id = $1 and status = $2', [d.id, status]);
    expect(await refundsOf('pending')).toBe(1);
    expect((await ledger.fundsSummary(c.id)).balanceCents).toBe(1500);
    return { c, depositId: d.id, call, refundsOf };
  }
  const gatewayRefunds = (depositId: string) =>
    count('select count(*) as n from payments_test_gateway_refunds where order_id = $1', [depositId]);

  async function assertRefundedOnce(r: Awaited<ReturnType<typeof refundable>>) {
    expect(await r.refundsOf('refunded')).toBe(1);
    expect(await r.refundsOf('pending')).toBe(0);
    expect(await gatewayRefunds(r.depositId)).toBe(1);
    const ref = (
      await t.database.pool.query('select public_id from payments_refunds where deposit_id = $1', [r.depositId])
    ).rows[0].public_id;
    expect(await entries(`refund:${ref}`)).toBe(1);
    expect((await ledger.fundsSummary(r.c.id)).balanceCents).toBe(1500);
    expect(await ledger.verify()).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, totalCents: 0 });
  }

  it('the operator retries with the same key: refunded once; reconciling after it finds nothing to do', async () => {
    const r = await refundable();
    const again = await t.app.inject({
      method: 'POST',
      url: r.call.url,
      headers: r.call.headers,
      payload: r.call.body as object,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.status).toBe('refunded');
    expect((await t.services.payments.reconciliation.reconcile()).refunds).toEqual([]);
    await assertRefundedOnce(r);
  }, 120_000);

  it('nobody retries: reconciliation finishes it, once however often it runs', async () => {
    const r = await refundable();
    const [a, b] = await Promise.all([
      t.services.payments.reconciliation.reconcile(),
      t.services.payments.reconciliation.reconcile(),
    ]);
    expect([...a.refunds, ...b.refunds].filter((f) => f.depositId === r.depositId).length).toBeGreaterThan(0);
    expect((await t.services.payments.reconciliation.reconcile()).refunds).toEqual([]);
    await assertRefundedOnce(r);
  }, 120_000);
});
