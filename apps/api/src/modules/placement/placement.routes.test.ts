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
      .result as Record<string, { type: string; draws: { prize_pool: { amount: number; currency: string } | null }[] }>;
    const pools = items.map((i) => offers[i.product_offer_key]!.draws[0]!.prize_pool?.amount ?? 0);
    expect(pools[0]).toBeGreaterThanOrEqual(pools[1]!);
    // Among the site's own lotteries (AUD): EuroMillions' pool is in another currency and can pass Powerball's in
    // number (€24M on 2026-11-27); syndicate offers list their syndicates' draws.
    const lotteries = Object.values(offers).filter(
      (o) => o.type === 'lottery_ticket' && (o.draws[0]?.prize_pool?.currency ?? 'AUD') === 'AUD',
    );
    const biggest = Math.max(...lotteries.map((o) => o.draws[0]?.prize_pool?.amount ?? 0));
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

// Issue 20 item 8: POST /placement/cart/prime (features §7) with segment_user_id and segment_device_id.
describe('POST /placement/cart/prime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  type Item = { key: string; product_offer_key: string; build: Record<string, unknown> | null };
  const prime = (payload: unknown) =>
    t.injectSigned({ method: 'POST', url: '/api/v2/placement/cart/prime', payload: payload as object });
  const anonCart = async () =>
    (
      (await t.injectSigned({ method: 'POST', url: '/api/v2/anon-cart', sign: { version: '3.3' } })).json().result as {
        cart_reference: string;
      }
    ).cart_reference;
  const addTo = (ref: string, build: unknown) =>
    t.injectSigned({
      method: 'POST',
      url: `/api/v2/anon-cart/${ref}/build`,
      payload: build as object,
      sign: { version: '3.3' },
    });
  const get = async (ref: string) =>
    (await t.injectSigned({ method: 'GET', url: `/api/v2/placement?keys=pre_cart_item&cart_id=${ref}` })).json()
      .result as Item[];

  it("computes every cart placement of the visitor's cart, leaving out what is in it", async () => {
    const ref = await anonCart();
    const open = (await prime({ segment_device_id: 'dev-1', cart_id: ref })).json().result as Item[];
    const first = open.find((i) => i.key === 'pre_cart_item')!;
    expect(new Set(open.map((i) => i.key))).toEqual(
      new Set(['pre_cart_item', 'cart_inline_item', 'pre_cart_promoted', 'pre_cart_standard']),
    );
    expect(open.some((i) => i.key === 'feature_placement')).toBe(false);
    expect((await addTo(ref, first.build)).statusCode).toBe(200);
    const res = await prime({ segment_user_id: 'usr_1', segment_device_id: 'dev-1', cart_id: ref });
    expect(res.statusCode).toBe(200);
    const primed = res.json().result as Item[];
    expect(primed.map((i) => i.product_offer_key)).not.toContain(first.product_offer_key);
    // The drawer's GET for the same cart answers with what was primed.
    expect(await get(ref)).toEqual(primed.filter((i) => i.key === 'pre_cart_item'));
  });

  it('a primed cart still leaves out an offer added after priming, and priming expires after 5 minutes', async () => {
    const ref = await anonCart();
    const primed = (await prime({ segment_device_id: 'dev-2', cart_id: ref })).json().result as Item[];
    const first = primed.find((i) => i.key === 'pre_cart_item')!;
    expect((await addTo(ref, first.build)).statusCode).toBe(200);
    const now = await get(ref);
    expect(now.map((i) => i.product_offer_key)).not.toContain(first.product_offer_key);
    expect(now).toHaveLength(1);
    t.clock.advance(5 * 60_000);
    // Computed afresh: two suggestions again, neither in the cart.
    const later = await get(ref);
    expect(later).toHaveLength(2);
    expect(later.map((i) => i.product_offer_key)).not.toContain(first.product_offer_key);
  });

  it('rejects bad input with 422 and primes nothing', async () => {
    for (const payload of [
      {},
      { segment_user_id: 'usr_1' },
      { segment_device_id: 'has space' },
      { segment_device_id: '' },
      { segment_device_id: 'x'.repeat(129) },
      { segment_device_id: 'dev', cart_id: '../etc' },
      { segment_device_id: 'dev', extra: 1 },
    ]) {
      const res = await prime(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().result).toBeNull();
    }
  });

  it('needs the app signature like every service call', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/placement/cart/prime',
      payload: { segment_device_id: 'dev-3' },
    });
    expect(res.statusCode).toBe(401);
  });
});
