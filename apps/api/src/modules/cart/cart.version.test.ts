// The cart's version (ADR 109) against a real database: it moves with every change of the cart row or of its items,
// in the statement that makes the change, so a purchase that read the cart before refuses to buy it as it was.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { createCartRepository } from './cart.repository.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const version = async (cartId: number) =>
  Number((await t.database.pool.query('select version from cart_carts where id = $1', [cartId])).rows[0]!.version);

const item = (n: number, cartId = 0) => ({
  cartId,
  publicId: `itm_${randomBytes(6).toString('hex')}`,
  productType: 'lottery_ticket',
  productOfferKey: 'oz-lotto',
  input: { productType: 'lottery_ticket', productOfferKey: 'oz-lotto', n },
  description: `ticket ${n}`,
  numDraws: 1,
  recurring: { type: 'none', availability: 'never', enabled: false },
  currency: 'AUD',
  createdAt: new Date(),
});

describe("the cart's version", () => {
  it('moves with every change of the cart row or of its items, each in the statement that makes it', async () => {
    const repo = createCartRepository();
    const db = t.database.db;
    const customerId = `cus_${randomBytes(8).toString('hex')}`;
    await repo.ensureCustomerCart(db, customerId, `crt_${randomBytes(6).toString('hex')}`, new Date());
    const { cart } = (await repo.byCustomer(db, customerId))!;
    const id = cart.id;
    const touch = { anonymous: false, now: new Date(), expiresAt: new Date() };
    const itemsNow = async () => (await repo.byCustomer(db, customerId))!.items;
    const steps: [string, () => Promise<unknown>][] = [
      ['append', () => repo.appendItems(db, id, [item(1), item(2), item(3)], touch)],
      [
        'replace',
        async () => {
          const first = (await itemsNow())[0]!;
          const changed = { ...first, description: 'changed' };
          expect(await repo.replaceItem(db, id, first.publicId, changed)).toBe(true);
        },
      ],
      ['delete one', async () => expect(await repo.deleteItem(db, id, (await itemsNow())[0]!.publicId)).toBe(true)],
      ['delete by id', async () => expect((await repo.deleteItems(db, id, [(await itemsNow())[0]!.id])).size).toBe(1)],
      ['promotion', () => repo.setPromotion(db, id, 'SAVE10', new Date())],
      ['affiliate', () => repo.setAffiliate(db, id, 'aff-1')],
      ['pricing', () => repo.setPricingCode(db, id, 'intro')],
      ['region', () => repo.setRegion(db, id, 'QLD')],
      ['touch', () => repo.touch(db, { id, anonymous: false }, new Date(), new Date())],
      [
        'notices',
        () => repo.appendAutoRemoved(db, id, [{ id: 'x', reason: 'r', description: 'd', message: 'm' }], new Date()),
      ],
      ['clear notices', () => repo.clearAutoRemoved(db, id, new Date())],
      ['empty', () => repo.empty(db, id, new Date())],
    ];
    let before = await version(id);
    for (const [step, run] of steps) {
      await run();
      const now = await version(id);
      expect(now, step).toBeGreaterThan(before);
      before = now;
    }
    // Items moved in from another cart (a sign-in's anonymous cart) move both carts' versions.
    const other = await repo.insertAnonymous(db, {
      publicId: `crt_${randomBytes(6).toString('hex')}`,
      now: new Date(),
      expiresAt: new Date(Date.now() + 1e6),
    });
    await repo.appendItems(db, other.id, [item(4)], touch);
    const otherBefore = await version(other.id);
    await repo.moveItems(db, other.id, id, 10);
    expect(await version(id)).toBeGreaterThan(before);
    expect(await version(other.id)).toBeGreaterThan(otherBefore);
    // A change that finds nothing to change (an item not in the cart) moves nothing.
    const unchanged = await version(id);
    expect(await repo.deleteItem(db, id, 'itm_missing')).toBe(false);
    expect(await version(id)).toBe(unchanged);
  });
});
