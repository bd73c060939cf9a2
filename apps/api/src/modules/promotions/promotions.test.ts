// Promotion codes on the cart (features §7 Promotions): each voucher type, min spend, expiry, usage limits per
// customer and in total (redeemed at purchase under a row lock), and the promotion_not_added answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW, testServices, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fixedClock } from '../../lib/clock.ts';
import { percentOf, redeemPromotion } from './index.ts';
import { promotionsPromotions } from './promotions.schema.ts';

let database: Database;
let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  await testServices(database, { clock: fixedClock(TEST_NOW) }).draws.ensureSchedule('oz-lotto');
  t = await buildTestApp({ database });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

type Json = Record<string, any>;
async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, customerId?: string) {
  const res = await t.injectSigned({
    method,
    url: `/api/v2${url}`,
    ...(payload !== undefined ? { payload: payload as Json } : {}),
    sign: { version: '3.3' },
    headers: customerId ? { authorization: `Bearer ${t.tokenFor(customerId)}` } : {},
  });
  return { status: res.statusCode, body: res.json() as Json };
}

/** A customer cart holding `games` Oz Lotto games ($1.55 each). */
async function cartWith(customerId: string, games: number) {
  await call(
    'POST',
    '/cart/build',
    { product_offer_key: 'oz-lotto', game_type: 'standard', game_offer: 'standard', num_games: games },
    customerId,
  );
}
const apply = (customerId: string, code: string) =>
  call('POST', '/cart/promotion', { promotion_code: code }, customerId);

function expectNotAdded(res: { status: number; body: Json }, text: string) {
  expect(res.status).toBe(422);
  expect(res.body.errors.this).toEqual([text]);
  expect(res.body.messages[0]).toEqual({ code: 'promotion_not_added', text, level: 'error' });
}

describe('voucher types', () => {
  it('voucher_fixed_discount with a minimum spend (WELCOME5)', async () => {
    await cartWith('cus_p_fixed', 2);
    expectNotAdded(await apply('cus_p_fixed', 'WELCOME5'), 'Spend at least $10.00 to use this code.');
    expect((await call('GET', '/cart/items', undefined, 'cus_p_fixed')).body.result.promotion).toBeNull();
    await cartWith('cus_p_fixed', 5);
    const res = await apply('cus_p_fixed', 'welcome5');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      subtotal: { amount: 10.85 },
      cart_total: { amount: 5.85 },
      promotion: {
        code: 'WELCOME5',
        type: 'voucher_fixed_discount',
        discount: { amount: 5 },
        bonus_credit: { amount: 0 },
        applicable: true,
        message: null,
      },
    });
    // Below the minimum again: the code stays on the cart but gives nothing, with its reason.
    const item = Object.values(res.body.result.cart_items as Record<string, Json[]>)
      .flat()
      .find((i) => i.num_games === 5)!;
    const after = await call('DELETE', `/cart/items/${item.id}`, undefined, 'cus_p_fixed');
    expect(after.body.result).toMatchObject({
      cart_total: { amount: 3.1 },
      promotion: {
        code: 'WELCOME5',
        applicable: false,
        message: 'Spend at least $10.00 to use this code.',
        discount: { amount: 0 },
      },
    });
    const removed = await call('DELETE', '/cart/promotion', undefined, 'cus_p_fixed');
    expect(removed.body.result.promotion).toBeNull();
  });

  it('voucher_percent_discount rounds half up to cents (SAVE10)', async () => {
    await cartWith('cus_p_percent', 3);
    const res = await apply('cus_p_percent', 'SAVE10');
    // 10% of $4.65 is 46.5c -> 47c.
    expect(res.body.result).toMatchObject({
      subtotal: { amount: 4.65 },
      promotion: { discount: { amount: 0.47 } },
      cart_total: { amount: 4.18 },
    });
    expect(percentOf(465, 1000)).toBe(47);
    expect(percentOf(464, 1000)).toBe(46);
  });

  it('voucher_fixed_discount_expire before and after its expiry (SPRING3, EXPIRED1)', async () => {
    await cartWith('cus_p_expire', 1);
    const res = await apply('cus_p_expire', 'SPRING3');
    // The discount never exceeds the subtotal.
    expect(res.body.result).toMatchObject({
      promotion: { type: 'voucher_fixed_discount_expire', discount: { amount: 1.55 } },
      cart_total: { amount: 0 },
    });
    expect(res.body.result.promotion.expires_at).toBe('2027-12-31T13:00:00.000Z');
    expectNotAdded(await apply('cus_p_expire', 'EXPIRED1'), 'This promotion code has expired.');
    expectNotAdded(await apply('cus_p_expire', 'NOSUCHCODE'), 'This promotion code is not valid.');
  });

  it('voucher_credit_amount takes nothing off and credits bonus at purchase (BONUS10)', async () => {
    await cartWith('cus_p_bonus', 2);
    const res = await apply('cus_p_bonus', 'BONUS10');
    expect(res.body.result).toMatchObject({
      cart_total: { amount: 3.1 },
      promotion: { type: 'voucher_credit_amount', discount: { amount: 0 }, bonus_credit: { amount: 10 } },
    });
  });

  it('applies to an anonymous cart by reference and is removed again', async () => {
    const created = await call('POST', '/anon-cart');
    const ref = created.body.result.cart_reference as string;
    await call('POST', `/anon-cart/${ref}/build`, {
      product_offer_key: 'oz-lotto',
      game_type: 'standard',
      game_offer: 'standard',
      num_games: 2,
    });
    expect(
      (await call('POST', `/anon-cart/${ref}/promotion`, { promotion_code: 'SAVE10' })).body.result.promotion.code,
    ).toBe('SAVE10');
    expect((await call('DELETE', `/anon-cart/${ref}/promotion`)).body.result.promotion).toBeNull();
    expectNotAdded(
      await call('POST', `/anon-cart/${ref}/promotion`, { promotion_code: 'EXPIRED1' }),
      'This promotion code has expired.',
    );
  });
});

