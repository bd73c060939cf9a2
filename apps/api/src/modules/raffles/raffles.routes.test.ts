// Raffle and cause calls over HTTP against the seeded demo raffles (three raffles, four causes, a past drawn draw).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW, type TestApp } from '../../../test/helpers/app.ts';
import { catalogueAt } from '../../../test/helpers/recurring.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { RAFFLE_SEED, verifyRaffleDraw } from './index.ts';

let t: TestApp;
const get = (url: string, headers: Record<string, string> = {}) => t.injectSigned({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('causes', () => {
  it('GET /causes lists, filters by category, slug and a name search; amount raised comes from sales', async () => {
    const all = await get('/api/v2/causes');
    expect(all.statusCode).toBe(200);
    expect(all.json().page_info).toMatchObject({ limit: 10, offset: 0, total: 4 });
    const surf = all.json().result.find((c: { slug: string }) => c.slug === 'surf-life-saving');
    // Past draw: 12 + 8 + 15 tickets at $10 and a 5-ticket bundle at $45.
    expect(surf).toMatchObject({
      id: 'cau_surflifesaving0001',
      name: 'Surf Life Saving Clubs',
      amount_raised: { amount: 395, currency: 'AUD' },
    });
    expect((await get('/api/v2/causes?category=animals')).json().result.map((c: { slug: string }) => c.slug)).toEqual([
      'animal-rescue',
      'wildlife-rescue',
    ]);
    expect((await get('/api/v2/causes?slug=surf-life-saving&limit=1')).json().result).toHaveLength(1);
    expect((await get('/api/v2/causes?q=koala')).json().result.map((c: { slug: string }) => c.slug)).toEqual([
      'wildlife-rescue',
    ]);
    expect((await get('/api/v2/causes?q=100%25')).json().result).toEqual([]);
    expect((await get('/api/v2/causes?limit=0')).statusCode).toBe(422);
  });

  it('GET /causes/{id} takes the id or the slug and lists the cause’s raffles; unknown is 404', async () => {
    const bySlug = await get('/api/v2/causes/wildlife-rescue');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().result.raffles.map((r: { product_offer_key: string }) => r.product_offer_key)).toEqual([
      RAFFLE_SEED.animalCash,
    ]);
    expect((await get('/api/v2/causes/cau_wildliferescue0001')).json().result.slug).toBe('wildlife-rescue');
    const missing = await get('/api/v2/causes/no-such-cause');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().messages[0].code).toBe('unknown_cause');
  });
});

