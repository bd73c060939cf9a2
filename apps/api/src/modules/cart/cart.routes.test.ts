// Cart calls (core §7 v3.3) through the real app on a seeded database: anonymous and customer carts, conversion at
// login, the 404 lifecycle, ticket validation, closed-draw auto-removal, autoplay, payable amount and isolation.
import type { AddCartItemBody } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, testServices, withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { DEFAULT_PRICING } from './index.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const { draws } = testServices(database, { clock: fixedClock(TEST_NOW) });
  for (const key of ['oz-lotto', 'powerball', 'euromillions'] as const) await draws.ensureSchedule(key);
});
afterAll(async () => {
  await database.close();
});

const withApp = <T>(fn: (t: TestApp) => Promise<T>): Promise<T> => withTestApp({ database }, fn);

type Json = Record<string, any>;
function api(t: TestApp, token?: string) {
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, version = '3.3') => {
    const res = await t.injectSigned({
      method,
      url: `/api/v2${url}`,
      ...(payload !== undefined ? { payload: payload as Json } : {}),
      sign: { version },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
}

const ozGame = (numbers: (number | null)[], quickpick = false) => ({ sets: { numbers }, quickpick });
const ozTicket = (games: Json[], extra: Json = {}) => ({
  item: {
    product_type: 'lottery_ticket',
    product_offer_key: 'oz-lotto',
    game_type: 'standard',
    game_offer: 'standard',
    games,
    ...extra,
  },
});
const PICK = [1, 2, 3, 4, 5, 6, 7];

async function anonCart(call: ReturnType<typeof api>): Promise<string> {
  const created = await call('POST', '/anon-cart');
  expect(created.status).toBe(200);
  return created.body.result.cart_reference as string;
}

const items = (cart: Json): Json[] => Object.values(cart.cart_items as Record<string, Json[]>).flat();

async function offerDraws(t: TestApp, key: string): Promise<Json[]> {
  const res = await t.injectSigned({ method: 'GET', url: '/api/v2/pricing/default/product_offers' });
  return res.json().result[key].draws as Json[];
}

describe('anonymous cart', () => {
  it('creates, adds, edits and deletes items, answering the whole cart each time', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const created = await call('POST', '/anon-cart');
      expect(created.status).toBe(200);
      const ref = created.body.result.cart_reference as string;
      expect(ref).toMatch(/^crt_[A-Za-z0-9]+$/);
      expect(created.body.result.cart).toMatchObject({
        cart_reference: ref,
        cart_items: {},
        item_count: 0,
        cart_total: { amount: 0, currency: 'AUD' },
        blocked_reasons: {},
        payable_amount: null,
        show_regulation: false,
      });

      const added = await call('POST', `/anon-cart/${ref}/items`, {
        ...ozTicket([ozGame(PICK), ozGame([9, null, null, null, null, null, null], true)]),
        num_draws: 2,
      });
      expect(added.status).toBe(200);
      const cart = added.body.result;
      expect(cart.item_count).toBe(1);
      const item = (cart.cart_items.lottery_ticket as Json[])[0]!;
      expect(item).toMatchObject({
        product_type: 'lottery_ticket',
        lottery_key: 'oz-lotto',
        offer_name: 'Oz Lotto',
        game_offer_name: 'Standard',
        num_games: 2,
        num_draws: 2,
        unit_price: { amount: 3.1, currency: 'AUD' },
        price: { amount: 6.2, currency: 'AUD' },
        description: 'Oz Lotto Standard, 2 games, 2 draws',
      });
      expect(item.id).toMatch(/^itm_/);
      expect(item.draw_encoded_ids).toHaveLength(2);
      // The quickpick blanks stay blank until purchase; the chosen number is kept.
      expect(item.games[1]).toEqual({ sets: { numbers: [9, null, null, null, null, null, null] }, quickpick: true });
      expect(cart).toMatchObject({
        cart_total: { amount: 6.2 },
        subtotal: { amount: 6.2 },
        show_regulation: true,
        requires_unattended_payment_method: false,
      });
      expect(item.analytics).toMatchObject({
        quantity: 2,
        unit_price: { amount: 3.1 },
        lottery_key: 'oz-lotto',
        num_draws: 2,
        num_games: 2,
        product_type: 'lottery_ticket',
      });

      const same = await call('POST', `/anon-cart/${ref}/items`, ozTicket([ozGame(PICK)]));
      expect(same.body.result.item_count).toBe(2);

      const put = await call(
        'PUT',
        `/anon-cart/${ref}/items/${item.id}`,
        ozTicket([ozGame(PICK), ozGame(PICK, true), ozGame([], true)]),
      );
      expect(put.status).toBe(200);
      const changed = items(put.body.result).find((i) => i.id === item.id)!;
      expect(changed).toMatchObject({ num_games: 3, num_draws: 1, price: { amount: 4.65 } });

      const other = await call('PUT', `/anon-cart/${ref}/items/${item.id}`, {
        item: { ...ozTicket([ozGame(PICK)]).item, product_offer_key: 'powerball' },
      });
      expect(other.status).toBe(422);

      const del = await call('DELETE', `/anon-cart/${ref}/items/${item.id}`);
      expect(del.status).toBe(200);
      expect(del.body.result.item_count).toBe(1);
      expect((await call('DELETE', `/anon-cart/${ref}/items/${item.id}`)).status).toBe(404);

      const read = await call('GET', `/anon-cart/${ref}`);
      expect(read.body.result.cart_total).toEqual({ amount: 1.55, currency: 'AUD' });
    });
  });

  it('answers 404 for an unknown reference and refuses other API versions', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const missing = await call('GET', '/anon-cart/crt_doesnotexist');
      expect(missing.status).toBe(404);
      expect(missing.body.messages[0].code).toBe('cart_not_found');
      expect((await call('POST', '/anon-cart/crt_doesnotexist/items', ozTicket([ozGame(PICK)]))).status).toBe(404);
      expect((await call('POST', '/anon-cart', undefined, '3.0')).status).toBe(400);
    });
  });

  it('builds a quickpick ticket of a game offer (System 8)', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      const built = await call('POST', `/anon-cart/${ref}/build`, {
        product_offer_key: 'oz-lotto',
        game_type: 'reduced_system',
        game_offer: 'system-8',
        num_games: 1,
      });
      expect(built.status).toBe(200);
      const [item] = items(built.body.result);
      expect(item).toMatchObject({
        game_type: 'reduced_system',
        game_offer: 'system-8',
        game_offer_name: 'System 8',
        num_games: 1,
      });
      expect(item!.games[0].sets.numbers).toEqual(Array(8).fill(null));
      // System 8 plays C(8,7) = 8 games at $1.55.
      expect(item!.price).toEqual({ amount: 12.4, currency: 'AUD' });
    });
  });
});

