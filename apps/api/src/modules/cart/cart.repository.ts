// The only code that queries the cart tables.
import { and, asc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  executeNamed,
  rowFromJson,
  takePrefetched,
  type BatchedRead,
  type BatchedWrite,
  type Executor,
  type WritePart,
} from '../../db/index.ts';
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

/** The add-to-cart's write: new items after the cart's last position and the cart touched, in one statement. */
async function appendAndTouch(
  ex: Executor,
  cartId: number,
  rows: Omit<NewCartItemRow, 'position'>[],
  touch: { anonymous: boolean; now: Date; expiresAt: Date },
): Promise<CartItemRow[]> {
  const values = rows.map((r, k) => ({
    publicId: r.publicId,
    productType: r.productType,
    productOfferKey: r.productOfferKey,
    input: r.input,
    description: r.description,
    numDraws: r.numDraws,
    recurring: r.recurring,
    currency: r.currency,
    createdAt: (r.createdAt ?? touch.now).toISOString(),
    k,
  }));
  const { rows: added } = await executeNamed<Record<string, unknown>>(
    ex,
    'cart_add_items',
    sql`with t as (
      update cart_carts set updated_at = ${touch.now.toISOString()}::timestamptz
        ${touch.anonymous ? sql`, expires_at = ${touch.expiresAt.toISOString()}::timestamptz` : sql``}
      where id = ${cartId}
    )
    insert into cart_items (public_id, cart_id, product_type, product_offer_key, input, description, num_draws,
      recurring, currency, position, created_at)
    select v."publicId", ${cartId}, v."productType", v."productOfferKey", v.input, v.description, v."numDraws",
      v.recurring, v.currency,
      (select coalesce(max(position), -1)::int + 1 from cart_items where cart_id = ${cartId}) + v.k, v."createdAt"
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v("publicId" text, "productType" text,
      "productOfferKey" text, input jsonb, description text, "numDraws" int, recurring jsonb, currency text,
      "createdAt" timestamptz, k int)
    order by v.k
    returning *`,
  );
  return added
    .map((r) => ({
      id: Number(r.id),
      publicId: String(r.public_id),
      cartId: Number(r.cart_id),
      productType: String(r.product_type),
      productOfferKey: String(r.product_offer_key),
      input: r.input,
      description: String(r.description),
      numDraws: Number(r.num_draws),
      recurring: r.recurring,
      currency: String(r.currency),
      position: Number(r.position),
      createdAt: new Date(r.created_at as string | Date),
    }))
    .sort((a, b) => a.position - b.position);
}

/** After a purchase: the cart's items deleted, its promotion, affiliate and pricing codes cleared. */
const emptyWrites = (cartId: number, now: Date): [BatchedWrite, BatchedWrite] => [
  sql`delete from cart_items where cart_id = ${cartId}`,
  sql`update cart_carts set promotion_code = null, affiliate_code = null, pricing_code = null, updated_at = ${now.toISOString()}::timestamptz where id = ${cartId}`,
];

const customerCartKey = (customerId: string) => `cart:${customerId}`;

/**
 * A statement that changes a cart's items, with the cart's version moved in the same statement (ADR 109: a purchase
 * that read the cart before the change then refuses to buy it as it was). Answers the change's `returning` columns.
 * Every change of items goes through this or touches the cart row itself (appendAndTouch, emptyWrites).
 */
function withVersionMoved(cartId: number, change: SQL, returning: SQL): SQL {
  return sql`with changed as (${change}),
    moved as (update cart_carts set version = version + 1 where id = ${cartId} and exists (select 1 from changed))
    select ${returning} from changed`;
}

/**
 * The customer's cart and its items as part of another module's read (the checkout's, ADR 109): not locked, with
 * the cart's version, which the purchase's guarded write checks (`purchasedWrite`). Null when the customer has none.
 */
function customerCartRead(customerId: string): BatchedRead<{ cart: CartRow; items: CartItemRow[] } | null> {
  return {
    key: customerCartKey(customerId),
    sql: sql`select json_build_object('cart', row_to_json(c), 'items', coalesce((
        select json_agg(row_to_json(i) order by i.position, i.id) from cart_items i where i.cart_id = c.id), '[]'::json))
      from cart_carts c where c.customer_id = ${customerId}`,
    read: (value) => {
      const v = value as { cart: unknown; items: unknown[] } | null;
      if (!v) return null;
      return { cart: rowFromJson(cartCarts, v.cart)!, items: v.items.map((i) => rowFromJson(cartItems, i)!) };
    },
  };
}

/**
 * After a purchase, as a part of its guarded write (ADR 109): the items deleted and the codes cleared (emptyWrites),
 * standing only if the cart is still the version the purchase read and priced.
 */
function purchasedWrite(cartId: number, version: number, now: Date): WritePart {
  return {
    ctes: [
      [
        'cart_c',
        sql`update cart_carts set promotion_code = null, affiliate_code = null, pricing_code = null, updated_at = ${now.toISOString()}::timestamptz where id = ${cartId} and version = ${version} returning id`,
      ],
      ['cart_i', sql`delete from cart_items where cart_id = ${cartId}`],
    ],
    checks: [['cart_unchanged', sql`exists (select 1 from cart_c)`]],
  };
}

