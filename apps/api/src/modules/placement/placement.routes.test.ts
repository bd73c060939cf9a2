import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';

describe('GET /placement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('offers the two biggest upcoming jackpots as ready-made quickpicks for pre_cart_item', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/placement?keys=pre_cart_item' });
    expect(res.statusCode).toBe(200);
    const items = res.json().result as {
      key: string;
      product_offer_key: string;
      build: { num_games: number; game_type: string } | null;
      price: { amount: number } | null;
    }[];
    expect(items).toHaveLength(2);
    expect(new Set(items.map((i) => i.product_offer_key)).size).toBe(2);
    for (const i of items) {
      expect(i.key).toBe('pre_cart_item');
      expect(i.build?.num_games).toBeGreaterThan(0);
      expect(i.price?.amount).toBeGreaterThan(0);
    }
    // Biggest jackpot first: the offers page lists the same first draws.
    const offers = (await t.injectSigned({ method: 'GET', url: '/api/v2/pricing/default/product_offers' })).json()
      .result as Record<string, { draws: { prize_pool: { amount: number } | null }[] }>;
    const pools = items.map((i) => offers[i.product_offer_key]!.draws[0]!.prize_pool?.amount ?? 0);
    expect(pools[0]).toBeGreaterThanOrEqual(pools[1]!);
    const biggest = Math.max(...Object.values(offers).map((o) => o.draws[0]?.prize_pool?.amount ?? 0));
    expect(pools[0]).toBe(biggest);
  });

  it('leaves out offers already in the anonymous cart it is asked about', async () => {
    const before = (await t.injectSigned({ method: 'GET', url: '/api/v2/placement?keys=pre_cart_item' })).json()
      .result as { product_offer_key: string; build: Record<string, unknown> }[];
    const first = before[0]!;
    const created = (
      await t.injectSigned({ method: 'POST', url: '/api/v2/anon-cart', sign: { version: '3.3' } })
    ).json().result as { cart_reference: string };
    const ref = created.cart_reference;
    const added = await t.injectSigned({
      method: 'POST',
      url: `/api/v2/anon-cart/${ref}/build`,
      payload: first.build,
      sign: { version: '3.3' },
    });
    expect(added.statusCode).toBe(200);
    const after = (
      await t.injectSigned({ method: 'GET', url: `/api/v2/placement?keys=pre_cart_item&cart_id=${ref}` })
    ).json().result as { product_offer_key: string }[];
    expect(after.map((i) => i.product_offer_key)).not.toContain(first.product_offer_key);
    expect(after).toHaveLength(2);
    // Another visitor's (or no) cart changes nothing.
    const other = (
      await t.injectSigned({ method: 'GET', url: '/api/v2/placement?keys=pre_cart_item&cart_id=crt_nope' })
    ).json().result as { product_offer_key: string }[];
    expect(other.map((i) => i.product_offer_key)).toEqual(before.map((i) => i.product_offer_key));
  });

  it('answers 204 when no key is one it knows', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/placement?keys=nothing_here' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('rejects a request without keys with the error envelope', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/placement' });
    expect(res.statusCode).toBe(422);
  });
});
