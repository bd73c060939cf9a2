// Purchase of the cart end to end through the HTTP API on a real database: wallet debit, orders and tickets per
// draw, scoring by settlement, idempotency, insufficient funds, closed draws, promotions, concurrency, the draw-close
// race, deposit-and-purchase (approved and through 3-D Secure) and the owner-only reads.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers/app.ts';
import { signUpAndLogin } from '../../test/helpers/customers.ts';
import { type DrawSummary } from '../modules/draws/index.ts';
import { createLedger } from '../modules/wallet/index.ts';
import { settleDraw } from './settle-draw.workflow.ts';

const V = { version: '3.3' } as const;
const RESULT = { numbers: [1, 2, 3, 4, 5, 6, 7], supplementaries: [8, 9, 10] };
const DIVIDENDS = [1, 2, 3, 4, 5, 6, 7].map((division) => ({
  division,
  prizeCents: [0, 100_000_000, 4_750_000, 460_000, 37_900, 5_200, 2_600, 1_600][division]!,
}));
const OZ_GAME_CENTS = 155;

let t: TestApp;
let ledger: ReturnType<typeof createLedger>;
let draws: TestApp['services']['draws'];

beforeAll(async () => {
  t = await buildTestApp();
  ledger = t.services.ledger;
  draws = t.services.draws;
});
afterAll(() => t.close());

/** Tests that close draws run on their own database, so the others keep buying into open draws. */
async function isolated(fn: () => Promise<void>): Promise<void> {
  const saved = { t, ledger, draws };
  t = await buildTestApp();
  ledger = t.services.ledger;
  draws = t.services.draws;
  try {
    await fn();
  } finally {
    await t.close();
    ({ t, ledger, draws } = saved);
  }
}

interface Shopper {
  id: string;
  headers: Record<string, string>;
}

async function shopper(walletCents: number): Promise<Shopper> {
  const id = `cus_${randomBytes(8).toString('hex')}`;
  if (walletCents > 0) {
    await t.database.db.transaction((tx) =>
      ledger.creditDeposit(tx, {
        customerId: id,
        amountCents: walletCents,
        currency: 'AUD',
        reference: `test-deposit:${id}`,
        description: 'Test deposit',
      }),
    );
  }
  return { id, headers: { authorization: `Bearer ${t.tokenFor(id)}` } };
}

const ozTicket = (overrides: Record<string, unknown> = {}) => ({
  product_type: 'lottery_ticket',
  product_offer_key: 'oz-lotto',
  game_type: 'standard',
  game_offer: 'standard',
  games: [
    { sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } },
    { sets: { numbers: [null, null, null, null, null, null, null] }, quickpick: true },
  ],
  ...overrides,
});

async function addToCart(s: Shopper, item: Record<string, unknown> = ozTicket(), extra: Record<string, unknown> = {}) {
  const res = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/items',
    headers: s.headers,
    payload: { item, ...extra },
    sign: V,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

function buy(
  s: Shopper,
  key: string | null = `key-${randomBytes(6).toString('hex')}`,
  body: Record<string, unknown> = {},
) {
  return t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...s.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
    sign: V,
  });
}