describe('bad input', () => {
  it('names the game and the set of an invalid ticket and adds nothing', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      const ticket = {
        item: {
          product_type: 'lottery_ticket',
          product_offer_key: 'powerball',
          game_type: 'standard',
          game_offer: 'standard',
          games: [{ sets: { numbers: PICK, powerball: [3] } }, { sets: { numbers: PICK, powerball: [] } }],
        },
      };
      const res = await call('POST', `/anon-cart/${ref}/items`, ticket);
      expect(res.status).toBe(422);
      expect(res.body.errors['games.1.powerball']).toEqual(['Game 2: Powerball needs 1 number between 1 and 20']);
      expect(res.body.errors.this).toEqual(['Game 2: Powerball needs 1 number between 1 and 20']);
      expect(res.body.messages[0]).toMatchObject({ code: 'invalid_ticket', level: 'error' });

      const range = await call('POST', `/anon-cart/${ref}/items`, ozTicket([ozGame([1, 2, 3, 4, 5, 6, 48])]));
      expect(range.body.errors['games.0.numbers']).toEqual(['Game 1: Numbers must be between 1 and 47']);
      const repeat = await call('POST', `/anon-cart/${ref}/items`, ozTicket([ozGame([1, 1, 3, 4, 5, 6, 7])]));
      expect(repeat.body.errors['games.0.numbers']).toEqual(['Game 1: Numbers must not repeat']);
      const blank = await call(
        'POST',
        `/anon-cart/${ref}/items`,
        ozTicket([ozGame([1, 2, null, null, null, null, null])]),
      );
      expect(blank.body.errors['games.0.numbers']).toEqual(['Game 1: Numbers needs 7 numbers between 1 and 47']);
      const schema = await call('POST', `/anon-cart/${ref}/items`, { item: { product_type: 'lottery_ticket' } });
      expect(schema.status).toBe(422);
      expect(schema.body.errors.this).toHaveLength(1);

      const raffle = await call('POST', `/anon-cart/${ref}/items`, {
        item: { product_type: 'raffle_ticket', product_offer_key: 'any-raffle', num_tickets: 2 },
      });
      expect(raffle.status).toBe(422);
      // Raffle items go to the raffles module's handler: an unknown raffle is not on sale.
      expect(raffle.body.errors.this).toEqual(['any-raffle is not on sale right now.']);

      expect((await call('GET', `/anon-cart/${ref}`)).body.result.item_count).toBe(0);
    });
  });

  it('refuses a closed first draw, too many draws and an unknown game offer', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      const draws = await offerDraws(t, 'oz-lotto');
      const closed = await call(
        'POST',
        `/anon-cart/${ref}/items`,
        ozTicket([ozGame(PICK)], { first_draw_no: draws[0]!.draw_no - 1 }),
      );
      expect(closed.status).toBe(422);
      expect(closed.body.messages[0]).toMatchObject({ code: 'draw_closed', text: 'That draw is closed for sales' });
      expect(closed.body.errors.this).toEqual(['That draw is closed for sales']);
      const tooMany = await call('POST', `/anon-cart/${ref}/items`, ozTicket([ozGame(PICK)], { num_draws: 52 }));
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.messages[0].code).toBe('not_enough_draws');
      const offer = await call('POST', `/anon-cart/${ref}/items`, {
        item: { ...ozTicket([ozGame(PICK)]).item, game_offer: 'system-99' },
      });
      expect(offer.status).toBe(422);
      const second = await call(
        'POST',
        `/anon-cart/${ref}/items`,
        ozTicket([ozGame(PICK)], { first_draw_no: draws[1]!.draw_no }),
      );
      expect(items(second.body.result)[0]!.draws[0].draw_no).toBe(draws[1]!.draw_no);
    });
  });

  it('keeps one currency per cart', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      await call('POST', `/anon-cart/${ref}/items`, ozTicket([ozGame(PICK)]));
      const euro = await call('POST', `/anon-cart/${ref}/build`, {
        product_offer_key: 'euromillions',
        game_type: 'random',
        game_offer: 'random',
        num_games: 1,
      });
      expect(euro.status).toBe(422);
      expect(euro.body.messages[0].code).toBe('currency_mismatch');
    });
  });
});

