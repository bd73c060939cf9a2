// What the purchase workflow uses: loadForCheckout (cart row locked, items re-checked, removals persisted in the
// transaction), the lottery handler's fulfil (quickpicks filled once for every draw, a closed draw refused) and
// emptyCart; addItems for replays.
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RaffleTicketInput } from '@shop/contracts';
import { TEST_NOW, testServices } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { ordersTicketLines } from '../../db/schema.ts';
import { createCartService, payableCents, type CartProductHandler } from './index.ts';

let database: Database;
const clock = fixedClock(TEST_NOW);
beforeAll(async () => {
  database = await createTestDatabase();
  await testServices(database, { clock }).draws.ensureSchedule('powerball');
});
afterAll(async () => {
  await database.close();
});

const PICK = [1, 2, 3, 4, 5, 6, 7];
const pbTicket = (games: { sets: Record<string, (number | null)[]>; quickpick?: boolean }[], numDraws = 1) => ({
  productType: 'lottery_ticket' as const,
  productOfferKey: 'powerball',
  gameType: 'standard' as const,
  gameOffer: 'standard',
  games,
  numDraws,
});

describe('payableCents (core §5)', () => {
  it('subtracts the wallet only while it is less than what is due', () => {
    expect(payableCents(1000, 0, 300)).toBe(700);
    expect(payableCents(1000, 0, 1000)).toBe(1000);
    expect(payableCents(1000, 0, 5000)).toBe(1000);
    expect(payableCents(1000, 400, 100)).toBe(500);
    expect(payableCents(1000, 400, 0)).toBe(600);
    expect(payableCents(0, 0, 0)).toBe(0);
  });
});

