// The notification feed (issue 20) through the real app on a test database: a settled draw posts one card per ticket
// holder (the winner's links to their ticket, once even when posted again), the header's summary counts unviewed
// cards and lists the ones to toast, the feed pages, marking viewed and toasted, another customer's card is a 404
// that changes nothing, a limit change and an operator's campaign post cards.
import type { DrawResult } from '@shop/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, verifiedCustomer, type TestCustomer } from '../../../test/helpers/customers.ts';
import { feedCardsOf } from '../../../test/helpers/feed.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { postDrawResultCards } from '../../workflows/draw-result-cards.workflow.ts';

const V = { version: '3.3' } as const;
const RESULT: DrawResult = { numbers: [3, 8, 15, 22, 29, 36, 41], supplementaries: [5, 12, 44] };
const DIVIDENDS = [1, 2, 3, 4, 5, 6, 7].map((division) => ({
  division,
  prizeCents: [0, 100_000_000, 4_750_000, 460_000, 37_900, 5_200, 2_600, 1_600][division]!,
}));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } } });
});
afterAll(() => t.close());

const call = (c: TestCustomer | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: c ? { authorization: `Bearer ${c.accessToken}` } : {},
    payload,
    sign: V,
  });

async function fund(c: TestCustomer, cents: number) {
  await t.database.db.transaction((tx) =>
    t.services.ledger.creditDeposit(tx, {
      customerId: c.customerId,
      amountCents: cents,
      currency: 'AUD',
      reference: `test-deposit:${c.customerId}`,
      description: 'Test deposit',
    }),
  );
}

async function buy(c: TestCustomer, numbers: number[]): Promise<string> {
  await fund(c, 5_000);
  const item = {
    product_type: 'lottery_ticket',
    product_offer_key: 'oz-lotto',
    game_type: 'standard',
    game_offer: 'standard',
    games: [{ sets: { numbers } }],
  };
  expect((await call(c, 'POST', '/cart/items', { item })).statusCode).toBe(200);
  const bought = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { authorization: `Bearer ${c.accessToken}`, 'idempotency-key': `buy-${c.customerId}` },
    payload: {},
    sign: V,
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const receipt = (await call(c, 'GET', `/checkout/${bought.json().result.checkout_id}`)).json().result;
  return (receipt.orders as { id: string }[])[0]!.id;
}

