// Partner calls over HTTP against the seeded demo partner (kids-hospital: the prize home raffle at $50 a ticket,
// 10 % commission): GET /partners/{slug}, the partner carts, POST /cart/partner/{slug}/purchase from the wallet, with
// a card deposit and through 3-D Secure, its bad input, idempotency, the commission in the ledger, and the CLI.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { addTestCard, passChallenge } from '../../../test/helpers/cards.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { fundWallet } from '../../../test/helpers/recurring.ts';
import { RAFFLE_SEED } from '../raffles/index.ts';

let t: TestApp;
const SLUG = 'kids-hospital';
const V32 = { version: '3.2' } as const;
const item = (numTickets = 3, lottery: string = RAFFLE_SEED.prizeHome) => ({
  lottery,
  raffle_offer: { num_tickets: numTickets },
  draw_number: null,
});
const purchaseOf = (over: Record<string, unknown> = {}) => ({
  cart_item: item(),
  deposit: null,
  purchase: { channel_key: 'kids_hospital_web', partner_key: 'kids_hospital', metadata: { campaign: 'spring' } },
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function shopper(cents: number) {
  const c = await signUpAndLogin(t);
  if (cents) await fundWallet(t.services, c.customerId, cents);
  return { id: c.customerId, headers: { authorization: `Bearer ${c.accessToken}` } };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

const buy = (s: Shopper, key: string, payload: Record<string, unknown> = purchaseOf()) =>
  t.injectSigned({
    method: 'POST',
    url: `/api/v2/cart/partner/${SLUG}/purchase`,
    headers: { ...s.headers, 'idempotency-key': key },
    payload,
    sign: V32,
  });

const available = async (id: string) => (await t.services.ledger.fundsSummary(id)).availableFundsCents;
async function rowsOf(table: 'orders_checkouts' | 'partners_sales', customerId: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where customer_id = ${customerId}`,
  );
  return Number(rows[0]!.n);
}
async function commissionOf(checkoutId: string) {
  const { rows } = await t.database.db.execute<{ kind: string; amount: string }>(
    sql`select a.kind, l.amount_cents as amount from wallet_entries e join wallet_lines l on l.entry_id = e.id
        join wallet_accounts a on a.id = l.account_id where e.reference = ${`commission:${checkoutId}`} order by a.kind`,
  );
  return rows.map((r) => [r.kind, Number(r.amount)]);
}
async function ledgerHolds() {
  const v = await t.services.ledger.verify();
  expect(v).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalCents: 0 });
}

describe('GET /partners/{slug}', () => {
  it('gives the partner: key, channels, branding and its offers on sale; an unknown slug is 404', async () => {
    const res = await t.injectSigned({ method: 'GET', url: `/api/v2/partners/${SLUG}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({
      slug: SLUG,
      key: 'kids_hospital',
      name: "Children's Hospital Foundation",
      channels: [{ channel_key: 'kids_hospital_web' }],
      branding: { logo_url: null, primary_colour: '#0b4f7c', accent_colour: '#f2b705', website_url: null },
      offers: [
        {
          product_offer_key: RAFFLE_SEED.prizeHome,
          name: "Children's Hospital Prize Home",
          ticket_price: { amount: 50, currency: 'AUD' },
          default_tickets: 3,
        },
      ],
    });
    const missing = await t.injectSigned({ method: 'GET', url: '/api/v2/partners/no-such-partner' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().messages[0].code).toBe('partner_not_found');
    expect((await t.injectSigned({ method: 'GET', url: '/api/v2/partners/Bad_Slug' })).statusCode).toBe(422);
  });
});

describe('partner carts', () => {
  it('prices the item for a visitor and for a customer (with the wallet); an offer the partner may not sell is 422', async () => {
    const anon = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/anon-cart/partner/${SLUG}`,
      payload: { cart_item: item(3) },
    });
    expect(anon.statusCode, anon.body).toBe(200);
    expect(anon.json().result).toMatchObject({
      customer_id: null,
      cart_total: { amount: 125, currency: 'AUD' },
      pre_order_total: { amount: 0, currency: 'AUD' },
      blocked_reasons: {},
      requires_unattended_payment_method: false,
      wallet_balance: null,
    });
    expect(anon.json().result.cart_items).toEqual([
      expect.objectContaining({
        lottery_key: RAFFLE_SEED.prizeHome,
        num_tickets: 3,
        recurring_purchase: { enabled: false },
      }),
    ]);
    expect(anon.json().result.cart_items[0].draw_no).toBeGreaterThan(0);

    const empty = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/anon-cart/partner/${SLUG}`,
      payload: { cart_item: null },
    });
    expect(empty.json().result).toMatchObject({ cart_items: [], cart_total: { amount: 0, currency: 'AUD' } });

    const notSold = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/anon-cart/partner/${SLUG}`,
      payload: { cart_item: item(1, RAFFLE_SEED.surfCar) },
    });
    expect(notSold.statusCode).toBe(422);
    expect(notSold.json().messages[0].code).toBe('offer_not_sold_by_partner');
    expect(notSold.json().errors.lottery).toEqual(["Children's Hospital Foundation does not sell this offer."]);

    const recurring = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/anon-cart/partner/${SLUG}`,
      payload: { cart_item: { ...item(1), recurring_purchase: { enabled: true } } },
    });
    expect(recurring.statusCode).toBe(422);

    const unknown = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/anon-cart/partner/nobody',
      payload: { cart_item: item(1) },
    });
    expect(unknown.statusCode).toBe(404);

    const s = await shopper(2_000);
    const mine = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/cart/partner/${SLUG}`,
      headers: s.headers,
      payload: { cart_item: item(1) },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().result).toMatchObject({
      customer_id: s.id,
      cart_total: { amount: 50, currency: 'AUD' },
      wallet_balance: { amount: 20, currency: 'AUD' },
    });
    const signedOut = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/cart/partner/${SLUG}`,
      payload: { cart_item: item(1) },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST /cart/partner/{slug}/purchase', () => {
  it('buys from the wallet once per key: the order is the partner’s, 10 % commission moves from sales to the partner', async () => {
    const s = await shopper(20_000);
    const first = await buy(s, 'partner-wallet-1');
    expect(first.statusCode, first.body).toBe(200);
    const r = first.json().result;
    expect(r).toMatchObject({ status: 'approved', deposit_id: null, redirect_url: null, messages: [] });
    expect(r.purchase_id).toMatch(/^chk_/);
    expect(r.receipt_path).toBe(`/purchase/${SLUG}/receipt/${r.purchase_id}`);
    expect(await available(s.id)).toBe(7_500);

    const again = await buy(s, 'partner-wallet-1');
    expect(again.json().result.purchase_id).toBe(r.purchase_id);
    expect(await available(s.id)).toBe(7_500);
    expect(await rowsOf('orders_checkouts', s.id)).toBe(1);
    expect(await rowsOf('partners_sales', s.id)).toBe(1);

    const sale = await t.services.partners.saleOf(r.purchase_id);
    expect(sale).toMatchObject({
      channelKey: 'kids_hospital_web',
      saleCents: 12_500,
      commissionCents: 1_250,
      currency: 'AUD',
      metadata: { campaign: 'spring' },
    });
    expect(sale!.ledgerEntryId).toMatch(/^txn_/);
    expect(await commissionOf(r.purchase_id)).toEqual([
      ['partner_commission:kids_hospital', 1_250],
      ['sales', -1_250],
    ]);
    await ledgerHolds();

    // The receipt is the shop's receipt of that checkout.
    const receipt = await t.injectSigned({
      method: 'GET',
      url: `/api/v2/checkout/${r.purchase_id}`,
      headers: s.headers,
    });
    expect(receipt.statusCode).toBe(200);
  });

  it('deposits from a saved card first, then buys with the commission; a declined card buys nothing', async () => {
    const s = await shopper(0);
    const card = (number: string) => addTestCard(t, s.headers, number);
    const declined = await buy(
      s,
      'partner-card-declined',
      purchaseOf({ deposit: { deposit_method_id: await card('4000000000000002'), amount: 125, csc: '123' } }),
    );
    expect(declined.json().result?.status ?? declined.json().messages[0].code).toMatch(/failed|deposit_failed/);
    expect(await rowsOf('orders_checkouts', s.id)).toBe(0);

    const res = await buy(
      s,
      'partner-card-1',
      purchaseOf({ deposit: { deposit_method_id: await card('4242424242424242'), amount: 125, csc: '123' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r.status).toBe('approved');
    expect(r.deposit_id).toMatch(/^dep_/);
    expect(await available(s.id)).toBe(0);
    expect(await commissionOf(r.purchase_id)).toEqual([
      ['partner_commission:kids_hospital', 1_250],
      ['sales', -1_250],
    ]);
    // Other parameters with the same key are refused: no second deposit, no second purchase.
    const retry = await buy(s, 'partner-card-1', purchaseOf({ cart_item: item(1) }));
    expect(retry.statusCode).toBe(422);
    expect(retry.json().messages[0].code).toBe('idempotency_key_reused');
    expect(await rowsOf('orders_checkouts', s.id)).toBe(1);
    await ledgerHolds();
  });

  it('through 3-D Secure: the completion buys the partner’s item once, attributed to the partner', async () => {
    const s = await shopper(0);
    const fund = await addTestCard(t, s.headers, '4000000000003220');
    const res = await buy(
      s,
      'partner-3ds',
      purchaseOf({
        cart_item: item(1),
        deposit: {
          deposit_method_id: fund,
          amount: 50,
          csc: '123',
          strong_customer_authentication: { colour_depth: 24, screen_height: 900, screen_width: 1440 },
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r).toMatchObject({ status: 'challenge', purchase_id: null, receipt_path: null });
    expect(await passChallenge(t, r.redirect_url)).toBe(303);
    const done = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/cart/deposit_purchase/${r.deposit_id}/complete`,
      headers: { ...s.headers, 'idempotency-key': 'partner-3ds-complete' },
      sign: { version: '3.3' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const checkoutId = done.json().result.checkout_id;
    expect(await t.services.partners.saleOf(checkoutId)).toMatchObject({ saleCents: 5_000, commissionCents: 500 });
    expect(await rowsOf('orders_checkouts', s.id)).toBe(1);
    await ledgerHolds();
  });

  it('refuses bad input and writes nothing: empty cart, another partner, unknown channel, unsold offer, no key', async () => {
    const s = await shopper(20_000);
    const empty = await buy(s, 'bad-1', purchaseOf({ cart_item: null }));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().messages[0]).toMatchObject({ code: 'cart_empty', text: 'Your cart is empty.' });
    const other = await buy(
      s,
      'bad-2',
      purchaseOf({ purchase: { channel_key: 'kids_hospital_web', partner_key: 'someone_else' } }),
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().messages[0].code).toBe('partner_mismatch');
    const channel = await buy(
      s,
      'bad-3',
      purchaseOf({ purchase: { channel_key: 'kids_hospital_app', partner_key: 'kids_hospital' } }),
    );
    expect(channel.json().messages[0].code).toBe('unknown_channel');
    const unsold = await buy(s, 'bad-4', purchaseOf({ cart_item: item(1, RAFFLE_SEED.surfCar) }));
    expect(unsold.statusCode).toBe(422);
    expect(unsold.json().messages[0].code).toBe('offer_not_sold_by_partner');
    const unknown = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/partner/nobody/purchase',
      headers: { ...s.headers, 'idempotency-key': 'bad-5' },
      payload: purchaseOf(),
      sign: V32,
    });
    expect(unknown.statusCode).toBe(404);
    const noKey = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/cart/partner/${SLUG}/purchase`,
      headers: s.headers,
      payload: purchaseOf(),
      sign: V32,
    });
    expect(noKey.statusCode).toBe(400);
    const wrongVersion = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/cart/partner/${SLUG}/purchase`,
      headers: { ...s.headers, 'idempotency-key': 'bad-6' },
      payload: purchaseOf(),
      sign: { version: '3.3' },
    });
    expect(wrongVersion.statusCode).toBe(400);
    const short = await buy((await shopper(1_000)) as Shopper, 'bad-7');
    expect(short.statusCode).toBe(422);
    expect(short.json().messages[0].code).toBe('insufficient_funds');
    expect(await available(s.id)).toBe(20_000);
    expect(await rowsOf('orders_checkouts', s.id)).toBe(0);
    expect(await rowsOf('partners_sales', s.id)).toBe(0);
  });
});

describe('ops partner:add and partner:list', () => {
  const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });

  it('adds a partner that sells a raffle, refuses bad ones, and lists sales and the commission owed', async () => {
    const added = await ops(
      'partner:add',
      '--slug',
      'surf-news',
      '--key',
      'surf_news',
      '--name',
      'Surf News',
      '--offer',
      RAFFLE_SEED.surfCar,
      '--commission',
      '7.5',
      '--colour',
      '#003366',
      '--accent',
      '#ffcc00',
    );
    expect(added.code, added.err).toBe(0);
    expect(added.out).toBe('Added partner Surf News (surf_news): /purchase/surf-news');
    const partner = await t.injectSigned({ method: 'GET', url: '/api/v2/partners/surf-news' });
    expect(partner.json().result.channels).toEqual([{ channel_key: 'surf_news_web' }]);

    const again = await ops(
      'partner:add',
      ...['--slug', 'surf-news', '--key', 'surf_news2', '--name', 'Again', '--offer', RAFFLE_SEED.surfCar],
      ...['--commission', '5', '--colour', '#003366', '--accent', '#ffcc00'],
    );
    expect(again.code).not.toBe(0);
    expect(again.err).toContain('exists');
    const lottery = await ops(
      'partner:add',
      ...['--slug', 'lotto-news', '--key', 'lotto_news', '--name', 'Lotto', '--offer', 'oz-lotto'],
      ...['--commission', '5', '--colour', 'red', '--accent', '#ffcc00'],
    );
    expect(lottery.code).not.toBe(0);
    expect(lottery.err).toContain('offer oz-lotto: not a raffle offer on sale');
    expect(lottery.err).toContain('colour red');
    const pct = await ops(
      'partner:add',
      '--slug',
      'x',
      '--key',
      'x',
      '--name',
      'X',
      '--offer',
      'y',
      '--commission',
      '150',
      '--colour',
      '#000',
      '--accent',
      '#000',
    );
    expect(pct.code).toBe(1);

    const list = await ops('partner:list');
    expect(list.code, list.err).toBe(0);
    const kids = list.out.split('\n').find((l) => l.startsWith(`${SLUG} `))!;
    expect(kids).toContain('10% on hospital-prize-home');
    // Earlier tests in this file: $125 + $125 + $50 sold (3 tickets are a $125 bundle), $30 commission, all owed.
    expect(kids).toContain('3 sales, $300.00 sold, $30.00 commission; owed $30.00');
    expect(list.out).toContain('surf-news (surf_news) Surf News: 7.5% on surf-rescue-car-raffle');
  });
});