describe('checkout support', () => {
  it('locks and prices the cart, fulfils with the same quickpicks for every draw, then empties it', async () => {
    clock.set(TEST_NOW);
    const { cart } = testServices(database, { clock });
    const added = await cart.addItems('cus_chk1', [
      pbTicket(
        [
          { sets: { numbers: PICK, powerball: [4] } },
          { sets: { numbers: [10, null, null, null, null, null, null], powerball: [] }, quickpick: true },
        ],
        2,
      ),
    ]);
    expect(added.itemCount).toBe(1);
    await cart.applyPromotion({ kind: 'customer', customerId: 'cus_chk1' }, 'SAVE10');
    const { orders } = testServices(database, { clock });

    const lines = await database.db.transaction(async (tx) => {
      const loaded = await cart.loadForCheckout(tx, 'cus_chk1');
      expect(loaded).toMatchObject({
        removed: [],
        currency: 'AUD',
        promotionCode: 'SAVE10',
        promotionProblem: null,
        preOrderTotalCents: 0,
      });
      expect(loaded.items).toHaveLength(1);
      const { item } = loaded.items[0]!;
      expect(loaded.subtotalCents).toBe(item.priceCents);
      expect(loaded.discountCents).toBe(Math.floor((item.priceCents * 1000 + 5000) / 10000));
      expect(loaded.totalCents).toBe(loaded.subtotalCents - loaded.discountCents);
      expect(loaded.promotion).toMatchObject({ code: 'SAVE10', type: 'voucher_percent_discount' });
      const handler = cart.handlerFor('lottery_ticket');
      const fulfilled = await handler.fulfil(tx, item, {
        customerId: 'cus_chk1',
        orderId: 'ord_test1',
        checkoutId: 'chk_test1',
        now: clock.now(),
      });
      expect(fulfilled).toHaveLength(2);
      expect(fulfilled.map((f) => f.drawNo)).toEqual(item.draws.map((d) => d.drawNo));
      await cart.emptyCart(tx, loaded.cartId);
      return fulfilled;
    });

    const sets = [];
    for (const f of lines) {
      const { lines: stored } = await orders.linesForDraw(f.drawId);
      expect(stored.filter((l) => f.lineIds.includes(l.publicId))).toHaveLength(2);
      const rows = await database.db
        .select()
        .from(ordersTicketLines)
        .where(inArray(ordersTicketLines.publicId, f.lineIds))
        .orderBy(asc(ordersTicketLines.id));
      expect(rows.every((r) => r.customerId === 'cus_chk1' && r.drawId === f.drawId && r.gameType === 'standard')).toBe(
        true,
      );
      sets.push(rows.map((r) => r.numbers as Record<string, number[]>));
    }
    expect(sets[0]![0]).toEqual({ numbers: PICK, powerball: [4] });
    expect(sets[0]).toEqual(sets[1]);
    const quick = sets[0]![1]!;
    expect(quick.numbers).toHaveLength(7);
    expect(quick.numbers).toContain(10);
    expect(new Set(quick.numbers).size).toBe(7);
    expect(quick.powerball).toHaveLength(1);
    const after = await cart.get({ kind: 'customer', customerId: 'cus_chk1' });
    expect(after).toMatchObject({ itemCount: 0, promotion: null });
  });

  it('removes an item whose draw closed inside the transaction and refuses to fulfil into a closed draw', async () => {
    clock.set(TEST_NOW);
    const { cart, draws } = testServices(database, { clock });
    await cart.addItems('cus_chk2', [pbTicket([{ sets: { numbers: PICK, powerball: [4] } }])]);
    const loaded = await database.db.transaction((tx) => cart.loadForCheckout(tx, 'cus_chk2'));
    const { item } = loaded.items[0]!;
    // The draw closes (operator) between the cart read and the purchase.
    await draws.close(item.draws[0]!.drawId);
    const handler = cart.handlerFor('lottery_ticket');
    const attempt = database.db.transaction((tx) =>
      handler.fulfil(tx, item, { customerId: 'cus_chk2', orderId: 'ord_x', checkoutId: 'chk_x', now: clock.now() }),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 422, code: 'draw_closed' });

    clock.set(new Date(new Date(item.draws[0]!.stop).getTime() + 1));
    const again = await database.db.transaction((tx) => cart.loadForCheckout(tx, 'cus_chk2'));
    expect(again.items).toHaveLength(0);
    expect(again.removed).toEqual([
      expect.objectContaining({
        reason: 'draw_closed',
        message: 'The draw for Powerball closed before you bought it, so we removed it from your cart.',
      }),
    ]);
    const view = await cart.get({ kind: 'customer', customerId: 'cus_chk2' });
    expect(view.autoRemovedItems).toHaveLength(1);
  });

  it('uses a wired handler for raffle items and a guard for blocked reasons', async () => {
    clock.set(TEST_NOW);
    const raffle: CartProductHandler = {
      productType: 'raffle_ticket',
      prepare: async (input) => ({
        productType: 'raffle_ticket',
        productOfferKey: (input as RaffleTicketInput).productOfferKey,
        offerName: 'Test Raffle',
        description: 'Test Raffle, 2 tickets',
        gameType: null,
        gameOffer: null,
        gameOfferName: null,
        games: [],
        numGames: 0,
        numTickets: 2,
        causeKey: null,
        draws: [
          {
            drawId: 'drw_raffle_1',
            drawNo: 1,
            stop: '2030-01-01T00:00:00.000Z',
            drawDate: '2030-01-01T00:00:00.000Z',
            purchaseStatus: 'standard',
          },
        ],
        unitPriceCents: 1000,
        priceCents: 1000,
        currency: 'AUD',
        purchaseStatus: 'standard',
        recurringPurchase: { type: 'none', availability: 'never', enabled: false },
        input,
      }),
      refresh: async (input) => ({
        ok: true,
        item: await raffle.prepare(input, { customerId: null, region: null, now: clock.now(), pricingId: 'default' }),
      }),
      fulfil: async () => [],
    };
    // A cart with a stand-in raffle product and guard: what the cart does with any handler's answers.
    const cart = createCartService({
      db: database.db,
      clock,
      promotions: testServices(database, { clock }).promotions,
      handlers: [raffle],
      guard: {
        blockedReasons: async (_c, amount): Promise<Record<string, string>> =>
          amount > 500 ? { spend_limit: 'This purchase would go over your weekly spend limit.' } : {},
        assertPurchase: async () => undefined,
      },
    });
    const view = await cart.addItems('cus_chk3', [
      { productType: 'raffle_ticket', productOfferKey: 'raf-test', numTickets: 2 },
    ]);
    expect(view.cartItems.raffle_ticket).toHaveLength(1);
    expect(view).toMatchObject({
      showRegulation: true,
      blockedReasons: { spend_limit: 'This purchase would go over your weekly spend limit.' },
      cartTotal: { amount: 10, currency: 'AUD' },
    });
  });
});
