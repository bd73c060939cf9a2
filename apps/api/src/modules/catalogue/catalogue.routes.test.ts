// GET /api/v2/pricing/{pricingName}/product_offers, /branding and /tips through the real app on a seeded database.
import { GAME_KEYS } from '@shop/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NOW, testServices, withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { createCatalogueService, seedCatalogue, type UpcomingDraw } from './index.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  const { draws } = testServices(database, { clock: fixedClock(TEST_NOW) });
  for (const key of GAME_KEYS) await draws.ensureSchedule(key);
});
afterAll(async () => {
  await database.close();
});

const withApp = <T>(fn: (t: TestApp) => Promise<T>): Promise<T> => withTestApp({ database }, fn);

const AU_KEYS = ['powerball', 'oz-lotto', 'saturday-lotto', 'set-for-life', 'weekday-windfall', 'lotto-strike'];
const RAFFLE_KEYS = ['hospital-prize-home', 'surf-rescue-car-raffle', 'animal-rescue-cash-raffle'];

describe('GET /api/v2/pricing/{pricingName}/product_offers', () => {
  it('lists every seeded offer keyed by key with every field of features §3, snake_case on the wire', async () => {
    await withApp(async (t) => {
      const res = await t.injectSigned({ method: 'GET', url: '/api/v2/pricing/default/product_offers' });
      expect(res.statusCode).toBe(200);
      // The same for every visitor: a CDN may keep it half a minute (the draw list changes when a draw closes).
      expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
      const offers = res.json().result as Record<string, Record<string, unknown>>;
      // The seeded standing syndicates (Oz Lotto, Powerball) are on sale: each lottery's syndicate_share offer too.
      const syndicates = ['oz-lotto-syndicate', 'powerball-syndicate'];
      expect(Object.keys(offers).sort()).toEqual(
        [...AU_KEYS, 'uk-lotto', 'euromillions', ...RAFFLE_KEYS, ...syndicates].sort(),
      );
      const oz = offers['oz-lotto']!;
      for (const field of [
        'key',
        'type',
        'name',
        'url',
        'url_aliases',
        'availability',
        'draws',
        'display_category',
        'suspended',
        'game_types',
        'causes',
        'recurring_purchase',
        'recurring_purchase_information',
        'region_overrides',
        'ranking',
        'restrictions',
      ]) {
        expect(oz, field).toHaveProperty(field);
      }
      expect(oz).toMatchObject({
        key: 'oz-lotto',
        type: 'lottery_ticket',
        name: 'Oz Lotto',
        url: '/oz-lotto',
        availability: 'available',
        display_category: 'lotto',
        suspended: false,
        causes: [],
      });
      // The seeded lottery offers sell autoplay (catalogue.seed.ts AUTOPLAY_ON_SALE), with the play screen's note.
      expect(oz.recurring_purchase).toEqual({ type: 'autoplay', availability: 'optional' });
      expect(oz.recurring_purchase_information).toBe(
        'Autoplay buys your Oz Lotto entry for every draw until you stop it.',
      );
      const draws = oz.draws as {
        draw_no: number;
        stop: string;
        purchase_status: string;
        prize_pool: { amount: number; currency: string } | null;
        draw_data: { draw_number: number };
      }[];
      expect(draws.length).toBeGreaterThan(0);
      for (const d of draws) {
        expect(new Date(d.stop).getTime()).toBeGreaterThan(new Date(TEST_NOW).getTime());
        expect(d.draw_data.draw_number).toBe(d.draw_no);
      }
      expect(draws[0]!.prize_pool?.currency).toBe('AUD');
      expect(draws.map((d) => d.draw_no)).toEqual([...draws.map((d) => d.draw_no)].sort((a, b) => a - b));
      expect(offers['saturday-lotto']!.url_aliases).toContainEqual({ subvariant: 'qld', url: '/gold-lotto' });
      expect(offers['saturday-lotto']!.region_overrides).toContainEqual({
        region: 'QLD',
        name: 'Gold Lotto',
        availability: null,
      });
      expect(offers['euromillions']!.recurring_purchase).toEqual({ type: 'none', availability: 'never' });
    });
  });

  it('builds game types and game offers from the game rules: 18 default standard games, systems, PowerHit, Box 24', async () => {
    await withApp(async (t) => {
      const res = await t.injectSigned({ method: 'GET', url: '/api/v2/pricing/default/product_offers' });
      const offers = res.json().result as Record<
        string,
        { game_types: { key: string; game_offers: Record<string, unknown>[] }[] }
      >;
      const types = (key: string) => offers[key]!.game_types;
      const gameOffer = (key: string, type: string, offer: string) =>
        types(key)
          .find((g) => g.key === type)!
          .game_offers.find((o) => o.key === offer)!;

      expect(types('powerball').map((g) => g.key)).toEqual(['standard', 'random', 'reduced_system', 'powerhit']);
      expect(types('oz-lotto').map((g) => g.key)).toEqual(['standard', 'random', 'reduced_system']);
      expect(types('lotto-strike').map((g) => g.key)).toEqual(['strike_standard', 'strike_boxed', 'random']);

      const ozStandard = gameOffer('oz-lotto', 'standard', 'standard');
      expect(ozStandard).toMatchObject({
        min_games: 1,
        max_games: 50,
        default_games: 18,
        games_per_line: 1,
        price_per_line: { amount: 1.55, currency: 'AUD' },
        // Features §3 "Game offer: … prices (games, price), priceCurrency, defaultGames, defaultEntryCount".
        price_currency: 'AUD',
        default_entry_count: 18,
      });
      expect(ozStandard.number_sets).toEqual([{ name: 'numbers', from: 1, to: 47, pick: 7 }]);
      expect((ozStandard.prices as unknown[]).length).toBe(50);
      expect((ozStandard.prices as unknown[])[17]).toEqual({
        games: 18,
        num_games: 18,
        price: { amount: 27.9, currency: 'AUD' },
      });

      const pbStandard = gameOffer('powerball', 'standard', 'standard');
      expect(pbStandard.number_sets).toEqual([
        { name: 'numbers', from: 1, to: 35, pick: 7 },
        { name: 'powerball', from: 1, to: 20, pick: 1 },
      ]);
      // Saturday Lotto: 4-game minimum (games.md), still 18 by default.
      expect(gameOffer('saturday-lotto', 'standard', 'standard')).toMatchObject({ min_games: 4, default_games: 18 });
      // Weekday Windfall is $2.70 for 4 games.
      const ww = gameOffer('weekday-windfall', 'standard', 'standard');
      expect(
        (ww.prices as { num_games: number; price: { amount: number } }[]).find((p) => p.num_games === 4)!.price.amount,
      ).toBe(2.7);

      // System 10 of Oz Lotto is C(10,7) = 120 games; PowerHit 8 is C(8,7) x 20 = 160 games with no Powerball set.
      expect(gameOffer('oz-lotto', 'reduced_system', 'system-10')).toMatchObject({
        games_per_line: 120,
        price_per_line: { amount: 186, currency: 'AUD' },
      });
      expect((gameOffer('oz-lotto', 'reduced_system', 'system-10').number_sets as { pick: number }[])[0]!.pick).toBe(
        10,
      );
      const ph8 = gameOffer('powerball', 'powerhit', 'powerhit-8');
      expect(ph8).toMatchObject({ games_per_line: 160 });
      expect(ph8.number_sets).toEqual([{ name: 'numbers', from: 1, to: 35, pick: 8 }]);
      expect(gameOffer('lotto-strike', 'strike_boxed', 'boxed')).toMatchObject({
        games_per_line: 24,
        price_per_line: { amount: 24, currency: 'AUD' },
      });
    });
  });

  it('prices by pricing id: the intro list (offered by code) is below the default list; members is for members', async () => {
    await withApp(async (t) => {
      const get = async (pricing: string) =>
        (await t.injectSigned({ method: 'GET', url: `/api/v2/pricing/${pricing}/product_offers` })).json()
          .result as Record<
          string,
          { game_types: { key: string; game_offers: { price_per_line: { amount: number } }[] }[] }
        >;
      const base = await get('default');
      const intro = await get('intro');
      const perLine = (offers: typeof base, key: string) =>
        offers[key]!.game_types[0]!.game_offers[0]!.price_per_line.amount;
      expect(perLine(base, 'powerball')).toBe(1.2);
      expect(perLine(intro, 'powerball')).toBe(1.08);
      for (const key of AU_KEYS) expect(perLine(intro, key)).toBeLessThan(perLine(base, key));
      // The members list is only its customers' (cart.pricing-code.routes.test.ts): anyone else is told it is unknown.
      const members = await t.injectSigned({ method: 'GET', url: '/api/v2/pricing/members/product_offers' });
      expect(members.statusCode).toBe(404);
    });
  });

  it('filters by market and category', async () => {
    await withApp(async (t) => {
      const gb = await t.injectSigned({ method: 'GET', url: '/api/v2/pricing/default/product_offers?market=GB' });
      expect(Object.keys(gb.json().result).sort()).toEqual(['euromillions', 'uk-lotto']);
      const raffles = await t.injectSigned({
        method: 'GET',
        url: '/api/v2/pricing/default/product_offers?category=raffles',
      });
      expect(Object.keys(raffles.json().result).sort()).toEqual([...RAFFLE_KEYS].sort());
      const none = await t.injectSigned({
        method: 'GET',
        url: '/api/v2/pricing/default/product_offers?category=bingo',
      });
      expect(none.json().result).toEqual({});
    });
  });

  it('answers an unknown pricing with the 404 envelope, and junk with 422', async () => {
    await withApp(async (t) => {
      const res = await t.injectSigned({ method: 'GET', url: '/api/v2/pricing/vip/product_offers' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, result: null, messages: [{ code: 'unknown_pricing' }] });
      const bad = await t.injectSigned({ method: 'GET', url: '/api/v2/pricing/default/product_offers?market=FR' });
      expect(bad.statusCode).toBe(422);
    });
  });

  it('needs the app signature', async () => {
    await withApp(async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/pricing/default/product_offers' });
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('offer availability (features §4)', () => {
  const clock = fixedClock(TEST_NOW);
  const start = new Date(TEST_NOW).getTime();
  const drawAt = (hours: number): UpcomingDraw => ({
    id: `drw_x_${hours}`,
    drawNo: 1000 + hours,
    stopAt: new Date(start + hours * 3600_000),
    drawAt: new Date(start + (hours + 1) * 3600_000),
    jackpotCents: null,
  });

  it('lists only available offers with at least one open draw, dropping draws that closed since the list was cached', async () => {
    const catalogue = createCatalogueService({
      db: database.db,
      clock,
      // Longer than the clock moves below: the draws that closed are dropped from the cached list itself.
      cacheTtlMs: 6 * 3600_000,
      upcomingDraws: async (gameKey) =>
        gameKey === 'oz-lotto' ? [] : gameKey === 'powerball' ? [drawAt(1), drawAt(2)] : [drawAt(48)],
    });
    const first = await catalogue.productOffers('default');
    expect(first['oz-lotto']).toBeUndefined();
    expect(first['powerball']!.draws.map((d) => d.drawNo)).toEqual([1001, 1002]);
    expect(first['powerball']!.draws[0]!.isPrizePoolUnknown).toBe(true);

    clock.advance(90 * 60_000);
    expect((await catalogue.productOffers('default'))['powerball']!.draws.map((d) => d.drawNo)).toEqual([1002]);
    clock.advance(60 * 60_000);
    expect((await catalogue.productOffers('default'))['powerball']).toBeUndefined();

    await catalogue.setOfferState('saturday-lotto', { availability: 'unavailable' });
    await catalogue.setOfferState('set-for-life', { suspended: true });
    const after = await catalogue.productOffers('default');
    expect(after['saturday-lotto']).toBeUndefined();
    expect(after['set-for-life']!.suspended).toBe(true);
    await catalogue.setOfferState('saturday-lotto', { availability: 'available' });
    await catalogue.setOfferState('set-for-life', { suspended: false });
    await expect(catalogue.setOfferState('nope', { suspended: true })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('catalogue seed', () => {
  it('is already in the seeded database and inserts nothing when run again', async () => {
    expect(await seedCatalogue(database.db)).toBe(0);
    const counts = await database.pool.query<{ offers: number; prices: number; pricings: number }>(
      'select (select count(*)::int from catalogue_offers) as offers, (select count(*)::int from catalogue_prices) as prices, (select count(*)::int from catalogue_pricings) as pricings',
    );
    // 8 lottery offers and the 3 demo raffles (seeded with the raffles), each priced under both pricings.
    expect(counts.rows[0]).toEqual({ offers: 11, prices: 33, pricings: 3 });
  });
});

describe('GET /api/v2/branding and /tips', () => {
  it('answers the seeded branding and tips', async () => {
    await withApp(async (t) => {
      const branding = await t.injectSigned({ method: 'GET', url: '/api/v2/branding' });
      expect(branding.statusCode).toBe(200);
      expect(branding.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=86400');
      const sat = (branding.json().result as { id: string }[]).find((b) => b.id === 'saturday-lotto');
      expect(sat).toMatchObject({
        aliases: ['tattslotto', 'gold-lotto', 'x-lotto'],
        url: '/saturday-lotto',
        subvariant: null,
      });
      expect((sat as unknown as { region_overrides: unknown[] }).region_overrides).toContainEqual({
        region: 'QLD',
        branding_regions: ['gold-lotto'],
      });

      const tips = await t.injectSigned({ method: 'GET', url: '/api/v2/tips' });
      expect(tips.statusCode).toBe(200);
      expect(tips.headers['cache-control']).toBe('public, max-age=1080, stale-while-revalidate=1080');
      const list = tips.json().result as { id: string; offer_key: string | null; title: string; text: string }[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.find((x) => x.id === 'tip-powerhit')).toMatchObject({ offer_key: 'powerball' });
    });
  });
});
