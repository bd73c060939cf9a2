// Syndicates through the real app on a test database (issue 16): the operator creates one (CLI), customers buy shares
// through the cart and checkout, the share page shows the tickets, and settlement splits a forced win to the cent
// between the holders and the shop's unsold shares. Bad input changes nothing; 300 buyers racing for 50 shares get
// exactly 50, and nobody is charged for a refused share.
import type { DrawResult } from '@shop/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';

const V = { version: '3.3' } as const;
let t: TestApp;
let drawNo: number;

beforeAll(async () => {
  t = await buildTestApp({ config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } } });
  await t.services.draws.ensureSchedule('oz-lotto');
  await t.services.draws.ensureSchedule('powerball');
  drawNo = (await t.services.draws.upcomingDraws('oz-lotto', 1))[0]!.drawNo;
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });

const call = (c: TestCustomer | null, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: { ...(c ? { authorization: `Bearer ${c.accessToken}` } : {}), ...headers },
    payload,
    sign: V,
  });

let deposits = 0;
async function fund(customerId: string, cents: number) {
  await t.database.db.transaction((tx) =>
    t.services.ledger.creditDeposit(tx, {
      customerId,
      amountCents: cents,
      currency: 'AUD',
      reference: `test-deposit:${customerId}:${++deposits}`,
      description: 'Test deposit',
    }),
  );
}
const funds = async (customerId: string) => (await t.services.ledger.fundsSummary(customerId)).availableFundsCents;

const shareItem = (syndicate: string, numShares: number, extra: object = {}) => ({
  item: {
    product_type: 'syndicate_share',
    product_offer_key: 'oz-lotto',
    syndicate: { syndicate, num_shares: numShares, ...extra },
  },
});

async function create(...args: string[]): Promise<string> {
  const r = await ops('syndicate:create', '--offer', 'oz-lotto', ...args);
  expect(r.code, r.err).toBe(0);
  return /Created (syn_[A-Za-z0-9_-]+)/.exec(r.out)![1]!;
}

async function purchase(c: TestCustomer, key: string) {
  return call(c, 'POST', '/cart/purchase', {}, { 'idempotency-key': key });
}

