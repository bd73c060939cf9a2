// The only code that queries the cart tables.
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { cartCarts, cartItems } from './cart.schema.ts';

export type CartRow = typeof cartCarts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItemRow = Omit<typeof cartItems.$inferInsert, 'id'>;
export interface AutoRemoved {
  id: string;
  reason: string;
  description: string;
  message: string;
}

/** Most notices a cart keeps: older ones drop off rather than grow the row without bound. */
export const MAX_AUTO_REMOVED = 20;

export function createCartRepository() {
  /** The cart and its items in one round trip (the cart read is the hottest call). */
  async function loadWith(
    ex: Executor,
    where: ReturnType<typeof eq>,
    lock: boolean,
  ): Promise<{ cart: CartRow; items: CartItemRow[] } | null> {
    if (lock) {
      const carts = await ex.select().from(cartCarts).where(where).for('update');
      const cart = carts[0];
      if (!cart) return null;
      const items = await ex
        .select()
        .from(cartItems)
        .where(eq(cartItems.cartId, cart.id))
        .orderBy(asc(cartItems.position), asc(cartItems.id));
      return { cart, items };
    }
    const rows = await ex
      .select({ cart: cartCarts, item: cartItems })
      .from(cartCarts)
      .leftJoin(cartItems, eq(cartItems.cartId, cartCarts.id))
      .where(where)
      .orderBy(asc(cartItems.position), asc(cartItems.id));
    const cart = rows[0]?.cart;
    if (!cart) return null;
    return { cart, items: rows.flatMap((r) => (r.item ? [r.item] : [])) };
  }

  return {
    byReference: (ex: Executor, publicId: string, lock = false) => loadWith(ex, eq(cartCarts.publicId, publicId), lock),
    byCustomer: (ex: Executor, customerId: string, lock = false) =>
      loadWith(ex, eq(cartCarts.customerId, customerId), lock),

    async insertAnonymous(ex: Executor, row: { publicId: string; now: Date; expiresAt: Date }): Promise<CartRow> {
      const [cart] = await ex
        .insert(cartCarts)
        .values({
          publicId: row.publicId,
          anonymous: true,
          customerId: null,
          createdAt: row.now,
          updatedAt: row.now,
          expiresAt: row.expiresAt,
        })
        .returning();
      return cart!;
    },

    /** The customer's cart, created when missing (two first requests racing both end on the one row). */
    async ensureCustomerCart(ex: Executor, customerId: string, publicId: string, now: Date): Promise<void> {
      await ex
        .insert(cartCarts)
        .values({ publicId, anonymous: false, customerId, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
    },

    /**
     * Items appended after the cart's last position in one statement (every row's subquery reads the items as they
     * were before the insert, so the offsets number the new rows in order): one round trip instead of a transaction.
     */
    async appendItems(ex: Executor, cartId: number, rows: Omit<NewCartItemRow, 'position'>[]): Promise<CartItemRow[]> {
      if (!rows.length) return [];
      return ex
        .insert(cartItems)
        .values(
          rows.map((r, k) => ({
            ...r,
            cartId,
            position: sql<number>`(select coalesce(max(${cartItems.position}), -1)::int + 1 + ${k}::int from ${cartItems} where ${cartItems.cartId} = ${cartId})`,
          })),
        )
        .returning()
        .then((added) => added.sort((a, b) => a.position - b.position));
    },

    async replaceItem(
      ex: Executor,
      cartId: number,
      publicId: string,
      set: Pick<CartItemRow, 'input' | 'description' | 'numDraws' | 'recurring' | 'currency'>,
    ): Promise<boolean> {
      const rows = await ex
        .update(cartItems)
        .set(set)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.publicId, publicId)))
        .returning({ id: cartItems.id });
      return rows.length > 0;
    },

    async deleteItem(ex: Executor, cartId: number, publicId: string): Promise<boolean> {
      const rows = await ex
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.publicId, publicId)))
        .returning({ id: cartItems.id });
      return rows.length > 0;
    },

    /** Deletes items; answers the public ids this call deleted (a concurrent read may have deleted some first). */
    async deleteItems(ex: Executor, cartId: number, ids: number[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await ex
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, ids)))
        .returning({ publicId: cartItems.publicId });
      return new Set(rows.map((r) => r.publicId));
    },

    async deleteAllItems(ex: Executor, cartId: number): Promise<void> {
      await ex.delete(cartItems).where(eq(cartItems.cartId, cartId));
    },

    /** Appends notices atomically (concurrent reads each append only what they removed themselves). */
    async appendAutoRemoved(ex: Executor, cartId: number, notices: AutoRemoved[], now: Date): Promise<void> {
      if (notices.length === 0) return;
      await ex
        .update(cartCarts)
        .set({
          autoRemoved: sql`(select coalesce(jsonb_agg(e order by n), '[]'::jsonb) from (select e, n from jsonb_array_elements(${cartCarts.autoRemoved} || ${JSON.stringify(notices)}::jsonb) with ordinality as t(e, n) order by n desc limit ${MAX_AUTO_REMOVED}) kept)`,
          updatedAt: now,
        })
        .where(eq(cartCarts.id, cartId));
    },

    async clearAutoRemoved(ex: Executor, cartId: number, now: Date): Promise<void> {
      await ex
        .update(cartCarts)
        .set({ autoRemoved: sql`'[]'::jsonb`, updatedAt: now })
        .where(eq(cartCarts.id, cartId));
    },

    async setPromotion(ex: Executor, cartId: number, code: string | null, now: Date): Promise<void> {
      await ex.update(cartCarts).set({ promotionCode: code, updatedAt: now }).where(eq(cartCarts.id, cartId));
    },

    /** A change: anonymous carts live 14 days from their last one. */
    async touch(ex: Executor, cart: Pick<CartRow, 'id' | 'anonymous'>, now: Date, expiresAt: Date): Promise<void> {
      await ex
        .update(cartCarts)
        .set({ updatedAt: now, ...(cart.anonymous ? { expiresAt } : {}) })
        .where(eq(cartCarts.id, cart.id));
    },

    async nextPosition(ex: Executor, cartId: number): Promise<number> {
      const [row] = await ex
        .select({ n: sql<number>`coalesce(max(${cartItems.position}), -1)::int + 1` })
        .from(cartItems)
        .where(eq(cartItems.cartId, cartId));
      return Number(row?.n ?? 0);
    },

    /** Moves every item of one cart to the end of another. */
    async moveItems(ex: Executor, fromCartId: number, toCartId: number, positionOffset: number): Promise<void> {
      await ex
        .update(cartItems)
        .set({ cartId: toCartId, position: sql`${cartItems.position} + ${positionOffset}` })
        .where(eq(cartItems.cartId, fromCartId));
    },

    async deleteCart(ex: Executor, cartId: number): Promise<void> {
      await ex.delete(cartCarts).where(eq(cartCarts.id, cartId));
    },

    /** Anonymous carts whose 14 days have passed (their items go with them). */
    async purgeExpired(ex: Executor, now: Date): Promise<number> {
      const rows = await ex
        .delete(cartCarts)
        .where(and(eq(cartCarts.anonymous, true), lt(cartCarts.expiresAt, now), isNull(cartCarts.customerId)))
        .returning({ id: cartCarts.id });
      return rows.length;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
