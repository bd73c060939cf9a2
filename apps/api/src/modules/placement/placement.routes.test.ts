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

// Issue 20: the A$ site's precart drawer recommended EuroMillions priced in pounds.
describe('GET /placement offers only what the visitor can buy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const placed = async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/placement?keys=pre_cart_item,feature_placement' });
    if (res.statusCode === 204) return [];
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { product_offer_key: string; price: { currency: string } | null }[];
  };

  it("in the site's currency only", async () => {
    const onAud = await placed();
    expect(onAud.length).toBeGreaterThan(0);
    for (const p of onAud) {
      expect(['euromillions', 'uk-lotto']).not.toContain(p.product_offer_key);
      if (p.price) expect(p.price.currency).toBe('AUD');
    }
    // The drawer after adding the two biggest jackpots: the next suggestions are still A$ games.
    const ref = (await t.injectSigned({ method: 'POST', url: '/api/v2/anon-cart', sign: { version: '3.3' } })).json()
      .result.cart_reference as string;
    for (let round = 0; round < 3; round++) {
      const res = await t.injectSigned({ method: 'GET', url: `/api/v2/placement?keys=pre_cart_item&cart_id=${ref}` });
      if (res.statusCode === 204) break;
      const items = res.json().result as { product_offer_key: string; build: object; price: { currency: string } }[];
      for (const p of items) expect(p.price.currency, p.product_offer_key).toBe('AUD');
      const added = await t.injectSigned({
        method: 'POST',
        url: `/api/v2/anon-cart/${ref}/build`,
        payload: items[0]!.build,
        sign: { version: '3.3' },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const { baseUrl: _b, ...config } = await t.services.platform.getWebConfig();
    await t.services.platform.saveWebConfig({ ...config, baseCurrency: 'GBP' });
    try {
      const onGbp = await placed();
      expect(onGbp.length).toBeGreaterThan(0);
      for (const p of onGbp) {
        expect(['euromillions', 'uk-lotto']).toContain(p.product_offer_key);
        if (p.price) expect(p.price.currency).toBe('GBP');
      }
    } finally {
      await t.services.platform.saveWebConfig(config);
    }
  });
});

describe('GET /placement on a segment that sells no lotteries', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { defaultSegment: 'charity' } });
  });
  afterAll(() => t.close());

  it('answers 204: no lottery is suggested on the charity site', async () => {
    const res = await t.injectSigned({ method: 'GET', url: '/api/v2/placement?keys=pre_cart_item' });
    expect(res.statusCode, res.body).toBe(204);
  });
});