describe('autoplay (core §4 recurring enabled rule)', () => {
  it("adding with 'autoplay' plays 1 draw with recurring on where the offer sells it; the cart then needs an unattended payment method", async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      const plain = await call('POST', `/anon-cart/${ref}/items`, ozTicket([ozGame(PICK)]));
      expect(plain.body.result.requires_unattended_payment_method).toBe(false);
      const res = await call('POST', `/anon-cart/${ref}/items`, { ...ozTicket([ozGame(PICK)]), num_draws: 'autoplay' });
      expect(res.status).toBe(200);
      const [, item] = items(res.body.result);
      expect(item).toMatchObject({
        num_draws: 1,
        recurring_purchase: { type: 'autoplay', availability: 'optional', enabled: true },
        analytics: { recurring_purchase: { enabled: true, type: 'autoplay' }, minimum_jackpot_amount: null },
      });
      expect(res.body.result.requires_unattended_payment_method).toBe(true);
      const viaFlag = await call('POST', `/anon-cart/${ref}/items`, {
        ...ozTicket([ozGame(PICK)]),
        num_draws: 3,
        recurring_purchase: { type: 'autoplay', enabled: true },
      });
      expect(items(viaFlag.body.result)[2]).toMatchObject({ num_draws: 1, recurring_purchase: { enabled: true } });
    });
  });

  it('refuses a recurring item on an offer whose availability is never (422, nothing added)', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      const euro = await call('POST', `/anon-cart/${ref}/build`, {
        product_offer_key: 'euromillions',
        game_type: 'random',
        game_offer: 'random',
        num_games: 1,
        num_draws: 'autoplay',
      });
      expect(euro.status).toBe(422);
      expect(euro.body.messages[0]).toMatchObject({
        code: 'recurring_not_available',
        text: 'Autoplay is not available for EuroMillions.',
      });
      const cart = (await call('GET', `/anon-cart/${ref}`)).body.result;
      expect(items(cart)).toHaveLength(0);
      expect(cart.requires_unattended_payment_method).toBe(false);
    });
  });

  it('keeps a minimum jackpot chosen with autoplay; bad ones are 422 on the field and change nothing', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      for (const bad of [0, -5, 'abc', 1.234, '12.345']) {
        const res = await call('POST', `/anon-cart/${ref}/items`, {
          ...ozTicket([ozGame(PICK)], { minimum_jackpot_amount: bad }),
          num_draws: 'autoplay',
        });
        expect(res.status, `${bad}`).toBe(422);
        expect(res.body.errors.minimum_jackpot_amount, `${bad}`).toBeTruthy();
      }
      const withoutAutoplay = await call(
        'POST',
        `/anon-cart/${ref}/items`,
        ozTicket([ozGame(PICK)], { minimum_jackpot_amount: 10_000_000 }),
      );
      expect(withoutAutoplay.status).toBe(422);
      expect(withoutAutoplay.body.errors.minimum_jackpot_amount).toEqual(['Choose Autoplay to set a minimum jackpot.']);
      expect(items((await call('GET', `/anon-cart/${ref}`)).body.result)).toHaveLength(0);

      const ok = await call('POST', `/anon-cart/${ref}/items`, {
        ...ozTicket([ozGame(PICK)], { minimum_jackpot_amount: '15000000.50' }),
        num_draws: 'autoplay',
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      const [line] = items(ok.body.result);
      expect(line!.analytics.minimum_jackpot_amount).toEqual({ amount: 15_000_000.5, currency: 'AUD' });
      const reread = items((await call('GET', `/anon-cart/${ref}`)).body.result);
      expect(reread[0]!.analytics.minimum_jackpot_amount).toEqual({ amount: 15_000_000.5, currency: 'AUD' });
      // An empty field means no minimum.
      const none = await call('POST', `/anon-cart/${ref}/items`, {
        ...ozTicket([ozGame(PICK)], { minimum_jackpot_amount: '' }),
        num_draws: 'autoplay',
      });
      expect(items(none.body.result)[1]!.analytics.minimum_jackpot_amount).toBeNull();
    });
  });
});