describe('pre-orders', () => {
  // A pre-order is charged when its draw's sales open, at its full price, and can be cancelled before: it counts for
  // neither a code's minimum spend nor its discount, or a customer could buy today's tickets cheaply or for nothing.
  async function preOrderDrawNo() {
    const draws = await t.services.draws.upcomingDraws('oz-lotto', 30);
    const pre = draws.find((d) => d.purchaseStatus === 'pre_order');
    expect(pre).toBeDefined();
    return pre!.drawNo;
  }
  const addPreOrder = async (customerId: string, games: number) =>
    call(
      'POST',
      '/cart/build',
      {
        product_offer_key: 'oz-lotto',
        game_type: 'standard',
        game_offer: 'standard',
        num_games: games,
        first_draw_no: await preOrderDrawNo(),
      },
      customerId,
    );

  it('a pre-order does not reach a minimum spend', async () => {
    await cartWith('cus_p_pre_min', 1);
    const added = await addPreOrder('cus_p_pre_min', 9);
    expect(added.status).toBe(200);
    expect(added.body.result.pre_order_total.amount).toBeCloseTo(13.95);
    // $1.55 charged now, $13.95 of pre-order: below WELCOME5's $10.00.
    expectNotAdded(await apply('cus_p_pre_min', 'WELCOME5'), 'Spend at least $10.00 to use this code.');
    expect((await call('GET', '/cart/items', undefined, 'cus_p_pre_min')).body.result.promotion).toBeNull();
  });

  it('a percentage discount is taken on what is charged now only', async () => {
    await cartWith('cus_p_pre_pct', 10);
    await addPreOrder('cus_p_pre_pct', 20);
    const res = await apply('cus_p_pre_pct', 'SAVE10');
    expect(res.status).toBe(200);
    // 10% of the $15.50 charged now (not of the $46.50 with the pre-order).
    expect(res.body.result).toMatchObject({
      subtotal: { amount: 46.5 },
      pre_order_total: { amount: 31 },
      promotion: { discount: { amount: 1.55 }, applicable: true },
      cart_total: { amount: 44.95 },
    });
  });
});

describe('usage limits', () => {
  it('once per customer: refused after a redemption, allowed anonymously, re-checked at purchase', async () => {
    await cartWith('cus_p_once', 7);
    await database.db.transaction((tx) =>
      redeemPromotion(tx, { code: 'WELCOME5', customerId: 'cus_p_once', checkoutId: 'chk_once1', now: t.clock.now() }),
    );
    expectNotAdded(await apply('cus_p_once', 'WELCOME5'), 'You have already used this promotion code.');
    const ref = (await call('POST', '/anon-cart')).body.result.cart_reference as string;
    await call('POST', `/anon-cart/${ref}/build`, {
      product_offer_key: 'oz-lotto',
      game_type: 'standard',
      game_offer: 'standard',
      num_games: 7,
    });
    expect((await call('POST', `/anon-cart/${ref}/promotion`, { promotion_code: 'WELCOME5' })).status).toBe(200);
    // After login the merged cart shows the code as no longer applicable; the purchase would refuse it.
    const converted = await call('POST', `/anon-cart/${ref}/convert`, undefined, 'cus_p_once');
    expect(converted.body.result.promotion).toMatchObject({
      code: 'WELCOME5',
      applicable: false,
      message: 'You have already used this promotion code.',
    });
    const again = database.db.transaction((tx) =>
      redeemPromotion(tx, { code: 'WELCOME5', customerId: 'cus_p_once', checkoutId: 'chk_once2', now: t.clock.now() }),
    );
    await expect(again).rejects.toMatchObject({ statusCode: 422, code: 'promotion_not_added' });
  });

  it('total limit: the third redemption of LIMITED2 is refused; a replayed checkout counts once', async () => {
    const redeem = (customerId: string, checkoutId: string) =>
      database.db.transaction((tx) =>
        redeemPromotion(tx, { code: 'LIMITED2', customerId, checkoutId, now: t.clock.now(), discountCents: 200 }),
      );
    expect(await redeem('cus_p_l1', 'chk_l1')).toMatchObject({ recorded: true });
    expect(await redeem('cus_p_l1', 'chk_l1')).toMatchObject({ recorded: false });
    await cartWith('cus_p_l3', 2);
    expect((await apply('cus_p_l3', 'LIMITED2')).status).toBe(200);
    expect(await redeem('cus_p_l2', 'chk_l2')).toMatchObject({ recorded: true });
    expectNotAdded(await apply('cus_p_l3', 'LIMITED2'), 'This promotion code has been used up.');
    const third = await redeem('cus_p_l3', 'chk_l3').catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect((third as AppError).message).toBe('This promotion code has been used up.');
  });

  it('purchases racing for the last redemption: exactly one wins', async () => {
    await database.db
      .insert(promotionsPromotions)
      .values({ code: 'RACE1', type: 'voucher_fixed_discount', value: 100, description: 'race', maxRedemptions: 1 });
    const results = await Promise.allSettled(
      ['a', 'b', 'c', 'd'].map((s) =>
        database.db.transaction((tx) =>
          redeemPromotion(tx, {
            code: 'race1',
            customerId: `cus_race_${s}`,
            checkoutId: `chk_race_${s}`,
            now: t.clock.now(),
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      ['promotion_not_added', 'promotion_not_added', 'promotion_not_added'],
    );
  });
});