/** The statements that change a cart's items (each moves the cart's version in the same statement). */
const itemChanges = {
  async replaceItem(
    ex: Executor,
    cartId: number,
    publicId: string,
    set: Pick<CartItemRow, 'input' | 'description' | 'numDraws' | 'recurring' | 'currency'>,
  ): Promise<boolean> {
    const { rows } = await ex.execute<{ id: string }>(
      withVersionMoved(
        cartId,
        sql`update cart_items set input = ${JSON.stringify(set.input)}::jsonb, description = ${set.description},
          num_draws = ${set.numDraws}, recurring = ${JSON.stringify(set.recurring)}::jsonb, currency = ${set.currency}
        where cart_id = ${cartId} and public_id = ${publicId} returning id`,
        sql`id`,
      ),
    );
    return rows.length > 0;
  },

  async deleteItem(ex: Executor, cartId: number, publicId: string): Promise<boolean> {
    const { rows } = await ex.execute<{ id: string }>(
      withVersionMoved(
        cartId,
        sql`delete from cart_items where cart_id = ${cartId} and public_id = ${publicId} returning id`,
        sql`id`,
      ),
    );
    return rows.length > 0;
  },

  /** Deletes items; answers the public ids this call deleted (a concurrent read may have deleted some first). */
  async deleteItems(ex: Executor, cartId: number, ids: number[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await ex.execute<{ public_id: string }>(
      withVersionMoved(
        cartId,
        sql`delete from cart_items where cart_id = ${cartId} and id = any(${`{${ids.join(',')}}`}::bigint[])
          returning public_id`,
        sql`public_id`,
      ),
    );
    return new Set(rows.map((r) => r.public_id));
  },

  /** Moves every item of one cart to the end of another (both carts' versions move). */
  async moveItems(ex: Executor, fromCartId: number, toCartId: number, positionOffset: number): Promise<void> {
    await ex.execute(sql`with m as (
        update cart_items set cart_id = ${toCartId}, position = position + ${positionOffset}
        where cart_id = ${fromCartId} returning id
      )
      update cart_carts set version = version + 1 where id in (${fromCartId}, ${toCartId})`);
  },
};

export function createCartRepository() {
  /** The cart and its items in one round trip (the cart read is the hottest call); two when locking. */
  async function loadWith(
    ex: Executor,
    where: ReturnType<typeof eq>,
    lock: boolean,
    /** Names the statements (prepared once per connection: the hot path skips PostgreSQL's parse and plan). */
    name: string,
    /** The key a read scope may have prefetched this cart under. */
    prefetchedKey?: string,
  ): Promise<{ cart: CartRow; items: CartItemRow[] } | null> {
    if (prefetchedKey) {
      // A read scope (the checkout's one read) has it: not locked, its version is what the write checks.
      const known = takePrefetched<{ cart: CartRow; items: CartItemRow[] } | null>(ex, prefetchedKey);
      if (known?.value) return known.value;
    }
    if (lock) {
      // Two statements, on purpose: a statement's snapshot is taken before it waits for the lock, so items read in
      // the locking statement could be those a concurrent purchase (the lock's holder) has just bought and deleted.
      const carts = await ex.select().from(cartCarts).where(where).for('update').prepare(`${name}_lock`).execute();
      const cart = carts[0];
      if (!cart) return null;
      const items = await ex
        .select()
        .from(cartItems)
        .where(eq(cartItems.cartId, cart.id))
        .orderBy(asc(cartItems.position), asc(cartItems.id))
        .prepare('cart_items_of_cart')
        .execute();
      return { cart, items };
    }
    const rows = await ex
      .select({ cart: cartCarts, item: cartItems })
      .from(cartCarts)
      .leftJoin(cartItems, eq(cartItems.cartId, cartCarts.id))
      .where(where)
      .orderBy(asc(cartItems.position), asc(cartItems.id))
      .prepare(name)
      .execute();
    const cart = rows[0]?.cart;
    if (!cart) return null;
    return { cart, items: rows.flatMap((r) => (r.item ? [r.item] : [])) };
  }

  return {
    byReference: (ex: Executor, publicId: string, lock = false) =>
      loadWith(ex, eq(cartCarts.publicId, publicId), lock, 'cart_by_reference'),
    byCustomer: (ex: Executor, customerId: string, lock = false) =>
      loadWith(ex, eq(cartCarts.customerId, customerId), lock, 'cart_by_customer', customerCartKey(customerId)),
    customerCartRead,
    purchasedWrite,

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
     * Items appended after the cart's last position, and the cart touched (anonymous carts live 14 days from their
     * last change), in one statement: every row's position subquery reads the items as they were before the insert,
     * so the offsets number the new rows in order.
     */
    appendItems: appendAndTouch,

    ...itemChanges,

    /** After a purchase: the items deleted and the promotion, affiliate and pricing codes cleared, in one statement. */
    async empty(ex: Executor, cartId: number, now: Date): Promise<void> {
      const [items, cart] = emptyWrites(cartId, now);
      await ex.execute(sql`with d as (${items}) ${cart}`);
    },

    /** `empty` as two statements another write runs with its own (the purchase's last write). */
    emptyWrites,

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

    async setAffiliate(ex: Executor, cartId: number, code: string): Promise<void> {
      await ex.update(cartCarts).set({ affiliateCode: code }).where(eq(cartCarts.id, cartId));
    },

    async setPricingCode(ex: Executor, cartId: number, code: string): Promise<void> {
      await ex.update(cartCarts).set({ pricingCode: code }).where(eq(cartCarts.id, cartId));
    },

    async setRegion(ex: Executor, cartId: number, region: string | null): Promise<void> {
      await ex.update(cartCarts).set({ region }).where(eq(cartCarts.id, cartId));
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
