// Pre-orders as scheduled purchases of kind pre_order (ADR 064), and the give-up rule, on a real database: a lottery
// pre-order is not charged and gets no lines at checkout, is listed with its draw, due when its standard sales open,
// waits until the draw clock opens them, is bought once with sch:{id}; a cancelled one is never bought; one whose
// draw closed, or refused MAX_SCHEDULED_ATTEMPTS times, gives up as a hard failure with its reason.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_NOW, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { catalogueAt, fundWallet, ozTicket } from '../../../test/helpers/recurring.ts';
import { MAX_SCHEDULED_ATTEMPTS } from './index.ts';

const V = { version: '3.3' } as const;
const WEEK = 7 * 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shopper = () => `cus_${randomBytes(8).toString('hex')}`;
const call = (customerId: string, method: 'GET' | 'PATCH', url: string) =>
  t.injectSigned({
    method,
    url: `/api/v2${url}`,
    headers: { authorization: `Bearer ${t.tokenFor(customerId)}` },
    sign: V,
    ...(method === 'GET' ? {} : { payload: {} }),
  });

/** The draws of the customer's ticket lines (a pre-order's order has none until it is bought). */
async function lines(customerId: string): Promise<string[]> {
  const { rows } = await t.database.db.execute<{ draw_id: string }>(
    sql`select draw_id from orders_ticket_lines where customer_id = ${customerId} order by draw_id`,
  );
  return rows.map((r) => r.draw_id);
}

/** The first oz-lotto draw sold as a pre-order, and how many draws on sale come before it. */
async function preOrderDraw() {
  const draws = await t.services.draws.upcomingDraws('oz-lotto', 20);
  const offset = draws.findIndex((d) => d.purchaseStatus === 'pre_order');
  expect(offset).toBeGreaterThan(0);
  return { draw: draws[offset]!, offset };
}

/** Buys a pre-order of that draw (nothing is charged); answers the pre-order as the customer's list shows it. */
async function preOrder(customerId: string, offset: number) {
  await t.services.purchase.purchaseItems(customerId, `pre-${randomBytes(4).toString('hex')}`, [
    { ...ozTicket, numDraws: 1, drawOffset: offset },
  ]);
  const listed = (await call(customerId, 'GET', '/scheduled-purchases')).json();
  return listed.result.at(-1) as Record<string, unknown> & { encoded_id: string };
}

/** The clock at `time` after the draw clock's step that opens pre-order draws' standard sales. */
async function at(time: Date) {
  t.clock.set(time);
  await t.services.draws.openPreOrderSales(time);
  await catalogueAt(t.services);
}

async function reset() {
  t.clock.set(TEST_NOW);
  await catalogueAt(t.services);
}

