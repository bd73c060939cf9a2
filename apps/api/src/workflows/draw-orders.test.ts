// Drawn draws as the customer's orders and results show them, over HTTP: raffle tickets become won or not won when
// their raffle is drawn (and pre-ordered ones are bought with their numbers when the draw opens), and past lottery results carry
// the signed-in customer's orders in customerData.orders.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW, type TestApp } from '../../test/helpers/app.ts';
import { catalogueAt } from '../../test/helpers/recurring.ts';
import { RAFFLE_SEED } from '../modules/raffles/index.ts';
import { createLedger } from '../modules/wallet/index.ts';
import { drawRaffle } from './draw-raffle.workflow.ts';

const V = { version: '3.3' } as const;
let t: TestApp;
let ledger: ReturnType<typeof createLedger>;

beforeAll(async () => {
  t = await buildTestApp();
  ledger = t.services.ledger;
});
afterAll(() => t.close());

interface Shopper {
  id: string;
  headers: Record<string, string>;
}

async function shopper(walletCents: number): Promise<Shopper> {
  const id = `cus_${randomBytes(8).toString('hex')}`;
  await t.database.db.transaction((tx) =>
    ledger.creditDeposit(tx, {
      customerId: id,
      amountCents: walletCents,
      currency: 'AUD',
      reference: `test-deposit:${id}`,
      description: 'Test deposit',
    }),
  );
  return { id, headers: { authorization: `Bearer ${t.tokenFor(id)}` } };
}

/** Adds the item to the customer's cart and buys the cart; answers the order's id. */
async function buyItem(s: Shopper, item: Record<string, unknown>): Promise<string> {
  const add = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/items',
    headers: s.headers,
    sign: V,
    payload: { item },
  });
  expect(add.statusCode, add.body).toBe(200);
  const bought = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/cart/purchase',
    headers: { ...s.headers, 'idempotency-key': `buy-${randomBytes(6).toString('hex')}` },
    sign: V,
    payload: {},
  });
  expect(bought.statusCode, bought.body).toBe(200);
  const receipt = await t.injectSigned({
    method: 'GET',
    url: `/api/v2/checkout/${bought.json().result.checkout_id}`,
    headers: s.headers,
  });
  return receipt.json().result.orders[0].id;
}

const orders = async (s: Shopper, status: 'past_products' | 'upcoming_products') =>
  (await t.injectSigned({ method: 'GET', url: `/api/v2/orders?status=${status}`, headers: s.headers })).json()
    .result as { id: string; prize: { amount: number } | null }[];