describe('closed draws', () => {
  it('removes an item whose draw closed, keeps the notice across reloads until dismissed', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      const [first] = await offerDraws(t, 'oz-lotto');
      await call('POST', `/anon-cart/${ref}/items`, ozTicket([ozGame(PICK)]));
      const keep = await call(
        'POST',
        `/anon-cart/${ref}/items`,
        ozTicket([ozGame(PICK)], { first_draw_no: first!.draw_no + 1 }),
      );
      const closedId = items(keep.body.result)[0]!.id;
      t.clock.set(new Date(new Date(first!.stop).getTime() + 1000));
      const after = await call('GET', `/anon-cart/${ref}`);
      expect(after.body.result.item_count).toBe(1);
      expect(after.body.result.auto_removed_items).toEqual([
        {
          id: closedId,
          reason: 'draw_closed',
          description: 'Oz Lotto Standard, 1 game, 1 draw',
          message: 'The draw for Oz Lotto closed before you bought it, so we removed it from your cart.',
        },
      ]);
      const again = await call('GET', `/anon-cart/${ref}`);
      expect(again.body.result.auto_removed_items).toHaveLength(1);
      const dismissed = await call('POST', `/anon-cart/${ref}/auto-removed/dismiss`);
      expect(dismissed.body.result.auto_removed_items).toEqual([]);
      expect((await call('GET', `/anon-cart/${ref}`)).body.result.auto_removed_items).toEqual([]);
    });
  });
  it('answers an item added just before its draw stops as added, judged at the instant it was checked', async () => {
    await withApp(async (t) => {
      const [first] = await offerDraws(t, 'oz-lotto');
      const stop = new Date(first!.stop).getTime();
      // A clock just before the stop; once ticking, it moves a millisecond on each reading, so the draw stops while
      // the add is being answered (the cart's load reads it once, then the item is checked at stop - 1 ms, and the
      // catalogue's cache reads it twice more). The catalogue is built and cached before it ticks.
      let at = stop - 2;
      let ticking = false;
      const services = testServices(database, {
        clock: { now: () => new Date(ticking ? at++ : at) },
        liveCaches: true,
      });
      const { cart } = services;
      const { cartReference } = await cart.createAnonymous();
      await services.catalogue.productOffers(DEFAULT_PRICING);
      ticking = true;
      const added = await cart.addItem({ kind: 'anonymous', reference: cartReference }, {
        item: {
          productType: 'lottery_ticket',
          productOfferKey: 'oz-lotto',
          gameType: 'standard',
          gameOffer: 'standard',
          numDraws: 1,
          games: [{ sets: { numbers: PICK }, quickpick: false }],
        },
      } as AddCartItemBody);
      expect(added.itemCount).toBe(1);
      expect(Object.values(added.cartItems).flat()[0]!.draws[0]!.drawNo).toBe(first!.draw_no);
      expect(added.autoRemovedItems).toEqual([]);
      // Read later, it is removed with its notice.
      ticking = false;
      at = stop + 1000;
      const later = await cart.get({ kind: 'anonymous', reference: cartReference });
      expect(later.itemCount).toBe(0);
      expect(later.autoRemovedItems.map((n) => n.reason)).toEqual(['draw_closed']);
    });
  });
});