async function count(table: string, customerId: string): Promise<number> {
  const { rows } = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)} where customer_id = ${customerId}`,
  );
  return Number(rows[0]!.n);
}

const available = async (id: string) => (await ledger.fundsSummary(id)).availableFundsCents;

async function nextOzDraws(n: number): Promise<DrawSummary[]> {
  const now = t.clock.now().getTime();
  return (await draws.upcomingDraws('oz-lotto', 20)).filter((d) => d.stopAt.getTime() > now).slice(0, n);
}

describe('POST /cart/purchase', () => {
  it('debits the wallet, writes one ticket per draw with the quickpick filled, empties the cart; settlement scores the lines', () =>
    isolated(async () => {
      const s = await shopper(5_000);
      await addToCart(s, ozTicket({ num_draws: 2 }));
      const res = await buy(s);
      expect(res.statusCode, res.body).toBe(200);
      const { checkout_id: checkoutId, receipt_path: receiptPath } = res.json().result;
      expect(checkoutId).toMatch(/^chk_/);
      expect(receiptPath).toBe(`/receipt/${checkoutId}`);
      const price = 2 * 2 * OZ_GAME_CENTS;
      expect(await available(s.id)).toBe(5_000 - price);

      const { rows: entries } = await t.database.db.execute<{
        kind: string;
        ledger_entry_id: string;
        public_id: string;
      }>(
        sql`select e.kind, c.ledger_entry_id, e.public_id from orders_checkouts c join wallet_entries e on e.reference = c.public_id where c.public_id = ${checkoutId}`,
      );
      expect(entries).toHaveLength(1);
      expect(entries[0]!.kind).toBe('purchase');
      expect(entries[0]!.ledger_entry_id).toBe(entries[0]!.public_id);

      const receipt = await t.injectSigned({
        method: 'GET',
        url: `/api/v2/checkout/${checkoutId}`,
        headers: s.headers,
      });
      expect(receipt.statusCode, receipt.body).toBe(200);
      const r = receipt.json().result;
      expect(r.total).toEqual({ amount: price / 100, currency: 'AUD' });
      expect(r.paid_from_wallet).toEqual({ amount: price / 100, currency: 'AUD' });
      expect(r.orders).toHaveLength(1);
      expect(r.tracking_data.transaction_id).toBe(checkoutId);
      expect(r.tracking_data.items[0].lottery_key).toBe('oz-lotto');
      const tickets = r.orders[0].tickets as {
        id: string;
        draw_id: string;
        status: string;
        lines: { sets: { numbers: number[] }; quickpick: boolean }[];
      }[];
      expect(tickets).toHaveLength(2);
      expect(new Set(tickets.map((x) => x.draw_id)).size).toBe(2);
      for (const ticket of tickets) {
        expect(ticket.status).toBe('upcoming');
        expect(ticket.lines.map((l) => l.quickpick)).toEqual([false, true]);
        expect(ticket.lines[0]!.sets.numbers).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(ticket.lines[1]!.sets.numbers).toHaveLength(7);
      }
      // The quickpick is drawn once for the item: the same numbers in every draw.
      expect(tickets[0]!.lines[1]!.sets.numbers).toEqual(tickets[1]!.lines[1]!.sets.numbers);

      const cart = await t.injectSigned({ method: 'GET', url: '/api/v2/cart/items', headers: s.headers, sign: V });
      expect(cart.json().result.item_count).toBe(0);

      const upcoming = await t.injectSigned({
        method: 'GET',
        url: '/api/v2/orders?status=upcoming_products',
        headers: s.headers,
      });
      expect(upcoming.json().result.map((o: { id: string }) => o.id)).toEqual([r.orders[0].id]);

      // The first draw is drawn with 1-7: the chosen line wins division 1 and the ticket shows it.
      const first = tickets.find((x) => x.draw_id === r.orders[0].tickets[0].draw_id)!;
      await draws.close(first.draw_id);
      await draws.recordResult(first.draw_id, RESULT, DIVIDENDS, 'manual');
      await settleDraw(
        {
          db: t.database.db,
          clock: t.clock,
          draws,
          orders: t.services.orders,
          ledger,
        },
        first.draw_id,
      );
      const scored = await t.injectSigned({ method: 'GET', url: `/api/v2/tickets/${first.id}`, headers: s.headers });
      expect(scored.statusCode, scored.body).toBe(200);
      const ticket = scored.json().result;
      expect(ticket.status).toBe('won');
      expect(ticket.lines[0].division).toBe(1);
      expect(ticket.lines[0].matched.numbers).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(ticket.lines[0].prize).toEqual({ amount: 1_000_000, currency: 'AUD' });
      expect(ticket.result.numbers).toEqual(RESULT.numbers);

      const details = await t.injectSigned({
        method: 'GET',
        url: `/api/v2/orders/${r.orders[0].id}?show_details=true`,
        headers: s.headers,
      });
      expect(details.json().result.tickets).toHaveLength(2);
      expect(details.json().result.status).toBe('upcoming_products');

      // Once the second draw has its result too, the order is a past one.
      const second = tickets.find((x) => x.draw_id !== first.draw_id)!;
      await draws.close(second.draw_id);
      await draws.recordResult(
        second.draw_id,
        { numbers: [40, 41, 42, 43, 44, 45, 46], supplementaries: [37, 38, 39] },
        DIVIDENDS,
        'manual',
      );
      const past = (
        await t.injectSigned({ method: 'GET', url: '/api/v2/orders?status=past_products', headers: s.headers })
      ).json();
      expect(past.result.map((o: { id: string }) => o.id)).toEqual([r.orders[0].id]);
      expect(past.page_info.total).toBe(1);
      // The order's prize is its tickets' line prizes: the chosen line's division 1, plus whatever the random
      // quickpick line won in either draw (about one run in 80 it matches 3 and a supplementary: division 7, $16).
      const secondScored = await t.injectSigned({
        method: 'GET',
        url: `/api/v2/tickets/${second.id}`,
        headers: s.headers,
      });
      const linePrizes = [ticket, secondScored.json().result]
        .flatMap((x: { lines: { prize: { amount: number } | null }[] }) => x.lines)
        .reduce((sum, l) => sum + (l.prize?.amount ?? 0), 0);
      expect(linePrizes).toBeGreaterThanOrEqual(1_000_000);
      expect(past.result[0].prize).toEqual({ amount: linePrizes, currency: 'AUD' });
      const nowUpcoming = (
        await t.injectSigned({ method: 'GET', url: '/api/v2/orders?status=upcoming_products', headers: s.headers })
      ).json();
      expect(nowUpcoming.result).toEqual([]);
    }));

  it('answers the first response again for a repeated key, 422 for the key with another body, and buys once for concurrent retries', async () => {
    const s = await shopper(10_000);
    await addToCart(s);
    const key = 'double-click-1';
    const [a, b] = await Promise.all([buy(s, key), buy(s, key)]);
    const ok = [a, b].filter((x) => x.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const x of [a, b]) expect([200, 409]).toContain(x.statusCode);
    const again = await buy(s, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.checkout_id).toBe(ok[0]!.json().result.checkout_id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The answer the purchase's own write stored (issue 22) is byte for byte the one first sent.
    expect(again.body).toBe(ok[0]!.body);
    expect(await count('orders_checkouts', s.id)).toBe(1);
    expect(await count('orders_orders', s.id)).toBe(1);
    expect(await available(s.id)).toBe(10_000 - 2 * OZ_GAME_CENTS);

    const other = await buy(s, key, { purchase: { channel_key: 'web' } });
    expect(other.statusCode).toBe(422);
    expect(other.json().messages[0].code).toBe('idempotency_key_reused');
  });

  it('requires an Idempotency-Key', async () => {
    const s = await shopper(1_000);
    await addToCart(s);
    const res = await buy(s, null);
    expect(res.statusCode).toBe(400);
    expect(await count('orders_checkouts', s.id)).toBe(0);
  });

  it('says how much more is needed and offers the deposit path when the wallet is short; nothing is written', async () => {
    const s = await shopper(100);
    await addToCart(s);
    const res = await buy(s);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.messages[0]).toMatchObject({
      code: 'insufficient_funds',
      text: 'You need $2.10 more to buy these tickets.',
    });
    expect(body.messages.some((m: { text: string }) => m.text === '/cart/buy')).toBe(true);
    // Each message once: the envelope's first is not repeated from the workflow's own list.
    expect(body.messages.map((m: { code: string }) => m.code)).toEqual(['insufficient_funds', 'deposit_path']);
    expect(await available(s.id)).toBe(100);
    expect(await count('orders_checkouts', s.id)).toBe(0);
    expect(await count('orders_ticket_lines', s.id)).toBe(0);
    const cart = await t.injectSigned({ method: 'GET', url: '/api/v2/cart/items', headers: s.headers, sign: V });
    expect(cart.json().result.item_count).toBe(1);
  });

  it('refuses an empty cart', async () => {
    const s = await shopper(1_000);
    const res = await buy(s);
    expect(res.statusCode).toBe(422);
    expect(res.json().messages[0]).toMatchObject({ code: 'cart_empty', text: 'Your cart is empty.' });
  });

  it('removes an item whose draw closed, records why and fails without charging', () =>
    isolated(async () => {
      const s = await shopper(1_000);
      const [draw] = await nextOzDraws(1);
      await addToCart(s, ozTicket({ first_draw_no: draw!.drawNo }));
      // Sales stop: the clock passes the draw's stop time and the draw clock closes it.
      t.clock.set(new Date(draw!.stopAt.getTime() + 1_000));
      await draws.close(draw!.id);
      s.headers = { authorization: `Bearer ${t.tokenFor(s.id)}` };
      const res = await buy(s);
      expect(res.statusCode).toBe(422);
      expect(res.json().messages[0]).toMatchObject({
        code: 'draw_closed',
        text: 'Some items in your cart are no longer available',
      });
      expect(await available(s.id)).toBe(1_000);
      expect(await count('orders_checkouts', s.id)).toBe(0);
      const cart = (
        await t.injectSigned({ method: 'GET', url: '/api/v2/cart/items', headers: s.headers, sign: V })
      ).json().result;
      expect(cart.item_count).toBe(0);
      expect(cart.auto_removed_items[0].reason).toBe('draw_closed');
    }));

  it('applies each voucher type at purchase; a credit voucher pays the bonus account', async () => {
    const cases: { code: string; discountCents: number; bonusCents: number }[] = [
      { code: 'SAVE10', discountCents: 31, bonusCents: 0 },
      { code: 'WELCOME5', discountCents: 500, bonusCents: 0 },
      { code: 'SPRING3', discountCents: 300, bonusCents: 0 },
      { code: 'BONUS10', discountCents: 0, bonusCents: 1_000 },
    ];
    for (const c of cases) {
      const s = await shopper(5_000);
      // 8 games: $12.40, above WELCOME5's $10 minimum spend.
      await addToCart(
        s,
        ozTicket({
          games: Array.from({ length: 8 }, () => ({
            sets: { numbers: [null, null, null, null, null, null, null] },
            quickpick: true,
          })),
        }),
      );
      const applied = await t.injectSigned({
        method: 'POST',
        url: '/api/v2/cart/promotion',
        headers: s.headers,
        payload: { promotion_code: c.code },
        sign: V,
      });
      expect(applied.statusCode, `${c.code}: ${applied.body}`).toBe(200);
      const subtotal = 8 * OZ_GAME_CENTS;
      const discount = c.code === 'SAVE10' ? Math.round(subtotal / 10) : c.discountCents;
      const res = await buy(s);
      expect(res.statusCode, res.body).toBe(200);
      const receipt = (
        await t.injectSigned({
          method: 'GET',
          url: `/api/v2/checkout/${res.json().result.checkout_id}`,
          headers: s.headers,
        })
      ).json().result;
      expect(receipt.promotion_code).toBe(c.code);
      expect(receipt.discount.amount).toBe(discount / 100);
      expect(receipt.total.amount).toBe((subtotal - discount) / 100);
      expect(receipt.bonus_credit.amount).toBe(c.bonusCents / 100);
      expect(await available(s.id)).toBe(5_000 - (subtotal - discount) + c.bonusCents);
      const { rows } = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from wallet_entries where reference = ${`promo:${receipt.checkout_id}`} and kind = 'bonus'`,
      );
      expect(Number(rows[0]!.n)).toBe(c.bonusCents > 0 ? 1 : 0);
    }
  });

  it('fails with promotion_not_added when a once-per-customer code was used up meanwhile', async () => {
    const s = await shopper(5_000);
    const eight = ozTicket({
      games: Array.from({ length: 8 }, () => ({
        sets: { numbers: [null, null, null, null, null, null, null] },
        quickpick: true,
      })),
    });
    await addToCart(s, eight);
    await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/promotion',
      headers: s.headers,
      payload: { promotion_code: 'WELCOME5' },
      sign: V,
    });
    expect((await buy(s)).statusCode).toBe(200);
    await addToCart(s, eight);
    const applied = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/promotion',
      headers: s.headers,
      payload: { promotion_code: 'WELCOME5' },
      sign: V,
    });
    expect(applied.statusCode).toBe(422);
    expect(applied.json().messages[0].code).toBe('promotion_not_added');
  });
});