describe('syndicate:create and the public calls', () => {
  it('creates a syndicate for the next draw: tickets bought as its lines, cost per share = (tickets + fee) / size', async () => {
    // Two Oz Lotto System 10 tickets: 2 × C(10,7) = 240 games × $1.55 = $372; + $28 fee = $400 = 50 × $8.00.
    const id = await create('--shares', '50', '--ticket', 'system:10', '--ticket', 'system:10', '--fee', '28');
    const res = await call(null, 'GET', `/syndicates/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const syn = res.json().result;
    expect(syn).toMatchObject({
      id,
      type: 'syndicate_share_draw',
      product_offer_key: 'oz-lotto',
      lottery_name: 'Oz Lotto',
      draw_no: drawNo,
      size: 50,
      shares_sold: 0,
      shares_left: 50,
      cost_per_share: { amount: 8, currency: 'AUD' },
      tickets_cost: { amount: 372, currency: 'AUD' },
      fee: { amount: 28, currency: 'AUD' },
      num_standard_games: 240,
      status: 'open',
      result: null,
    });
    expect(syn.closing_rule).toContain('the shop keeps them');
    expect(syn.tickets).toHaveLength(2);
    expect(syn.tickets[0]).toMatchObject({ game_type: 'system', name: 'System 10', num_standard_games: 120 });
    expect(syn.tickets[0].lines[0].numbers).toHaveLength(10);
    // Its tickets are ordinary lines of the draw, owned by the syndicate (settlement scores them).
    const draw = (await t.services.draws.upcomingDraws('oz-lotto', 1))[0]!;
    const { lines } = await t.services.orders.linesForDraw(draw.id);
    expect(lines.filter((l) => l.customerId === id).map((l) => l.gameType)).toEqual(['system', 'system']);
    // Listed on /syndicates while on sale.
    const list = (await call(null, 'GET', '/syndicates')).json().result as { id: string }[];
    expect(list.map((s) => s.id)).toContain(id);
    const listed = await ops('syndicate:list');
    expect(listed.out).toContain(`${id}  Oz Lotto draw ${drawNo}  0/50 shares  $8.00 each  open`);
  });

  it('refuses a price that does not divide to the cent, a closed draw and a bad ticket; creates nothing', async () => {
    const before = (await t.services.syndicates.latest(500)).length;
    const odd = await ops('syndicate:create', '--offer', 'oz-lotto', '--shares', '7', '--ticket', 'system:10');
    expect(odd.code).toBe(1);
    expect(odd.err).toBe('$186.00 does not divide into 7 shares to the cent. Change the number of shares or the fee.');
    const past = await ops(
      'syndicate:create',
      '--offer',
      'oz-lotto',
      '--draw',
      '1',
      '--shares',
      '10',
      '--ticket',
      'system:8',
    );
    expect(past.code).toBe(1);
    expect(past.err).toBe('This syndicate has closed: its draw is no longer on sale.');
    const bad = await ops('syndicate:create', '--offer', 'oz-lotto', '--shares', '10', '--ticket', 'system:30');
    expect(bad.err).toBe('Oz Lotto systems pick 8 to 20 numbers (got 30).');
    const usage = await ops('syndicate:create', '--offer', 'oz-lotto', '--shares', '10', '--ticket', 'pick:3');
    expect(usage.err).toContain('--ticket must be system:<numbers> or standard:<games>');
    const unknown = await ops('syndicate:create', '--offer', 'nope', '--shares', '10', '--ticket', 'system:8');
    expect(unknown.err).toBe('There is no lottery "nope".');
    expect((await t.services.syndicates.latest(500)).length).toBe(before);
  });

  it('an unknown syndicate is 404, a malformed id is refused', async () => {
    expect((await call(null, 'GET', '/syndicates/syn_nosuchthing')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/syndicates/not-an-id')).statusCode).toBe(422);
  });
});

describe('buying shares through the cart and checkout', () => {
  let buyer: TestCustomer;
  let other: TestCustomer;
  let syn: string;
  let shareId: string;

  it('adds shares to the cart priced n × cost per share; more than are left is 422 naming the number left', async () => {
    buyer = await signUpAndLogin(t);
    other = await signUpAndLogin(t);
    // Oz Lotto System 8 = 8 games × $1.55 = $12.40 + $7.60 fee = $20 = 5 × $4.00.
    syn = await create('--shares', '5', '--ticket', 'system:8', '--fee', '7.60');
    const tooMany = await call(buyer, 'POST', '/cart/items', shareItem(syn, 6));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.num_shares).toEqual(['Only 5 shares left in this syndicate.']);
    const autoplay = await call(buyer, 'POST', '/cart/items', shareItem(syn, 1, { is_autoplay: true }));
    expect(autoplay.statusCode).toBe(422);
    expect(autoplay.json().messages[0].code).toBe('recurring_not_available');
    const wrongOffer = await call(buyer, 'POST', '/cart/items', {
      item: { ...shareItem(syn, 1).item, product_offer_key: 'powerball' },
    });
    expect(wrongOffer.statusCode).toBe(422);
    const unknown = await call(buyer, 'POST', '/cart/items', shareItem('syn_nosuchthing', 1));
    expect(unknown.statusCode).toBe(422);
    const added = await call(buyer, 'POST', '/cart/items', shareItem(syn, 3));
    expect(added.statusCode, added.body).toBe(200);
    const item = added.json().result.cart_items.syndicate_share[0];
    expect(item).toMatchObject({
      product_type: 'syndicate_share',
      description: expect.stringContaining('3 shares of 5'),
    });
    expect(added.json().result.cart_total).toEqual({ amount: 12, currency: 'AUD' });
  });

  it('a purchase when fewer are left than the cart holds is 422 with the number left, and charges nothing', async () => {
    await fund(buyer.customerId, 5_000);
    await fund(other.customerId, 5_000);
    expect((await call(other, 'POST', '/cart/items', shareItem(syn, 3))).statusCode).toBe(200);
    const first = await purchase(buyer, 'syn-buyer-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(await funds(buyer.customerId)).toBe(5_000 - 1_200);
    const refused = await purchase(other, 'syn-other-1');
    expect(refused.statusCode).toBe(422);
    // The cart re-checks its items first: the share leaves the cart with the number left (auto_removed).
    expect(refused.json().messages).toContainEqual(
      expect.objectContaining({ code: 'auto_removed', text: expect.stringContaining('Only 2 shares left') }),
    );
    expect(await funds(other.customerId)).toBe(5_000);
    expect((await call(null, 'GET', `/syndicates/${syn}`)).json().result).toMatchObject({
      shares_sold: 3,
      shares_left: 2,
    });
  });

  it('lists the share and shows it on its page with the tickets; nobody else can read it', async () => {
    const list = await call(buyer, 'GET', '/syndicate-shares');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().page_info).toMatchObject({ limit: 10, offset: 0, total: 1 });
    shareId = list.json().result[0].id;
    expect(shareId).toMatch(/^shr_/);
    const page = await call(buyer, 'GET', `/syndicate-shares/${shareId}`);
    expect(page.json().result).toMatchObject({
      num_shares: 3,
      shares_held: 3,
      amount_paid: { amount: 12, currency: 'AUD' },
      prize: null,
      syndicate: { id: syn, size: 5, shares_sold: 3, status: 'open' },
    });
    expect(page.json().result.syndicate.tickets[0].lines[0].numbers).toHaveLength(8);
    expect((await call(other, 'GET', `/syndicate-shares/${shareId}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/syndicate-shares/${shareId}`)).statusCode).toBe(401);
    expect((await call(other, 'GET', '/syndicate-shares')).json().result).toEqual([]);
  });

  it('settlement splits a forced win between the holders and the shop to the cent; the share page shows the part', async () => {
    const s = t.services;
    const synView = (await call(null, 'GET', `/syndicates/${syn}`)).json().result;
    const draw = (await s.draws.getDraw(synView.draw_id))!;
    const numbers = synView.tickets[0].lines[0].numbers as number[];
    // Draw 7 of the System 8's numbers: one of its eight games wins division 1 and the other seven division 3; the
    // System 8 is one ticket line, whose prize (the sum) does not split evenly by 5.
    const others = Array.from({ length: 47 }, (_, k) => k + 1).filter((n) => !numbers.includes(n));
    const result: DrawResult = { numbers: numbers.slice(0, 7), supplementaries: others.slice(0, 3) };
    const dividends = [100_001, 50_000, 1_003, 500, 300, 200, 100].map((prizeCents, k) => ({
      division: k + 1,
      prizeCents,
    }));
    await s.draws.close(draw.id);
    await s.draws.recordResult(draw.id, result, dividends, 'manual');
    await s.settlement.settle(draw.id);
    const won = (await s.orders.prizesForDraw(draw.id)).filter((p) => p.customerId === syn);
    const total = won.reduce((n, p) => n + p.prizeCents, 0);
    expect(total).toBeGreaterThan(0);
    // Buyer holds 3 of 5; the shop keeps 2. Each winning line splits on its own (largest remainder): the buyer's
    // part is floor(3/5 of it), plus the odd cent when 3/5's remainder is the larger.
    const expected = won.reduce(
      (n, p) => n + Math.floor((p.prizeCents * 3) / 5) + ((p.prizeCents * 3) % 5 >= 3 ? 1 : 0),
      0,
    );
    expect(await funds(buyer.customerId)).toBe(5_000 - 1_200 + expected);
    const page = (await call(buyer, 'GET', `/syndicate-shares/${shareId}`)).json().result;
    expect(page.prize).toEqual({ amount: expected / 100, currency: 'AUD' });
    expect(page.syndicate_prize).toEqual({ amount: total / 100, currency: 'AUD' });
    expect(page.syndicate.status).toBe('drawn');
    expect(page.syndicate.result.numbers.numbers).toEqual(result.numbers);
    expect((await s.ledger.verify()).unbalancedEntries).toBe(0);
    // The feed's win card counts the share's part of the prize.
    const cards = (await call(buyer, 'GET', '/notifications/cards/summary')).json().result;
    expect(cards.toasts[0].title).toBe(
      `You won $${(expected / 100).toLocaleString('en-AU', { minimumFractionDigits: 2 })}!`,
    );
    // Settling again pays nobody twice.
    await s.settlement.settle(draw.id);
    expect(await funds(buyer.customerId)).toBe(5_000 - 1_200 + expected);
  });
});

describe('the race for the last shares', () => {
  it('300 buyers racing for the last 50 shares: exactly 50 sold, nobody charged for a refused share', async () => {
    // Oz Lotto System 8 = $12.40 + $37.60 fee = $50 = 50 × $1.00.
    const syn = await create('--shares', '50', '--ticket', 'system:8', '--fee', '37.60');
    const buyers = Array.from({ length: 300 }, (_, i) => `cus_race${String(i).padStart(4, '0')}`);
    for (const id of buyers) await fund(id, 500);
    const asBuyer = (id: string) => ({ authorization: `Bearer ${t.tokenFor(id)}` });
    for (const id of buyers) {
      const r = await t.injectSigned({
        method: 'POST',
        url: '/api/v2/cart/items',
        headers: asBuyer(id),
        payload: shareItem(syn, 1),
        sign: V,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    // The purchase workflow itself (the HTTP route's per-address rate limit would refuse 300 calls from one test).
    const results = await Promise.all(
      buyers.map((id) =>
        t.services.purchase.purchase(id, `race-${id}`, { purchase: {} }).then(
          () => 'bought',
          (e: { statusCode?: number; code?: string; message: string }) =>
            e.statusCode === 422 ? (e.code ?? 'unprocessable') : `error ${e.message}`,
        ),
      ),
    );
    expect(
      results.filter((r) => r === 'bought'),
      JSON.stringify([...new Set(results)]),
    ).toHaveLength(50);
    // Refused at the cart's re-check (the share leaves the cart) or when taking the shares: never charged.
    expect(results.filter((r) => r === 'sold_out' || r === 'draw_closed')).toHaveLength(250);
    const balances = await Promise.all(buyers.map(funds));
    expect(balances.filter((b) => b === 400)).toHaveLength(50);
    expect(balances.filter((b) => b === 500)).toHaveLength(250);
    expect((await call(null, 'GET', `/syndicates/${syn}`)).json().result).toMatchObject({
      shares_sold: 50,
      shares_left: 0,
      status: 'sold_out',
    });
    const holders = await t.database.db.transaction((tx) => t.services.syndicates.ticketOwners.holders(tx, syn));
    expect(holders.reduce((n, h) => n + h.shares, 0)).toBe(50);
    expect(holders.every((h) => h.customerId !== null)).toBe(true);
    const v = await t.services.ledger.verify();
    expect(v).toMatchObject({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0 });
  }, 180_000);
});