const summary = async (c: TestCustomer) => {
  const res = await call(c, 'GET', '/notifications/cards/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { unviewed_count: number; toasts: { id: string; title: string; actions: unknown[] }[] };
};

describe('the notification feed', () => {
  let winner: TestCustomer;
  let loser: TestCustomer;
  let winCardId: string;

  it('a settled draw gives each ticket holder one card: the winner the prize and a link to the ticket', async () => {
    winner = await signUpAndLogin(t);
    loser = await signUpAndLogin(t);
    const { draws, settlement } = t.services;
    await draws.ensureSchedule('oz-lotto');
    const winningOrder = await buy(winner, [3, 8, 15, 22, 29, 36, 1]);
    const losingOrder = await buy(loser, [1, 2, 4, 6, 7, 9, 10]);
    const draw = (await draws.upcomingDraws('oz-lotto', 1))[0]!;
    expect((await summary(winner)).unviewed_count).toBe(0);

    await draws.close(draw.id);
    await draws.recordResult(draw.id, RESULT, DIVIDENDS, 'manual');
    await settlement.settle(draw.id);

    const won = await summary(winner);
    expect(won.unviewed_count).toBe(1);
    expect(won.toasts).toHaveLength(1);
    expect(won.toasts[0]).toMatchObject({
      title: 'You won $4,600.00!',
      icon: 'trophy',
      is_auto_dismissed: false,
      hide_in_feed: false,
      viewed: false,
      actions: [{ id: '1', text: 'View your ticket', link: `/my-account/past-tickets/ticket/${winningOrder}` }],
    });
    winCardId = won.toasts[0]!.id;
    expect(winCardId).toMatch(/^ntf_/);

    const lost = await summary(loser);
    expect(lost.toasts[0]).toMatchObject({
      title: `Oz Lotto draw ${draw.drawNo} results`,
      icon: 'results',
      actions: [
        { text: 'See the results', link: `/oz-lotto/results/draw/${draw.drawNo}` },
        { text: 'View your ticket', link: `/my-account/past-tickets/ticket/${losingOrder}` },
      ],
    });

    // Posting the draw's cards again (a settlement resumed after a crash) makes no second card.
    expect(
      await postDrawResultCards(
        { db: t.database.db, draws, orders: t.services.orders, feed: t.services.feed },
        draw.id,
      ),
    ).toBe(0);
    expect((await summary(winner)).unviewed_count).toBe(1);
  });

  it("marking another customer's card viewed is a 404 and changes nothing; the owner's mark clears the count", async () => {
    const stranger = await call(loser, 'POST', `/notifications/cards/${winCardId}/viewed`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ status: 404, result: null });
    expect((await summary(winner)).unviewed_count).toBe(1);
    expect((await call(loser, 'POST', '/notifications/cards/ntf_unknown/viewed')).statusCode).toBe(404);
    expect((await call(null, 'POST', `/notifications/cards/${winCardId}/viewed`)).statusCode).toBe(401);
    expect((await call(winner, 'POST', '/notifications/cards/not%20an%20id/viewed')).statusCode).toBe(422);

    const mine = await call(winner, 'POST', `/notifications/cards/${winCardId}/viewed`);
    expect(mine.statusCode).toBe(204);
    expect((await summary(winner)).unviewed_count).toBe(0);
    // Viewing again is harmless.
    expect((await call(winner, 'POST', `/notifications/cards/${winCardId}/viewed`)).statusCode).toBe(204);
  });

  it('cards shown as toasts are not offered again; ids of another customer change nothing', async () => {
    const before = (await summary(loser)).toasts.map((c) => c.id);
    expect((await call(winner, 'POST', '/notifications/cards/toasted', { ids: before })).statusCode).toBe(204);
    expect((await summary(loser)).toasts.map((c) => c.id)).toEqual(before);
    expect((await call(winner, 'POST', '/notifications/cards/toasted', { ids: [winCardId] })).statusCode).toBe(204);
    expect((await summary(winner)).toasts).toEqual([]);
    expect((await call(winner, 'POST', '/notifications/cards/toasted', { ids: [] })).statusCode).toBe(422);
  });

  it('the feed pages newest first with page_info; toast-only cards are neither listed nor counted', async () => {
    const c = await signUpAndLogin(t);
    await t.database.db.transaction((tx) =>
      t.services.feed.post(tx, [
        ...Array.from({ length: 12 }, (_, i) => ({
          customerId: c.customerId,
          kind: 'test',
          title: `Card ${i + 1}`,
          icon: 'megaphone' as const,
          message: 'Hello',
          dedupeKey: `test:${i}`,
        })),
        {
          customerId: c.customerId,
          kind: 'test',
          title: 'Toast only',
          icon: 'megaphone' as const,
          message: 'Hello',
          hideInFeed: true,
          dedupeKey: 'test:toast',
        },
      ]),
    );
    const first = await call(c, 'GET', '/notifications/cards');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.result).toHaveLength(10);
    expect(body.result[0].title).toBe('Card 12');
    expect(body.page_info).toEqual({ limit: 10, offset: 0, total: 12 });
    expect(body.links.next).toContain('offset=10');
    const second = (await call(c, 'GET', '/notifications/cards?offset=10')).json();
    expect(second.result.map((x: { title: string }) => x.title)).toEqual(['Card 2', 'Card 1']);
    const s = await summary(c);
    expect(s.unviewed_count).toBe(12);
    expect(s.toasts.map((x) => x.title)).toContain('Toast only');
    expect((await call(null, 'GET', '/notifications/cards')).statusCode).toBe(401);
    expect((await call(c, 'GET', '/notifications/cards?limit=0')).statusCode).toBe(422);
  });

  it('a limit change that applies at once posts a card to the feed', async () => {
    const c = await signUpAndLogin(t);
    await fund(c, 1_000);
    const set = await call(c, 'PUT', '/deposit-limits/weekly', { limit: 20 });
    expect(set.statusCode, set.body).toBe(200);
    // In the feed, not toasted again: the customer saw the form's success notification.
    const feed = (await call(c, 'GET', '/notifications/cards')).json().result;
    expect(feed[0]).toMatchObject({ title: 'Limit updated', message: 'Your weekly deposit limit is now $20.00.' });
    const s = await summary(c);
    expect(s.unviewed_count).toBe(1);
    expect(s.toasts).toEqual([]);
  });

  it("an operator's approval pays a withdrawal: one card with the amount; approving again posts none", async () => {
    const c = await verifiedCustomer(t);
    await t.database.db.transaction((tx) =>
      t.services.ledger.creditPrize(tx, {
        customerId: c.customerId,
        amountCents: 4_000,
        currency: 'AUD',
        reference: `test-prize:${c.customerId}`,
        description: 'Prize',
      }),
    );
    const w = await t.services.payments.withdrawals.withdraw(c.customerId, 'tw', 'test', { amount: 25 });
    // Asked for, not paid: no card yet.
    expect(await feedCardsOf(t.database, c.customerId, 'withdrawal_paid')).toEqual([]);
    const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
    expect((await ops('withdrawals:approve', '--id', w.id)).code).toBe(0);
    const expected = [
      {
        title: 'Withdrawal paid',
        message: 'We have paid your withdrawal of $25.00.',
        links: [`/my-account/withdraw/details/${w.id}`],
        toasted: false,
        dedupeKey: `withdrawal_paid:${w.id}`,
      },
    ];
    expect(await feedCardsOf(t.database, c.customerId, 'withdrawal_paid')).toEqual(expected);
    expect((await ops('withdrawals:approve', '--id', w.id)).code).toBe(1);
    expect(await feedCardsOf(t.database, c.customerId, 'withdrawal_paid')).toEqual(expected);
  });

  it("an operator's campaign reaches every active customer of the segment, once per key", async () => {
    // Marketing: a customer on a break gets none (regulation.md "no marketing to excluded customers").
    const resting = await signUpAndLogin(t);
    expect((await call(resting, 'POST', '/customer/take-a-break', { period: '1w' })).statusCode).toBe(200);
    const argv = [
      'notifications:campaign',
      '--segment',
      'default',
      '--key',
      'spring-2026',
      '--title',
      'Spring jackpots',
      '--message',
      'Three big draws this week.',
      '--link',
      '/lotto-tickets',
      '--link-text',
      'Play now',
    ];
    const first = await runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/Posted [1-9]\d* cards to segment default/);
    const card = (await summary(winner)).toasts.find((x) => x.title === 'Spring jackpots');
    expect(card).toMatchObject({
      message: 'Three big draws this week.',
      actions: [{ text: 'Play now', link: '/lotto-tickets' }],
    });
    expect(await feedCardsOf(t.database, resting.customerId, 'campaign')).toEqual([]);
    const again = await runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
    expect(again.out).toMatch(/^Posted 0 cards/);
    const bad = await runOpsCaptured(['notifications:campaign', '--segment', 'default'], {
      config: t.config,
      clock: t.clock,
      database: t.database,
    });
    expect(bad.code).toBe(1);
  });
});
