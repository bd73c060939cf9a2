// Syndicate product offers (features §3 product type syndicate_share "size and tickets, each with numStandardGames",
// Game offer costPerShare; §9 the syndicate tile; ADR 095) through the real app: the catalogue lists one
// syndicate_share offer per lottery with a syndicate on sale, read from the syndicates module through its port, and
// follows sales (shares left, sold out) once its list is rebuilt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';

let t: TestApp;
let buyer: TestCustomer;

beforeAll(async () => {
  t = await buildTestApp({ config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } } });
  for (const game of ['oz-lotto', 'saturday-lotto'] as const) await t.services.draws.ensureSchedule(game);
  buyer = await signUpAndLogin(t);
  await t.database.db.transaction((tx) =>
    t.services.ledger.creditDeposit(tx, {
      customerId: buyer.customerId,
      amountCents: 20_000,
      currency: 'AUD',
      reference: `test-deposit:${buyer.customerId}`,
      description: 'Test deposit',
    }),
  );
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
const call = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: { authorization: `Bearer ${buyer.accessToken}`, ...headers },
    payload,
    sign: { version: '3.3' },
  });

/**
 * The offers document once the catalogue's few-second list has been rebuilt: the clock moves past its lifetime (a
 * fixed clock never expires it); the first read then starts the rebuild and still answers the old list
 * (stale-while-revalidate), the next read waits for the new one.
 */
async function offers(): Promise<Record<string, Record<string, unknown> & { draws: { draw_no: number }[] }>> {
  t.clock.advance(10_000);
  const read = () => t.injectSigned({ method: 'GET', url: '/api/v2/pricing/default/product_offers' });
  expect((await read()).statusCode).toBe(200);
  const res = await read();
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

async function buyShares(syndicate: string, offerKey: string, numShares: number, key: string) {
  const item = {
    product_type: 'syndicate_share',
    product_offer_key: offerKey,
    syndicate: { syndicate, num_shares: numShares },
  };
  const added = await call('POST', '/cart/items', { item });
  expect(added.statusCode, added.body).toBe(200);
  const bought = await call('POST', '/cart/purchase', {}, { 'idempotency-key': key });
  expect(bought.statusCode, bought.body).toBe(200);
}

type Listed = {
  id: string;
  product_offer_key: string;
  status: string;
  shares_left: number;
  stop: string;
  draw_no: number;
};

describe('syndicate_share product offers', () => {
  it('lists one per lottery with a syndicate on sale: size, shares left, tickets with numStandardGames, costPerShare', async () => {
    // Oz Lotto System 8 = 8 games × $1.55 = $12.40 + $7.60 fee = $20 = 5 × $4.00.
    const made = await ops(
      'syndicate:create',
      '--offer',
      'oz-lotto',
      '--shares',
      '5',
      '--ticket',
      'system:8',
      '--fee',
      '7.60',
    );
    expect(made.code, made.err).toBe(0);
    // What the syndicates module says is on sale for Oz Lotto (the seed's standing syndicates are there too).
    const onSale = ((await call('GET', '/syndicates')).json().result as Listed[])
      .filter((s) => s.product_offer_key === 'oz-lotto' && s.status === 'open')
      .sort((a, b) => Date.parse(a.stop) - Date.parse(b.stop) || a.id.localeCompare(b.id));
    const soonest = (await call('GET', `/syndicates/${onSale[0]!.id}`)).json().result;
    const all = await offers();
    const offer = all['oz-lotto-syndicate']!;
    expect(offer).toMatchObject({
      key: 'oz-lotto-syndicate',
      type: 'syndicate_share',
      name: soonest.name,
      url: '/oz-lotto/syndicate',
      game_key: 'oz-lotto',
      display_category: 'syndicates',
      size: soonest.size,
      shares_left: soonest.shares_left,
      tickets: soonest.tickets.map((x: { name: string; game_type: string; num_standard_games: number }) => ({
        name: x.name,
        game_type: x.game_type,
        num_standard_games: x.num_standard_games,
      })),
      recurring_purchase: { type: 'none', availability: 'never' },
    });
    // One draw per syndicate on sale, soonest first.
    expect(offer.draws.map((d) => d.draw_no)).toEqual(onSale.map((s) => s.draw_no));
    const share = (offer.game_types as { key: string; game_offers: Record<string, unknown>[] }[])[0]!;
    expect(share.key).toBe('syndicate');
    expect(share.game_offers[0]).toMatchObject({
      cost_per_share: soonest.cost_per_share,
      price_per_line: soonest.cost_per_share,
      max_games: soonest.shares_left,
      games_per_line: soonest.num_standard_games,
    });
    // Beside its lottery, which is unchanged; a lottery with no syndicate has no syndicate offer.
    expect(all['oz-lotto']).toMatchObject({ type: 'lottery_ticket', url: '/oz-lotto' });
    expect(all['saturday-lotto-syndicate']).toBeUndefined();
  });

  it('follows sales: shares left drop, and a sold-out syndicate leaves the list', async () => {
    const made = await ops('syndicate:create', '--offer', 'saturday-lotto', '--shares', '2', '--ticket', 'standard:2');
    expect(made.code, made.err).toBe(0);
    const id = /Created (syn_[A-Za-z0-9_-]+)/.exec(made.out)![1]!;
    const before = (await offers())['saturday-lotto-syndicate']!;
    expect(before).toMatchObject({ size: 2, shares_left: 2 });
    // Under a state's sub-variant the lottery has its own address; so has its syndicate.
    expect(before.url_aliases).toEqual(expect.arrayContaining([{ subvariant: 'qld', url: '/gold-lotto/syndicate' }]));
    await buyShares(id, 'saturday-lotto', 1, 'synoffer-1');
    expect((await offers())['saturday-lotto-syndicate']).toMatchObject({ size: 2, shares_left: 1 });
    await buyShares(id, 'saturday-lotto', 1, 'synoffer-2');
    expect((await offers())['saturday-lotto-syndicate']).toBeUndefined();
  });

  it('is not a lottery ticket: a lottery_ticket item naming the syndicate offer is refused, nothing added', async () => {
    const res = await call('POST', '/cart/items', {
      item: {
        product_type: 'lottery_ticket',
        product_offer_key: 'oz-lotto-syndicate',
        game_type: 'standard',
        game_offer: 'standard',
        games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] }, quickpick: false }],
      },
    });
    expect(res.statusCode).toBe(422);
    const cart = (await call('GET', '/cart/items')).json().result;
    expect(cart.cart_items.lottery_ticket ?? []).toHaveLength(0);
  });
});
