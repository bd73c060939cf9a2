// Affiliates (issue 19): the affiliate code stored with the sign-up's attribution and on the cart (core §7
// affiliateCode), the checkout bought with it recorded for the affiliate, and the report by CLI: sign-ups, first
// deposits and sales per code. A code with characters outside the identifier rule is refused, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupBody } from '../../test/helpers/customers.ts';
import { runOpsCaptured } from '../../test/helpers/ops.ts';
import { buildRgTestApp, OZ_LOTTO_TICKET, type RgTestApp } from '../../test/helpers/responsible-gambling.ts';

let t: RgTestApp;
beforeAll(async () => {
  t = await buildRgTestApp({ argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } });
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
const addWithCode = (c: { customerId: string }, code: string) =>
  t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/items',
    headers: t.auth(c),
    payload: { item: OZ_LOTTO_TICKET, affiliate_code: code },
    sign: { version: '3.3' },
  });

describe('affiliate attribution', () => {
  it('a sign-up with ?aff and utm, a first deposit and a purchase show in the affiliate report', async () => {
    expect((await ops('affiliates:report')).out).toBe('No affiliate sign-ups or sales yet.');
    const signup = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/signup',
      payload: signupBody(t, { attribution: { utm_source: 'newsletter', affiliate_code: 'koala-news' } }),
      sign: { version: '3.5' },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const c = { customerId: signup.json().result.customer.customer_id as string };
    const stored = await t.database.pool.query('select attribution from identity_customers where public_id = $1', [
      c.customerId,
    ]);
    expect(stored.rows[0].attribution).toEqual({ utmSource: 'newsletter', affiliateCode: 'koala-news' });
    await t.identity.directory.setVerified(c.customerId, true);
    await t.fund(c.customerId, 2_000);
    await t.fund(c.customerId, 3_000);

    expect((await addWithCode(c, 'koala-news')).statusCode).toBe(200);
    const bought = await t.purchaseCart(c);
    expect(bought.statusCode, bought.body).toBe(200);
    // The next purchase without a code on the cart is not the affiliate's.
    expect((await t.addTicket(c)).statusCode).toBe(200);
    expect((await t.purchaseCart(c)).statusCode).toBe(200);

    const checkout = await t.database.pool.query(
      'select c.total_cents from orders_checkouts c join orders_affiliations a on a.checkout_id = c.id where a.affiliate_code = $1',
      ['koala-news'],
    );
    expect(checkout.rowCount).toBe(1);
    const total = Number(checkout.rows[0].total_cents);
    const report = await ops('affiliates:report');
    expect(report.code).toBe(0);
    expect(report.out).toBe(
      `koala-news: 1 sign-up(s), 1 first deposit(s) AUD 20.00, 1 sale(s) AUD ${(total / 100).toFixed(2)}`,
    );
  });

  it('an anonymous cart keeps its code through conversion at login', async () => {
    const c = await t.customer();
    const created = await t.injectSigned({ method: 'POST', url: '/api/v2/anon-cart', sign: { version: '3.3' } });
    const ref = created.json().result.cart_reference as string;
    const add = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/anon-cart/${ref}/items`,
      payload: { item: OZ_LOTTO_TICKET, affiliate_code: 'anon_aff' },
      sign: { version: '3.3' },
    });
    expect(add.statusCode, add.body).toBe(200);
    const convert = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/anon-cart/${ref}/convert`,
      headers: t.auth(c),
      sign: { version: '3.3' },
    });
    expect(convert.statusCode, convert.body).toBe(200);
    await t.identity.directory.setVerified(c.customerId, true);
    await t.fund(c.customerId, 2_000);
    expect((await t.purchaseCart(c)).statusCode).toBe(200);
    expect((await ops('affiliates:report')).out).toContain(
      'anon_aff: 0 sign-up(s), 0 first deposit(s) 0.00, 1 sale(s)',
    );
  });

  it('a code outside letters, digits, hyphen and underscore is refused and changes nothing', async () => {
    const c = await t.customer();
    const bad = await addWithCode(c, 'x<script>');
    expect(bad.statusCode).toBe(422);
    const cart = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/cart/items',
      headers: t.auth(c),
      sign: { version: '3.3' },
    });
    expect(cart.json().result.cart_items).toEqual({});
    const signup = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/signup',
      payload: signupBody(t, { attribution: { affiliate_code: 'bad code' } }),
      sign: { version: '3.5' },
    });
    expect(signup.statusCode).toBe(422);
  });
});