describe('lottery pre-orders', () => {
  it('are listed, not charged, bought once with their numbers when standard sales open; cancel works only before', async () => {
    const { draw, offset } = await preOrderDraw();
    const c = shopper();
    const other = shopper();
    await fundWallet(t.services, c, 10_000);
    await fundWallet(t.services, other, 10_000);
    const pre = await preOrder(c, offset);
    const cancelled = await preOrder(other, offset);
    expect(pre).toMatchObject({
      kind: 'pre_order',
      status: 'active',
      product_offer_key: 'oz-lotto',
      draw_no: draw.drawNo,
      due_at: new Date(draw.drawAt.getTime() - 4 * WEEK).toISOString(),
      finished: false,
      attempts: 0,
    });
    expect((pre.price as { amount: number }).amount).toBeGreaterThan(0);
    expect((await t.services.ledger.fundsSummary(c)).balanceCents).toBe(10_000);
    expect(await lines(c)).toEqual([]);
    // The checkout's order says it is a pre-order (nothing paid for it yet), not a paid order.
    const ordered = (await call(c, 'GET', '/orders?status=upcoming_products')).json().result as {
      pre_order: boolean;
    }[];
    expect(ordered.map((o) => o.pre_order)).toEqual([true]);
    expect((await call(c, 'PATCH', `/scheduled-purchases/${cancelled.encoded_id}/cancel`)).statusCode).toBe(404);
    const cancel = await call(other, 'PATCH', `/scheduled-purchases/${cancelled.encoded_id}/cancel`);
    expect(cancel.json().result).toMatchObject({ status: 'cancelled', kind: 'pre_order' });
    expect((await call(other, 'GET', '/scheduled-purchases')).json().result).toEqual([]);

    const due = new Date(draw.drawAt.getTime() - 4 * WEEK + 1_000);
    try {
      // Due, but the draw clock has not opened its standard sales yet: nothing is bought, nothing recorded.
      t.clock.set(due);
      await catalogueAt(t.services);
      expect(await t.services.recurringProcessor.run({ customerId: c })).toMatchObject({ examined: 0, purchased: 0 });
      const plan = await t.services.recurringProcessor.planScheduled({ customerId: c });
      expect(plan).toEqual([
        expect.objectContaining({ action: 'wait_sales_open', idempotencyKey: `sch:${pre.encoded_id}` }),
      ]);

      // A minute later (past the catalogue's 5 s cache, which the draw change would otherwise clear only when the
      // change feed's notification arrives): the draw clock has opened the draw's standard sales.
      await at(new Date(due.getTime() + 60_000));
      expect(await t.services.recurringProcessor.planScheduled({ customerId: c })).toEqual([
        expect.objectContaining({ action: 'buy', kind: 'pre_order' }),
      ]);
      expect(await t.services.recurringProcessor.run({ customerId: c })).toMatchObject({ purchased: 1 });
      expect(await t.services.recurringProcessor.run()).toMatchObject({ purchased: 0 });
      expect(await lines(c)).toEqual([draw.id]);
      expect(await lines(other)).toEqual([]);
      const orders = (await call(c, 'GET', '/orders?status=upcoming_products')).json().result as {
        pre_order: boolean;
      }[];
      expect(orders.map((o) => o.pre_order).sort()).toEqual([false, true]);
      const spent = 10_000 - (await t.services.ledger.fundsSummary(c)).balanceCents;
      expect(spent).toBe(Math.round((pre.price as { amount: number }).amount * 100));
      expect((await t.services.ledger.fundsSummary(other)).balanceCents).toBe(10_000);
      const read = (await call(c, 'GET', `/scheduled-purchases/${pre.encoded_id}`)).json().result;
      expect(read).toMatchObject({ finished: true, gave_up: false, last_attempt_status: 'purchased' });
      const { rows } = await t.database.db.execute<{ key: string }>(
        sql`select idempotency_key as key from orders_checkouts where public_id = ${read.checkout_id}`,
      );
      expect(rows[0]!.key).toBe(`sch:${pre.encoded_id}`);
      const late = await call(c, 'PATCH', `/scheduled-purchases/${pre.encoded_id}/cancel`);
      expect(late.statusCode).toBe(409);
      expect(late.json().messages[0].code).toBe('scheduled_purchase_finished');
    } finally {
      await reset();
    }
  });

  it('an empty wallet is a recorded failure retried hourly; a pre-order whose draw closed gives up, emailed', async () => {
    const { draw, offset } = await preOrderDraw();
    const { customerId: c, email } = await signUpAndLogin(t);
    const pre = await preOrder(c, offset);
    try {
      await at(new Date(draw.drawAt.getTime() - 4 * WEEK + 1_000));
      expect(await t.services.recurringProcessor.run({ customerId: c })).toMatchObject({ hardFailures: 1 });
      const failed = (await call(c, 'GET', `/scheduled-purchases/${pre.encoded_id}`)).json().result;
      expect(failed).toMatchObject({ last_attempt_status: 'hard_failure', finished: false, attempts: 1 });
      expect(failed.last_failure_reason).toContain('more to buy');

      await at(new Date(draw.stopAt.getTime() + 1_000));
      expect(await t.services.recurringProcessor.run({ customerId: c })).toMatchObject({ hardFailures: 1 });
      const gone = (await call(c, 'GET', `/scheduled-purchases/${pre.encoded_id}`)).json().result;
      expect(gone).toMatchObject({ finished: true, gave_up: true, attempts: 2, last_attempt_status: 'hard_failure' });
      expect(gone.last_failure_reason).toMatch(/^Not bought: the draw closed\./);
      const mails = await t.services.outbox.outboxFor(email, ['scheduled_gave_up']);
      expect(mails.map((m) => ({ subject: m.subject, body: m.textBody }))).toEqual([
        { subject: 'Your pre-order was not bought', body: expect.stringContaining('Nothing was charged for it') },
      ]);
      await fundWallet(t.services, c, 10_000);
      t.clock.set(new Date(draw.stopAt.getTime() + 2 * 3_600_000));
      expect(await t.services.recurringProcessor.run({ customerId: c })).toMatchObject({ examined: 0 });
      expect(await lines(c)).toEqual([]);
    } finally {
      await reset();
    }
  });
});

describe('the give-up rule', () => {
  it(`a scheduled purchase refused ${MAX_SCHEDULED_ATTEMPTS} times stops, as a hard failure with its reason`, async () => {
    const c = shopper();
    const created = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/scheduled-purchases',
      headers: { authorization: `Bearer ${t.tokenFor(c)}` },
      sign: V,
      payload: {
        item: {
          product_type: 'lottery_ticket',
          product_offer_key: 'oz-lotto',
          game_type: 'standard',
          game_offer: 'standard',
          games: [{ sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
        },
        scheduled_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      },
    });
    const s = created.json().result;
    const start = t.clock.now().getTime() + 120_000;
    try {
      for (let i = 0; i < MAX_SCHEDULED_ATTEMPTS; i++) {
        t.clock.set(new Date(start + i * 3_600_000));
        await catalogueAt(t.services);
        expect(await t.services.recurringProcessor.run({ customerId: c })).toMatchObject({ hardFailures: 1 });
      }
      const read = (await call(c, 'GET', `/scheduled-purchases/${s.encoded_id}`)).json().result;
      expect(read).toMatchObject({ finished: true, gave_up: true, attempts: MAX_SCHEDULED_ATTEMPTS });
      expect(read.last_failure_reason).toMatch(new RegExp(`^Not bought after ${MAX_SCHEDULED_ATTEMPTS} attempts\\.`));
      await fundWallet(t.services, c, 10_000);
      t.clock.set(new Date(start + (MAX_SCHEDULED_ATTEMPTS + 1) * 3_600_000));
      await catalogueAt(t.services);
      expect(await t.services.recurringProcessor.run({ customerId: c })).toMatchObject({ examined: 0 });
      expect(await lines(c)).toEqual([]);
    } finally {
      await reset();
    }
  });

  it('bad ids: not a scheduled id is 422, a missing one 404; nothing changes', async () => {
    const c = shopper();
    expect((await call(c, 'GET', '/scheduled-purchases/not-an-id')).statusCode).toBe(422);
    expect((await call(c, 'PATCH', '/scheduled-purchases/rcp_abc/cancel')).statusCode).toBe(422);
    const missing = await call(c, 'PATCH', '/scheduled-purchases/sch_000000000000000000000000/cancel');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().messages[0].code).toBe('scheduled_purchase_not_found');
  });
});