describe("the customer's cart", () => {
  it('needs login, is created on first use and answers every call with the cart', async () => {
    await withApp(async (t) => {
      expect((await api(t)('GET', '/cart/items')).status).toBe(401);
      const call = api(t, t.tokenFor('cus_cartone'));
      const empty = await call('GET', '/cart/items');
      expect(empty.status).toBe(200);
      expect(empty.body.result).toMatchObject({
        item_count: 0,
        payable_amount: { amount: 0, currency: 'AUD' },
        wallet_balance: { amount: 0, currency: 'AUD' },
      });
      const added = await call('POST', '/cart/items', ozTicket([ozGame(PICK)]));
      const id = items(added.body.result)[0]!.id;
      const built = await call('POST', '/cart/build', {
        product_offer_key: 'oz-lotto',
        game_type: 'standard',
        game_offer: 'standard',
        num_games: 2,
      });
      expect(built.body.result.item_count).toBe(2);
      const put = await call('PUT', `/cart/items/${id}`, ozTicket([ozGame(PICK), ozGame(PICK)]));
      expect(put.body.result.cart_total).toEqual({ amount: 6.2, currency: 'AUD' });
      expect(put.body.result.payable_amount).toEqual({ amount: 6.2, currency: 'AUD' });
      const del = await call('DELETE', `/cart/items/${id}`);
      expect(del.body.result.item_count).toBe(1);
      expect((await call('POST', '/cart/auto-removed/dismiss')).status).toBe(200);
    });
  });

  it("answers 404 for another customer's item and another cart's reference", async () => {
    await withApp(async (t) => {
      const alice = api(t, t.tokenFor('cus_alice'));
      const bob = api(t, t.tokenFor('cus_bob'));
      const added = await alice('POST', '/cart/items', ozTicket([ozGame(PICK)]));
      const id = items(added.body.result)[0]!.id;
      expect((await bob('PUT', `/cart/items/${id}`, ozTicket([ozGame(PICK)]))).status).toBe(404);
      expect((await bob('DELETE', `/cart/items/${id}`)).status).toBe(404);
      const anon = api(t);
      const ref = await anonCart(anon);
      expect((await anon('DELETE', `/anon-cart/${ref}/items/${id}`)).status).toBe(404);
      expect((await alice('GET', '/cart/items')).body.result.item_count).toBe(1);
    });
  });

  it('converts the anonymous cart at login: items merged, promotion kept, the reference gone', async () => {
    await withApp(async (t) => {
      const token = t.tokenFor('cus_convert');
      const call = api(t, token);
      await call('POST', '/cart/items', ozTicket([ozGame(PICK)]));
      const anon = api(t);
      const ref = await anonCart(anon);
      await anon('POST', `/anon-cart/${ref}/items`, ozTicket([ozGame(PICK), ozGame(PICK)]));
      expect((await anon('POST', `/anon-cart/${ref}/promotion`, { promotion_code: 'SAVE10' })).status).toBe(200);
      expect((await anon('POST', `/anon-cart/${ref}/convert`)).status).toBe(401);

      const converted = await call('POST', `/anon-cart/${ref}/convert`);
      expect(converted.status).toBe(200);
      const cart = converted.body.result;
      expect(cart.item_count).toBe(2);
      expect(items(cart).map((i) => i.num_games)).toEqual([1, 2]);
      expect(cart.promotion).toMatchObject({ code: 'SAVE10', discount: { amount: 0.47 }, applicable: true });
      expect(cart.cart_total).toEqual({ amount: 4.18, currency: 'AUD' });
      expect((await anon('GET', `/anon-cart/${ref}`)).status).toBe(404);
      expect((await call('POST', `/anon-cart/${ref}/convert`)).status).toBe(404);
      expect((await call('GET', '/cart/items')).body.result.item_count).toBe(2);
    });
  });
});

