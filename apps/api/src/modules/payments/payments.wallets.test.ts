// Digital wallets (PayPal linked through POST /funds/pl/braintree, Apple Pay and Google Pay through
// POST /funds/{method}/{gateway}/deposit), deposit cancel from the provider's return, and the withdrawal states
// pending -> approved -> paid, through the real routes and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { verifiedCustomer } from '../../../test/helpers/customers.ts';
import { type Ledger } from '../wallet/index.ts';

let t: TestApp;
let ledger: Ledger;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: { max: 1_000_000, windowMs: 60_000 } } });
  ledger = t.services.ledger;
});
afterAll(() => t.close());

type Req = { method?: 'GET' | 'POST'; url: string; customer: string; body?: unknown; version?: string; key?: string };
const call = ({ method = 'GET', url, customer, body, version, key }: Req) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: {
      authorization: `Bearer ${t.tokenFor(customer)}`,
      ...(version ? { version } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
const balance = async (customer: string) =>
  (await call({ url: '/customer/withdrawable-funds', customer })).json().result.balance.amount as number;
const depositCount = async (customer: string) =>
  Number(
    (await t.database.pool.query('select count(*) from payments_deposits where customer_id = $1', [customer])).rows[0]
      .count,
  );

describe('digital wallets', () => {
  it('links PayPal, lists it under the digital wallets filter and deposits from the linked fund', async () => {
    const customer = 'cus_paypal';
    const linked = await call({
      method: 'POST',
      url: '/funds/pl/braintree',
      customer,
      body: { email: 'ada@example.com', nonce: 'fake-paypal-billing-agreement-nonce' },
    });
    expect(linked.statusCode).toBe(200);
    const fund = linked.json().result;
    expect(fund).toMatchObject({ type: 'paypal', code: 'pl', email: 'ada@example.com', verification: 'Verified' });
    const methods = (
      await call({
        url:
          '/payment_methods?filter=' + encodeURIComponent('funds.withdraw eq false and funds.digital_wallets eq true'),
        customer,
        version: '3.1',
      })
    ).json().result;
    const byCode = Object.fromEntries(methods.map((m: { code: string }) => [m.code, m]));
    expect(Object.keys(byCode)).toEqual(['cc', 'td', 'pl', 'ap', 'gp', 'bp']);
    expect(byCode.pl.funds.map((f: { id: string }) => f.id)).toEqual([fund.id]);
    expect(byCode.ap.attributes).toMatchObject({
      requires_browser_support: 'ApplePaySession',
      deposit_path: '/funds/ap/test/deposit',
    });
    // Without the digital-wallets clause they are left out.
    const plain = (
      await call({
        url: '/payment_methods?filter=' + encodeURIComponent('funds.withdraw eq false'),
        customer,
        version: '3.1',
      })
    ).json().result;
    expect(plain.map((m: { code: string }) => m.code)).toEqual(['cc', 'td', 'bp']);

    const res = await call({ method: 'POST', url: `/funds/${fund.id}/deposit`, customer, body: { amount: 40 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      status: 'approved',
      method_code: 'pl',
      fund_id: fund.id,
      amount: { amount: 40 },
    });
    expect(await balance(customer)).toBe(40);
    // PayPal is not a token-less method: without a linked fund there is nothing to charge.
    expect((await call({ method: 'POST', url: '/funds/pl/deposit', customer, body: { amount: 40 } })).statusCode).toBe(
      422,
    );
    // Someone else's PayPal fund is not found.
    expect(
      (
        await call({
          method: 'POST',
          url: `/funds/${fund.id}/deposit`,
          customer: 'cus_paypal_other',
          body: { amount: 40 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses to link PayPal without the gateway nonce, and a declined nonce links a fund that cannot deposit', async () => {
    const customer = 'cus_paypal_bad';
    expect(
      (await call({ method: 'POST', url: '/funds/pl/braintree', customer, body: { email: 'ada@example.com' } }))
        .statusCode,
    ).toBe(422);
    const fund = (
      await call({
        method: 'POST',
        url: '/funds/pl/braintree',
        customer,
        body: { email: 'ada@example.com', nonce: 'fake-processor-declined-visa-nonce' },
      })
    ).json().result;
    const res = await call({ method: 'POST', url: `/funds/${fund.id}/deposit`, customer, body: { amount: 40 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages[0]).toMatchObject({ code: 'deposit_failed', level: 'error' });
    expect(await balance(customer)).toBe(0);
  });

  it('deposits with Apple Pay and Google Pay tokens through POST /funds/{method}/{gateway}/deposit, once per Idempotency-Key', async () => {
    const customer = 'cus_wallets';
    const apple = await call({
      method: 'POST',
      url: '/funds/ap/test/deposit',
      customer,
      body: { amount: 25, wallet_token: 'fake-apple-pay-visa-nonce' },
      key: 'ap-1',
    });
    expect(apple.statusCode).toBe(200);
    expect(apple.json().result).toMatchObject({ status: 'approved', method_code: 'ap', amount: { amount: 25 } });
    const replay = await call({
      method: 'POST',
      url: '/funds/ap/test/deposit',
      customer,
      body: { amount: 25, wallet_token: 'fake-apple-pay-visa-nonce' },
      key: 'ap-1',
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().result.id).toBe(apple.json().result.id);
    const google = await call({
      method: 'POST',
      url: '/funds/gp/test/deposit',
      customer,
      body: { amount: 10.5, wallet_token: 'fake-android-pay-visa-nonce' },
    });
    expect(google.json().result).toMatchObject({ status: 'approved', method_code: 'gp' });
    expect(await balance(customer)).toBe(35.5);
    const txns = (await call({ url: '/transactions', customer })).json().result;
    expect(txns.map((x: { description: string }) => x.description)).toEqual([
      'Deposit (Google Pay)',
      'Deposit (Apple Pay)',
    ]);
  });

  it('answers bad wallet deposits with the spec messages and moves no money', async () => {
    const customer = 'cus_wallets_bad';
    const declined = await call({
      method: 'POST',
      url: '/funds/gp/test/deposit',
      customer,
      body: { amount: 20, wallet_token: 'fake-processor-declined-visa-nonce' },
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().messages[0]).toMatchObject({ code: 'deposit_failed', level: 'error' });
    const unreadable = await call({
      method: 'POST',
      url: '/funds/gp/test/deposit',
      customer,
      body: { amount: 20, wallet_token: 'not-a-wallet-token' },
    });
    expect(unreadable.statusCode).toBe(422);
    const before = await depositCount(customer);
    const cases: [unknown, string][] = [
      [1.234, 'Amount must follow format e.g: 1.50'],
      [0, 'Please enter an amount equal to or greater than $10.00.'],
      [5000.01, 'Please enter an amount equal to or less than $5,000.00.'],
    ];
    for (const [amount, message] of cases) {
      const res = await call({
        method: 'POST',
        url: '/funds/ap/test/deposit',
        customer,
        body: { amount, wallet_token: 'fake-apple-pay-visa-nonce' },
      });
      expect(res.statusCode, String(amount)).toBe(422);
      expect(res.json().errors.amount).toEqual([message]);
    }
    expect(await depositCount(customer)).toBe(before);
    expect(
      (
        await call({
          method: 'POST',
          url: '/funds/ap/stripe/deposit',
          customer,
          body: { amount: 20, wallet_token: 'fake-apple-pay-visa-nonce' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call({
          method: 'POST',
          url: '/funds/cc/test/deposit',
          customer,
          body: { amount: 20, wallet_token: 'fake-apple-pay-visa-nonce' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await call({ method: 'POST', url: '/funds/ap/test/deposit', customer, body: { amount: 20 } })).statusCode,
    ).toBe(422);
    expect(await balance(customer)).toBe(0);
  });
});

describe('BPAY', () => {
  it('gives the same biller code and customer reference every time, different per customer', async () => {
    const a = (await call({ url: '/funds/bp/deposit', customer: 'cus_bp_a' })).json().result.bpay;
    expect(a).toEqual({ biller_code: '123456', reference: expect.stringMatching(/^\d{10}$/) });
    expect((await call({ url: '/funds/bp/deposit', customer: 'cus_bp_a' })).json().result.bpay).toEqual(a);
    expect((await call({ url: '/funds/bp/deposit', customer: 'cus_bp_b' })).json().result.bpay.reference).not.toBe(
      a.reference,
    );
    expect(
      (await call({ method: 'POST', url: '/funds/bp/deposit', customer: 'cus_bp_a', body: { amount: 20 } })).statusCode,
    ).toBe(422);
  });
});

describe('deposit cancel', () => {
  const addCard = (customer: string, number: string) =>
    call({
      method: 'POST',
      url: '/funds/cc/test',
      customer,
      body: { card_number: number, expiry_month: 12, expiry_year: 2030, holder_name: 'Ada Lovelace' },
    });

  it('cancels a deposit waiting for 3-D Secure; the challenge can no longer approve it; repeating is harmless', async () => {
    const customer = 'cus_cancel';
    const card = (await addCard(customer, '4000000000003220')).json().result;
    const dep = (
      await call({
        method: 'POST',
        url: `/funds/${card.id}/deposit`,
        customer,
        version: '3.4',
        body: { amount: 30, csc: '123' },
      })
    ).json().result;
    expect(dep.status).toBe('challenge');
    expect(
      (await call({ method: 'POST', url: `/deposits/${dep.id}/cancel`, customer: 'cus_cancel_other' })).statusCode,
    ).toBe(404);
    const cancelled = await call({ method: 'POST', url: `/deposits/${dep.id}/cancel`, customer });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().result).toMatchObject({ id: dep.id, status: 'cancelled', transaction_id: null });
    expect((await call({ method: 'POST', url: `/deposits/${dep.id}/cancel`, customer })).json().result.status).toBe(
      'cancelled',
    );
    // The bank page is answered late: the gateway refuses, notify settles nothing, reconcile credits nothing.
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/v2/funds/test-gateway/3ds/${dep.id}`,
      payload: 'outcome=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(404);
    const notify = await t.app.inject({ method: 'GET', url: `/api/v2/3ds/notify?deposit_id=${dep.id}` });
    expect(notify.headers.location).toBe(`/my-account/deposit/details/${dep.id}/failure`);
    expect(await t.services.payments.reconciliation.reconcileDeposits()).toBe(0);
    expect((await call({ url: `/deposits/${dep.id}`, customer })).json().result.status).toBe('cancelled');
    expect(await balance(customer)).toBe(0);
    expect(await ledger.verify()).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0 });
  });

  it('refuses (409) to cancel an approved deposit, and credits rather than cancels one the gateway already approved', async () => {
    const customer = 'cus_cancel_late';
    const done = (await call({ method: 'POST', url: '/funds/td/deposit', customer, body: { amount: 20 } })).json()
      .result;
    const refused = await call({ method: 'POST', url: `/deposits/${done.id}/cancel`, customer });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().messages[0].code).toBe('deposit_already_approved');
    // The timeout card: charged at the gateway, the shop never heard back; the deposit is still pending here.
    const card = (await addCard(customer, '4000000000000119')).json().result;
    const lost = (
      await call({
        method: 'POST',
        url: `/funds/${card.id}/deposit`,
        customer,
        version: '3.4',
        body: { amount: 15, csc: '123' },
      })
    ).json().result;
    expect(lost.status).toBe('pending');
    expect((await call({ method: 'POST', url: `/deposits/${lost.id}/cancel`, customer })).statusCode).toBe(409);
    expect((await call({ url: `/deposits/${lost.id}`, customer })).json().result.status).toBe('approved');
    expect(await balance(customer)).toBe(35);
  });
});

describe('withdrawal states', () => {
  it('goes pending -> approved -> paid, each step once, and shows each state', async () => {
    const customer = (await verifiedCustomer(t)).customerId;
    await t.database.db.transaction((tx) =>
      ledger.creditPrize(tx, {
        customerId: customer,
        amountCents: 10_000,
        currency: 'AUD',
        reference: 'wd-states:prize',
        description: 'Prize',
      }),
    );
    const payments = t.services.payments.withdrawals;
    const w = (await call({ method: 'POST', url: '/funds/tw/test/withdraw', customer, body: { amount: 30 } })).json()
      .result;
    expect(w.status).toBe('pending');
    expect((await payments.approveWithdrawal(w.id)).status).toBe('approved');
    expect((await payments.approveWithdrawal(w.id)).status).toBe('approved');
    expect((await call({ url: `/withdrawals/${w.id}`, customer })).json().result.status).toBe('approved');
    // An approved withdrawal is on its way out: it can no longer be rejected, and an operator run resumes paying it.
    await expect(payments.decideWithdrawal(w.id, 'reject')).rejects.toMatchObject({ statusCode: 409 });
    expect((await payments.pendingWithdrawals()).map((x) => x.id)).toContain(w.id);
    const [paid, again] = await Promise.allSettled([payments.payWithdrawal(w.id), payments.payWithdrawal(w.id)]);
    expect([paid.status, again.status].sort()).toEqual(['fulfilled', 'rejected']);
    expect((await call({ url: `/withdrawals/${w.id}`, customer })).json().result.status).toBe('paid');
    expect((await call({ url: '/customer/withdrawable-funds', customer })).json().result).toMatchObject({
      withdrawable_funds: { amount: 70 },
      pending_withdrawals: { amount: 0 },
    });
    const entries = await t.database.pool.query('select count(*) from wallet_entries where reference = $1', [
      `withdrawal:${w.id}:paid`,
    ]);
    expect(Number(entries.rows[0].count)).toBe(1);
    await expect(payments.approveWithdrawal('wdr_missing')).rejects.toMatchObject({ statusCode: 404 });
  });
});