describe('raffle offers', () => {
  it('GET /raffles/{offer}: permits, excluded states, bundles, default entry, current draw with its commitment and supply', async () => {
    const surf = (await get(`/api/v2/raffles/${RAFFLE_SEED.surfCar}`)).json().result;
    expect(surf.draws).toHaveLength(1);
    expect(surf.draws[0]).toMatchObject({
      draw_no: 2,
      cap: 500,
      sold: 0,
      remaining: 500,
      seed: null,
      purchase_status: 'open',
      status: 'open',
    });
    expect(surf.draws[0].commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(surf.past_draw_nos).toEqual([1]);
    expect(surf.default_entry_count).toBe(1);
    const animal = (await get(`/api/v2/raffles/${RAFFLE_SEED.animalCash}`)).json().result;
    expect(animal).toMatchObject({ excluded_regions: ['WA'], default_entry_count: 2 });
    expect(animal.causes.map((c: { slug: string }) => c.slug)).toEqual(['animal-rescue', 'wildlife-rescue']);
    expect(animal.draws[0].purchase_status).toBe('pre_order');
    const home = (await get(`/api/v2/raffles/${RAFFLE_SEED.prizeHome}`)).json().result;
    expect(home.default_entry_count).toBe(3);
    expect(home.draws[0].prizes.map((p: { kind: string }) => p.kind)).toEqual(['first', 'secondary', 'early_bird']);
    expect(home.draws[0].prizes[2].closes_at).not.toBeNull();
    expect((await get('/api/v2/raffles')).json().result).toHaveLength(3);
    expect((await get('/api/v2/raffles/oz-lotto')).statusCode).toBe(404);
  });

  it('the catalogue lists raffle offers (type raffle_ticket, category raffles) with bundles as the game offer prices', async () => {
    const offers = (await get('/api/v2/pricing/default/product_offers?category=raffles')).json().result;
    expect(Object.keys(offers).sort()).toEqual(
      [RAFFLE_SEED.animalCash, RAFFLE_SEED.prizeHome, RAFFLE_SEED.surfCar].sort(),
    );
    const surf = offers[RAFFLE_SEED.surfCar];
    expect(surf).toMatchObject({ type: 'raffle_ticket', game_key: null, display_category: 'raffles' });
    expect(surf.draws[0]).toMatchObject({ draw_no: 2, purchase_status: 'standard' });
    expect(surf.game_types[0].game_offers[0].prices).toEqual([
      { games: 1, num_games: 1, price: { amount: 10, currency: 'AUD' } },
      { games: 5, num_games: 5, price: { amount: 45, currency: 'AUD' } },
      { games: 10, num_games: 10, price: { amount: 80, currency: 'AUD' } },
    ]);
    expect(surf.game_types[0].game_offers[0]).toMatchObject({ price_currency: 'AUD', default_entry_count: 1 });
    expect(offers[RAFFLE_SEED.animalCash].draws[0].purchase_status).toBe('pre_order');
  });
});

describe('drawn raffle draws', () => {
  it('prizes and winners of a drawn raffle draw (masked names), 404 before the draw', async () => {
    const prizes = await get(`/api/v2/draw/details/${RAFFLE_SEED.surfCar}/1/prizes`);
    expect(prizes.statusCode).toBe(200);
    expect(prizes.json().result.prizes.map((p: { name: string }) => p.name)).toEqual([
      'Toyota HiLux SR5 4x4',
      '$1,000 surf shop voucher',
    ]);
    const winners = (await get(`/api/v2/draw/details/${RAFFLE_SEED.surfCar}/1/winners`)).json().result;
    expect(winners.total_winners).toBe(2);
    for (const w of winners.winners) {
      expect(w.name).toMatch(/^[A-Z]\. [A-Z]\*\*\*$/);
      expect(w.ticket_number).toBeGreaterThanOrEqual(1);
      expect(w.ticket_number).toBeLessThanOrEqual(40);
    }
    const early = await get(`/api/v2/draw/details/${RAFFLE_SEED.surfCar}/2/winners`);
    expect(early.statusCode).toBe(404);
    expect(early.json().messages[0].code).toBe('result_not_available');
    // Lottery draws are untouched.
    expect((await get('/api/v2/draw/details/oz-lotto/999999/prizes')).statusCode).toBe(404);
  });

  it('the verification data of the past draw recomputes to the published winners; an open draw keeps its seed secret', async () => {
    const v = (await get(`/api/v2/raffles/${RAFFLE_SEED.surfCar}/draws/1/verification`)).json().result;
    expect(v.seed).toBe(RAFFLE_SEED.pastSeed);
    expect(v.ticket_numbers).toHaveLength(40);
    expect(v.procedure.length).toBeGreaterThan(3);
    const outcome = verifyRaffleDraw({
      seed: v.seed,
      commitment: v.commitment,
      drawId: v.draw_id,
      ticketNumbers: v.ticket_numbers,
      prizes: v.prizes.map((p: { rank: number; kind: 'first'; eligible_up_to: number | null }) => ({
        rank: p.rank,
        kind: p.kind,
        eligibleUpTo: p.eligible_up_to,
      })),
      soldListHash: v.sold_list_hash,
      published: v.winners.map((w: { rank: number; ticket_number: number }) => ({
        rank: w.rank,
        ticketNumber: w.ticket_number,
      })),
    });
    expect(outcome.ok).toBe(true);
    const open = (await get(`/api/v2/raffles/${RAFFLE_SEED.surfCar}/draws/2/verification`)).json().result;
    expect(open).toMatchObject({ seed: null, sold_list_hash: null, ticket_numbers: [], winners: [] });
    const secret = (await t.services.raffleLifecycle.repo.drawByNumber(t.database.db, RAFFLE_SEED.surfCar, 2))!.seed;
    for (const url of [
      `/api/v2/raffles/${RAFFLE_SEED.surfCar}`,
      `/api/v2/raffles/${RAFFLE_SEED.surfCar}/draws/2`,
      `/api/v2/raffles/${RAFFLE_SEED.surfCar}/draws/2/verification`,
      '/api/v2/raffles',
    ]) {
      expect((await get(url)).body).not.toContain(secret);
    }
  });

  it('the results lists’ raffles tab lists drawn raffle draws with the first prize and winning ticket', async () => {
    const page = (await get('/api/v2/draws/pricing/default/past?category=raffles')).json();
    expect(page.page_info.total).toBe(1);
    expect(page.result[0]).toMatchObject({
      product_offer_key: RAFFLE_SEED.surfCar,
      draw_no: 1,
      first_prize: 'Toyota HiLux SR5 4x4',
      tickets_sold: 40,
    });
    expect(page.result[0].winning_ticket_number).toBeGreaterThan(0);
    const lotteries = (await get('/api/v2/draws/pricing/default/past?category=lotteries')).json();
    expect(lotteries.result[0].result).toBeDefined();
  });
});

describe('your support', () => {
  it('needs a signed-in customer and sums their tickets and contribution per cause', async () => {
    expect((await get(`/api/v2/raffles/${RAFFLE_SEED.surfCar}/your-support`)).statusCode).toBe(401);
    const r = await get(`/api/v2/raffles/${RAFFLE_SEED.surfCar}/your-support`, {
      authorization: `Bearer ${t.tokenFor('cus_seedbuyerJaneSmith01')}`,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().result).toMatchObject({
      tickets_bought: 12,
      amount_contributed: { amount: 120, currency: 'AUD' },
      causes: [{ slug: 'surf-life-saving', tickets: 12, amount: { amount: 120, currency: 'AUD' } }],
    });
    expect(r.json().result.draws[0].ticket_numbers).toHaveLength(12);
    const nobody = await get(`/api/v2/raffles/${RAFFLE_SEED.surfCar}/your-support`, {
      authorization: `Bearer ${t.tokenFor('cus_nobodyatall01')}`,
    });
    expect(nobody.json().result).toMatchObject({ tickets_bought: 0, causes: [], draws: [] });
  });
});

describe('buying raffle tickets through the cart', () => {
  const V = { version: '3.3' } as const;

  it('adds a bundle for a cause, buys it (tickets numbered, wallet charged), and refuses more than remain', async () => {
    const id = 'cus_rafflebuyer0001';
    const ledger = t.services.ledger;
    await t.database.db.transaction((tx) =>
      ledger.creditDeposit(tx, {
        customerId: id,
        amountCents: 10_000,
        currency: 'AUD',
        reference: `test-deposit:${id}`,
        description: 'Test deposit',
      }),
    );
    const headers = { authorization: `Bearer ${t.tokenFor(id)}` };
    const add = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/items',
      headers,
      sign: V,
      payload: { item: { product_type: 'raffle_ticket', product_offer_key: RAFFLE_SEED.surfCar, num_tickets: 5 } },
    });
    expect(add.statusCode, add.body).toBe(200);
    const [item] = add.json().result.cart_items.raffle_ticket;
    expect(item).toMatchObject({
      num_tickets: 5,
      cause_key: 'surf-life-saving',
      price: { amount: 45, currency: 'AUD' },
    });

    const bought = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/purchase',
      headers: { ...headers, 'idempotency-key': 'raffle-buy-1' },
      sign: V,
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await ledger.fundsSummary(id)).balanceCents).toBe(10_000 - 4_500);
    const draw = (await get(`/api/v2/raffles/${RAFFLE_SEED.surfCar}`)).json().result.draws[0];
    expect(draw).toMatchObject({ sold: 5, remaining: 495 });
    const support = (await get(`/api/v2/raffles/${RAFFLE_SEED.surfCar}/your-support`, headers)).json().result;
    expect(support).toMatchObject({ tickets_bought: 5, amount_contributed: { amount: 45 } });
    expect(support.draws[0].ticket_numbers).toEqual([1, 2, 3, 4, 5]);

    const tooMany = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/items',
      headers,
      sign: V,
      payload: { item: { product_type: 'raffle_ticket', product_offer_key: RAFFLE_SEED.surfCar, num_tickets: 496 } },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().messages[0]).toMatchObject({
      code: 'sold_out',
      text: 'Only 495 tickets are left in this draw.',
    });
  });

  it('a pre-order is bought without a charge, listed as a pre-order, then charged and numbered when the draw opens', async () => {
    const id = 'cus_rafflepreorder01';
    const ledger = t.services.ledger;
    await t.database.db.transaction((tx) =>
      ledger.creditDeposit(tx, {
        customerId: id,
        amountCents: 3_000,
        currency: 'AUD',
        reference: `test-deposit:${id}`,
        description: 'Test deposit',
      }),
    );
    const headers = { authorization: `Bearer ${t.tokenFor(id)}` };
    const item = {
      product_type: 'raffle_ticket',
      product_offer_key: RAFFLE_SEED.animalCash,
      num_tickets: 6,
      cause_key: 'wildlife-rescue',
    };
    const add = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/items',
      headers,
      sign: V,
      payload: { item },
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().result).toMatchObject({ pre_order_total: { amount: 25 }, cart_total: { amount: 25 } });
    const bought = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/purchase',
      headers: { ...headers, 'idempotency-key': 'raffle-pre-1' },
      sign: V,
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await ledger.fundsSummary(id)).balanceCents).toBe(3_000);

    const raffles = t.services.raffleLifecycle;
    const draw = (await raffles.repo.drawByNumber(t.database.db, RAFFLE_SEED.animalCash, 1))!;
    const listed = (await get('/api/v2/scheduled-purchases', headers)).json().result;
    expect(listed).toEqual([
      expect.objectContaining({
        kind: 'pre_order',
        status: 'active',
        draw_no: 1,
        price: { amount: 25, currency: 'AUD' },
        due_at: draw.salesOpenAt.toISOString(),
        finished: false,
      }),
    ]);
    const opensAt = new Date(draw.salesOpenAt.getTime() + 1_000);
    t.clock.set(opensAt);
    try {
      await raffles.openDue(opensAt);
      expect(await t.services.recurringProcessor.run({ customerId: id })).toMatchObject({ purchased: 1 });
      expect(await t.services.recurringProcessor.run({ customerId: id })).toMatchObject({ purchased: 0 });
    } finally {
      t.clock.set(TEST_NOW);
      await catalogueAt(t.services);
    }
    expect((await ledger.fundsSummary(id)).balanceCents).toBe(500);
    const done = (await get(`/api/v2/scheduled-purchases/${listed[0].encoded_id}`, headers)).json().result;
    expect(done).toMatchObject({ finished: true, last_attempt_status: 'purchased', gave_up: false });
    const support = (await get(`/api/v2/raffles/${RAFFLE_SEED.animalCash}/your-support`, headers)).json().result;
    expect(support).toMatchObject({
      tickets_bought: 6,
      amount_contributed: { amount: 25 },
      causes: [{ slug: 'wildlife-rescue', tickets: 6 }],
    });
    expect(support.draws[0].ticket_numbers).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('a customer living where the raffle is not permitted gets 422 with the reason', async () => {
    const wa = await signUpAndLogin(t, { state: 'WA', suburb: 'Perth', postcode: '6000' });
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/items',
      headers: { authorization: `Bearer ${wa.accessToken}` },
      sign: V,
      payload: {
        item: {
          product_type: 'raffle_ticket',
          product_offer_key: RAFFLE_SEED.animalCash,
          num_tickets: 2,
          cause_key: 'wildlife-rescue',
        },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().messages[0]).toMatchObject({
      code: 'region_restricted',
      text: "This raffle can't be sold in WA",
    });
  });
});