describe('payable amount (core §5)', () => {
  it('takes the wallet off when it is less than the total, else the whole amount is paid from it', async () => {
    await withApp(async (t) => {
      const { ledger } = testServices(database, { clock: t.clock });
      const fund = (customerId: string, amountCents: number) =>
        database.db.transaction((tx) =>
          ledger.creditPrizes(tx, [
            { customerId, amountCents, currency: 'AUD', reference: `test:${customerId}`, description: 'Test funds' },
          ]),
        );
      await fund('cus_payless', 200);
      await fund('cus_payall', 10_000);
      const less = api(t, t.tokenFor('cus_payless'));
      const res = await less('POST', '/cart/items', ozTicket([ozGame(PICK), ozGame(PICK)]));
      expect(res.body.result).toMatchObject({
        cart_total: { amount: 3.1 },
        wallet_balance: { amount: 2 },
        payable_amount: { amount: 1.1 },
      });
      const all = api(t, t.tokenFor('cus_payall'));
      const res2 = await all('POST', '/cart/items', ozTicket([ozGame(PICK), ozGame(PICK)]));
      expect(res2.body.result).toMatchObject({
        cart_total: { amount: 3.1 },
        wallet_balance: { amount: 100 },
        payable_amount: { amount: 3.1 },
      });
    });
  });

  it('leaves pre-ordered draws out of what is due now', async () => {
    await withApp(async (t) => {
      const draws = await offerDraws(t, 'oz-lotto');
      const preOrder = draws.find((d) => d.purchase_status === 'pre_order');
      expect(preOrder).toBeDefined();
      const call = api(t, t.tokenFor('cus_preorder'));
      await call('POST', '/cart/items', ozTicket([ozGame(PICK)]));
      const res = await call(
        'POST',
        '/cart/items',
        ozTicket([ozGame(PICK), ozGame(PICK)], { first_draw_no: preOrder!.draw_no }),
      );
      expect(items(res.body.result)[1]).toMatchObject({ purchase_status: 'pre_order' });
      expect(res.body.result).toMatchObject({
        cart_total: { amount: 4.65 },
        pre_order_total: { amount: 3.1 },
        payable_amount: { amount: 1.55 },
      });
    });
  });
});

describe('housekeeping', () => {
  it('purges anonymous carts 14 days after their last change', async () => {
    await withApp(async (t) => {
      const call = api(t);
      const ref = await anonCart(call);
      const { cart } = t.services;
      expect(await cart.purgeExpiredCarts(t.clock.now())).toBe(0);
      t.clock.advance(14 * 24 * 3600_000 + 1000);
      expect((await call('GET', `/anon-cart/${ref}`)).status).toBe(404);
      expect(await cart.purgeExpiredCarts(t.clock.now())).toBeGreaterThanOrEqual(1);
    });
  });
});