describe('purchases under load', () => {
  it('200 customers at once and 20 purchases of one customer: no negative wallet, every order has its ledger entry, one order per key', async () => {
    const many = await Promise.all(Array.from({ length: 200 }, () => shopper(1_000)));
    for (const s of many) await addToCart(s);
    const one = await shopper(1_000);
    await addToCart(one);
    const results = await Promise.all([
      ...many.map((s) => buy(s)),
      ...Array.from({ length: 20 }, (_, i) => buy(one, `one-${i}`)),
    ]);
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((x) => x >= 500)).toEqual([]);
    expect(statuses.slice(0, 200).every((x) => x === 200)).toBe(true);
    // One cart: the first of the 20 buys it, the others find it empty (or wait on it and then find it empty).
    const oneOk = results.slice(200).filter((r) => r.statusCode === 200);
    expect(oneOk).toHaveLength(1);
    for (const r of results.slice(200)) if (r.statusCode !== 200) expect(r.json().messages[0].code).toBe('cart_empty');

    const check = await ledger.verify();
    expect(check).toMatchObject({
      unbalancedEntries: 0,
      mismatchedAccounts: 0,
      negativeCustomerAccounts: 0,
      totalCents: 0,
    });
    const { rows } = await t.database.db.execute<{ orphans: number; dupes: number; checkouts: number }>(sql`select
      (select count(*)::int from orders_checkouts c where c.paid_from_wallet_cents > 0 and not exists (select 1 from wallet_entries e where e.reference = c.public_id and e.public_id = c.ledger_entry_id and e.kind = 'purchase')) as orphans,
      (select count(*)::int from (select customer_id, idempotency_key from orders_checkouts group by 1, 2 having count(*) > 1) d) as dupes,
      (select count(*)::int from orders_checkouts where customer_id = any(${`{${[...many.map((s) => s.id), one.id].join(',')}}`}::text[])) as checkouts`);
    expect(rows[0]).toEqual({ orphans: 0, dupes: 0, checkouts: 201 });
  });

  it('a purchase racing the draw close either holds a ticket in the draw bought before the close or fails', () =>
    isolated(async () => {
      const upcoming = await nextOzDraws(4);
      // A fresh process and database: the first purchases also create the ledger's house accounts through the pool
      // while their transactions hold connections (12 purchases, a pool of 5): admission control keeps one free.
      for (const draw of upcoming.slice(1)) {
        const buyers: Shopper[] = [];
        // One at a time: the test's own ledger creates its house account on the first deposit.
        for (let i = 0; i < 12; i++) buyers.push(await shopper(1_000));
        for (const s of buyers) await addToCart(s, ozTicket({ first_draw_no: draw.drawNo }));
        const purchases = buyers.map((s) => buy(s));
        const closing = draws.close(draw.id);
        const results = await Promise.all(purchases);
        await closing;
        const ok = buyers.filter((_, i) => results[i]!.statusCode === 200);
        for (const r of results) {
          expect([200, 422]).toContain(r.statusCode);
          if (r.statusCode === 422) expect(r.json().messages[0].code).toBe('draw_closed');
        }
        // Customers' lines in the draw are exactly those of the purchases that committed; the failed ones paid nothing.
        // (The seeded standing syndicates hold lines of their own in the draw: owner `syn_…`, not a customer.)
        const { rows } = await t.database.db.execute<{ customer_id: string }>(
          sql`select distinct customer_id from orders_ticket_lines where draw_id = ${draw.id} and customer_id like 'cus\_%'`,
        );
        expect(new Set(rows.map((r) => r.customer_id))).toEqual(new Set(ok.map((s) => s.id)));
        for (const [i, s] of buyers.entries())
          expect(await available(s.id)).toBe(results[i]!.statusCode === 200 ? 1_000 - 2 * OZ_GAME_CENTS : 1_000);
        // After the close nobody can buy into it.
        const late = await shopper(1_000);
        const add = await t.injectSigned({
          method: 'POST',
          url: '/api/v2/cart/items',
          headers: late.headers,
          payload: { item: ozTicket({ first_draw_no: draw.drawNo }) },
          sign: V,
        });
        if (add.statusCode === 200) expect((await buy(late)).statusCode).toBe(422);
      }
    }));
});