async function orderDetails(s: Shopper, orderId: string) {
  const res = await t.injectSigned({
    method: 'GET',
    url: `/api/v2/orders/${orderId}?show_details=true`,
    headers: s.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

describe('raffle tickets on orders', () => {
  it('stay upcoming until the raffle is drawn, then show as won (winning numbers and prize) or not won', async () => {
    const raffles = t.services.raffleLifecycle;
    const draw = (await raffles.repo.drawByNumber(t.database.db, RAFFLE_SEED.surfCar, 2))!;
    // Two prizes, three buyers: at least one buyer wins and at least one does not.
    const buyers = [await shopper(10_000), await shopper(10_000), await shopper(10_000)];
    const orderIds: string[] = [];
    for (const b of buyers)
      orderIds.push(
        await buyItem(b, { product_type: 'raffle_ticket', product_offer_key: RAFFLE_SEED.surfCar, num_tickets: 5 }),
      );

    const before = await orderDetails(buyers[0]!, orderIds[0]!);
    expect(before).toMatchObject({ status: 'upcoming_products', prize: null });
    expect(before.tickets[0]).toMatchObject({
      draw_id: draw.publicId,
      status: 'upcoming',
      raffle_ticket_numbers: [1, 2, 3, 4, 5],
      raffle_wins: [],
      prize: null,
      lines: [],
    });
    expect(await orders(buyers[0]!, 'past_products')).toEqual([]);

    await raffles.close(draw.publicId);
    const report = await drawRaffle(
      {
        db: t.database.db,
        raffles,
        ledger,
        outbox: t.services.outbox,
        publicUrl: 'https://shop.example.test',
      },
      draw.publicId,
    );
    expect(report.winners).toHaveLength(2);
    const prizeOfRank: Record<number, { name: string; amount: number }> = {
      1: { name: 'Toyota HiLux SR5 4x4', amount: 65_000 },
      2: { name: '$1,000 surf shop voucher', amount: 1_000 },
    };

    let won = 0;
    for (const [i, b] of buyers.entries()) {
      const mine = report.winners.filter((w) => w.customerId === b.id);
      const total = mine.reduce((s, w) => s + prizeOfRank[w.rank]!.amount, 0);
      const past = await orders(b, 'past_products');
      expect(past.map((o) => o.id)).toEqual([orderIds[i]]);
      expect(past[0]!.prize).toEqual({ amount: total, currency: 'AUD' });
      expect(await orders(b, 'upcoming_products')).toEqual([]);

      const details = await orderDetails(b, orderIds[i]!);
      expect(details.status).toBe('past_products');
      const [ticket] = details.tickets;
      expect(ticket.raffle_ticket_numbers).toEqual([1, 2, 3, 4, 5].map((n) => n + 5 * i));
      expect(ticket.status).toBe(mine.length ? 'won' : 'not_won');
      expect(ticket.prize).toEqual({ amount: total, currency: 'AUD' });
      expect(ticket.raffle_wins).toEqual(
        mine.map((w) => ({
          ticket_number: w.ticketNumber,
          prize_name: prizeOfRank[w.rank]!.name,
          prize: { amount: prizeOfRank[w.rank]!.amount, currency: 'AUD' },
        })),
      );
      const single = await t.injectSigned({ method: 'GET', url: `/api/v2/tickets/${ticket.id}`, headers: b.headers });
      expect(single.json().result).toMatchObject({ status: ticket.status, raffle_wins: ticket.raffle_wins });
      if (mine.length) won++;
    }
    expect(won).toBeGreaterThanOrEqual(1);
    expect(won).toBeLessThanOrEqual(2);
  });

  it('a pre-ordered raffle ticket is bought with its numbers when the draw opens, on the order of its purchase', async () => {
    const raffles = t.services.raffleLifecycle;
    const b = await shopper(5_000);
    const orderId = await buyItem(b, {
      product_type: 'raffle_ticket',
      product_offer_key: RAFFLE_SEED.animalCash,
      num_tickets: 2,
      cause_key: 'wildlife-rescue',
    });
    expect((await orderDetails(b, orderId)).tickets[0].raffle_ticket_numbers).toEqual([]);
    const draw = (await raffles.repo.drawByNumber(t.database.db, RAFFLE_SEED.animalCash, 1))!;
    const opensAt = new Date(draw.salesOpenAt.getTime() + 1_000);
    t.clock.set(opensAt);
    try {
      await raffles.openDue(opensAt);
      expect(await t.services.recurringProcessor.run({ customerId: b.id })).toMatchObject({ purchased: 1 });
    } finally {
      t.clock.set(TEST_NOW);
      await catalogueAt(t.services);
    }
    const [pre] = (await t.services.scheduledPurchases.list(b.id, { limit: 10, offset: 0 })).items;
    const receipt = await t.injectSigned({
      method: 'GET',
      url: `/api/v2/checkout/${pre!.checkoutId}`,
      headers: b.headers,
    });
    expect((await orderDetails(b, receipt.json().result.orders[0].id)).tickets[0]).toMatchObject({
      status: 'upcoming',
      raffle_ticket_numbers: [1, 2],
    });
  });
});

describe("past results' customerData.orders", () => {
  it("lists the signed-in customer's orders on a drawn draw, and nobody else's", async () => {
    const { draws } = t.services;
    const now = t.clock.now().getTime();
    const next = (await draws.upcomingDraws('oz-lotto', 5)).find((d) => d.stopAt.getTime() > now)!;
    const buyer = await shopper(5_000);
    const other = await shopper(5_000);
    const orderId = await buyItem(buyer, {
      product_type: 'lottery_ticket',
      product_offer_key: 'oz-lotto',
      game_type: 'standard',
      game_offer: 'standard',
      games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
    });
    const ticketId = (await orderDetails(buyer, orderId)).tickets[0].id;
    await draws.close(next.id);
    await draws.recordResult(
      next.id,
      { numbers: [40, 41, 42, 43, 44, 45, 46], supplementaries: [37, 38, 39] },
      [1, 2, 3, 4, 5, 6, 7].map((division) => ({ division, prizeCents: 1_000 * (8 - division) })),
      'manual',
    );

    const expected = [
      { order_id: orderId, ticket_id: ticketId, offer_name: expect.any(String), description: expect.any(String) },
    ];
    const list = async (s: Shopper) =>
      (
        await t.injectSigned({
          method: 'GET',
          url: '/api/v2/draws/past_customer?product_offer_key=oz-lotto',
          headers: s.headers,
        })
      ).json().result as { id: string; customer_data: { orders: unknown[] } }[];
    const mine = (await list(buyer)).find((d) => d.id === next.id);
    expect(mine?.customer_data.orders).toEqual(expected);
    expect((await list(other)).find((d) => d.id === next.id)?.customer_data.orders).toEqual([]);

    const full = async (s: Shopper) =>
      (
        await t.injectSigned({
          method: 'GET',
          url: `/api/v2/draw/full_result_customer/oz-lotto/${next.drawNo}`,
          headers: s.headers,
        })
      ).json().result;
    expect((await full(buyer)).customer_data.orders).toEqual(expected);
    expect((await full(other)).customer_data.orders).toEqual([]);
  });
});
