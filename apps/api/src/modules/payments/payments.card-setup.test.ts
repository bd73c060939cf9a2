// Issue 20 item 8: GET /funds/{gateway} and POST /funds/stripe/setup (features §7 Funds) through the real routes and
// database, with Stripe's card setup simulated by the built-in test gateway (Stripe's documented test payment methods).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: { max: 1_000_000, windowMs: 60_000 } } });
});
afterAll(() => t.close());

const call = (customer: string | null, method: 'GET' | 'POST', url: string, body?: unknown, version?: string) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: {
      ...(customer ? { authorization: `Bearer ${t.tokenFor(customer)}` } : {}),
      ...(version ? { version } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
const setup = (customer: string, body: unknown) => call(customer, 'POST', '/funds/stripe/setup', body);
const cards = async (customer: string, gateway: string) =>
  (await call(customer, 'GET', `/funds/${gateway}`)).json().result.funds as {
    id: string;
    gateway: string;
    brand: string;
    last_4: string;
    default: boolean;
  }[];

describe('POST /funds/stripe/setup', () => {
  it('saves the card of a confirmed setup, charges nothing, and a deposit from it is approved', async () => {
    const res = await setup('cus_stripe', { payment_method_id: 'pm_card_visa', holder_name: 'Ada Lovelace' });
    expect(res.statusCode).toBe(200);
    const fund = res.json().result;
    expect(fund).toMatchObject({
      code: 'cc',
      type: 'card',
      gateway: 'stripe',
      brand: 'visa',
      last_4: '4242',
      holder_name: 'Ada Lovelace',
      default: true,
      verification: 'Verified',
    });
    expect(fund.expiry_year).toBeGreaterThan(t.clock.now().getUTCFullYear());
    const wallet = async () =>
      (await call('cus_stripe', 'GET', '/customer/withdrawable-funds')).json().result.available_funds.amount;
    expect(await wallet()).toBe(0);
    // Stripe asks no card security code for a saved card.
    const deposit = await call('cus_stripe', 'POST', `/funds/${fund.id}/deposit`, { amount: 20 }, '3.4');
    expect(deposit.statusCode, deposit.body).toBe(200);
    expect(deposit.json().result.status).toBe('approved');
    expect(await wallet()).toBe(20);
  });

  it('a second card is not the default unless asked', async () => {
    await setup('cus_two', { payment_method_id: 'pm_card_visa' });
    const second = (await setup('cus_two', { payment_method_id: 'pm_card_mastercard' })).json().result;
    expect(second).toMatchObject({ brand: 'mastercard', last_4: '4444', default: false });
    const third = (await setup('cus_two', { payment_method_id: 'pm_card_amex', default: true })).json().result;
    expect(third).toMatchObject({ brand: 'amex', last_4: '0005', default: true });
    expect((await cards('cus_two', 'stripe')).filter((c) => c.default).map((c) => c.id)).toEqual([third.id]);
  });

  it('a declined card or an unknown payment method saves nothing (422)', async () => {
    for (const [pm, code] of [
      ['pm_card_chargeDeclined', 'card_declined'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'card_declined'],
      ['pm_not_a_test_card', 'payment_method_invalid'],
    ] as const) {
      const res = await setup('cus_refused', { payment_method_id: pm });
      expect(res.statusCode, pm).toBe(422);
      expect(res.json().messages[0].code).toBe(code);
    }
    expect(await cards('cus_refused', 'stripe')).toEqual([]);
  });

  it('rejects malformed bodies with 422 and the field errors, saving nothing', async () => {
    for (const body of [
      {},
      { payment_method_id: '' },
      { payment_method_id: 'tok_visa' },
      { payment_method_id: 'pm_card_visa; drop' },
      { payment_method_id: `pm_${'a'.repeat(300)}` },
      { payment_method_id: 'pm_card_visa', card_number: '4242424242424242' },
      { payment_method_id: 'pm_card_visa', holder_name: '4242 4242 4242 4242' },
      { payment_method_id: 'pm_card_visa', default: 'yes' },
    ]) {
      const res = await setup('cus_malformed', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().result).toBeNull();
    }
    expect(await cards('cus_malformed', 'stripe')).toEqual([]);
  });

  it('needs a signed-in customer', async () => {
    const res = await call(null, 'POST', '/funds/stripe/setup', { payment_method_id: 'pm_card_visa' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /funds/{gateway}', () => {
  it("lists the gateway's settings and only this customer's cards saved through it", async () => {
    await setup('cus_list', { payment_method_id: 'pm_card_visa' });
    const tested = await call('cus_list', 'POST', '/funds/cc/test', {
      card_number: '4242424242424242',
      expiry_month: 12,
      expiry_year: 2030,
      holder_name: 'Ada Lovelace',
    });
    expect(tested.statusCode).toBe(200);
    await setup('cus_other', { payment_method_id: 'pm_card_mastercard' });

    const stripe = (await call('cus_list', 'GET', '/funds/stripe')).json().result;
    expect(stripe.gateway).toEqual({
      key: 'stripe',
      name: 'Stripe (simulated by the test gateway)',
      csc_required: false,
    });
    expect(stripe.funds.map((f: { gateway: string; last_4: string }) => [f.gateway, f.last_4])).toEqual([
      ['stripe', '4242'],
    ]);
    const test = (await call('cus_list', 'GET', '/funds/test')).json().result;
    expect(test.gateway).toMatchObject({ key: 'test', csc_required: true });
    expect(test.funds.map((f: { id: string }) => f.id)).toEqual([tested.json().result.id]);
  });

  it('answers 404 for a gateway the shop does not offer and 422 for one that does not exist', async () => {
    const braintree = await call('cus_list', 'GET', '/funds/braintree');
    expect(braintree.statusCode).toBe(404);
    expect(braintree.json().messages[0].code).toBe('gateway_not_found');
    expect((await call('cus_list', 'GET', '/funds/nope')).statusCode).toBe(422);
    expect((await call('cus_list', 'GET', `/funds/${'x'.repeat(100)}`)).statusCode).toBe(422);
  });

  it('needs a signed-in customer', async () => {
    expect((await call(null, 'GET', '/funds/stripe')).statusCode).toBe(401);
  });

  it('the card gateways list offers the Stripe setup with its test payment methods', async () => {
    const list = (await call('cus_list', 'GET', '/funds/card_gateways')).json().result as {
      key: string;
      test_cards: { number: string; outcome: string }[];
    }[];
    expect(list.map((g) => g.key)).toEqual(['test', 'stripe']);
    expect(list[1]!.test_cards).toContainEqual({ number: 'pm_card_visa', outcome: 'approved' });
  });
});