describe('deposit and purchase', () => {
  it('deposits with an approving method, then buys in the same call', async () => {
    const s = await shopper(0);
    await addToCart(s);
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/deposit_purchase',
      headers: { ...s.headers, 'idempotency-key': 'dp-1' },
      payload: { deposit: { amount: 20, deposit_method_code: 'td' }, purchase: {} },
      sign: V,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r.status).toBe('approved');
    expect(r.checkout_id).toMatch(/^chk_/);
    expect(await available(s.id)).toBe(2_000 - 2 * OZ_GAME_CENTS);
    const receipt = (
      await t.injectSigned({ method: 'GET', url: `/api/v2/checkout/${r.checkout_id}`, headers: s.headers })
    ).json().result;
    expect(receipt.deposit).toEqual({ amount: 20, currency: 'AUD' });
  });

  it('never charges for a dead cart', async () => {
    const s = await shopper(0);
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/deposit_purchase',
      headers: { ...s.headers, 'idempotency-key': 'dp-empty' },
      payload: { deposit: { amount: 20, deposit_method_code: 'td' }, purchase: {} },
      sign: V,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages[0].code).toBe('cart_empty');
    expect(await available(s.id)).toBe(0);
  });

  it('through 3-D Secure: challenge first, then the completion buys exactly once', async () => {
    const c = await signUpAndLogin(t);
    const s: Shopper = { id: c.customerId, headers: { authorization: `Bearer ${c.accessToken}` } };
    const card = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/funds/cc/test',
      headers: s.headers,
      payload: { card_number: '4000000000003220', expiry_month: 12, expiry_year: 2030, holder_name: 'Casey Koala' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const fundId = card.json().result.id;
    await addToCart(s, ozTicket({ favourite_ticket: true }));
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/deposit_purchase',
      headers: { ...s.headers, 'idempotency-key': 'dp-3ds' },
      payload: {
        deposit: {
          amount: 20,
          customer_fund_id: fundId,
          csc: '123',
          strong_customer_authentication: { colour_depth: 30, screen_height: 900, screen_width: 1440 },
        },
        purchase: {},
      },
      sign: V,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().result;
    expect(r.status).toBe('challenge');
    expect(r.redirect_url).toBeTruthy();
    expect(await count('orders_checkouts', s.id)).toBe(0);

    // Not approved yet: completing now buys nothing.
    const early = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/cart/deposit_purchase/${r.deposit_id}/complete`,
      headers: s.headers,
      sign: V,
    });
    expect(early.statusCode).toBe(409);

    const answer = await t.app.inject({
      method: 'POST',
      url: r.redirect_url,
      payload: 'outcome=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(303);
    await t.app.inject({ method: 'GET', url: answer.headers.location as string });

    const done = await Promise.all(
      [0, 1, 2].map((i) =>
        t.injectSigned({
          method: 'POST',
          url: `/api/v2/cart/deposit_purchase/${r.deposit_id}/complete`,
          headers: { ...s.headers, 'idempotency-key': `complete-${i}` },
          sign: V,
        }),
      ),
    );
    const ids = new Set(done.filter((d) => d.statusCode === 200).map((d) => d.json().result.checkout_id));
    expect(ids.size).toBe(1);
    expect(await count('orders_checkouts', s.id)).toBe(1);
    expect(await available(s.id)).toBe(2_000 - 2 * OZ_GAME_CENTS);

    // The receipt email is queued once, and the ticket's chosen numbers became the favourites.
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications_outbox where kind = 'receipt' and to_address = ${c.email.toLowerCase()}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    const overview = await t.injectSigned({ method: 'GET', url: '/api/v2/customer', headers: s.headers });
    expect(overview.json().result.favourite_numbers).toEqual([
      { lottery_key: 'oz-lotto', sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } },
    ]);
  });
});

describe('owner-only reads and replay', () => {
  it('answers 404 for another customer’s receipt, order and ticket; replay puts the order back in the cart', async () => {
    const owner = await shopper(5_000);
    const stranger = await shopper(0);
    await addToCart(owner);
    const checkoutId = (await buy(owner)).json().result.checkout_id;
    const receipt = (
      await t.injectSigned({ method: 'GET', url: `/api/v2/checkout/${checkoutId}`, headers: owner.headers })
    ).json().result;
    const orderId = receipt.orders[0].id;
    const ticketId = receipt.orders[0].tickets[0].id;
    for (const url of [`/api/v2/checkout/${checkoutId}`, `/api/v2/orders/${orderId}`, `/api/v2/tickets/${ticketId}`]) {
      expect((await t.injectSigned({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);
      expect((await t.injectSigned({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect(
      (
        await t.injectSigned({
          method: 'POST',
          url: `/api/v2/cart/replay/${orderId}`,
          headers: stranger.headers,
          sign: V,
        })
      ).statusCode,
    ).toBe(404);

    const replay = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/cart/replay/${orderId}`,
      headers: owner.headers,
      sign: V,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    const cart = replay.json().result;
    expect(cart.item_count).toBe(1);
    const item = cart.cart_items.lottery_ticket[0];
    expect(item.games[0].sets.numbers).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(item.games[1].quickpick).toBe(true);

    const recommended = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/orders/recommended',
      headers: owner.headers,
    });
    expect(recommended.json().result[0]).toMatchObject({ product_offer_key: 'oz-lotto', times_bought: 1 });
  });
});
