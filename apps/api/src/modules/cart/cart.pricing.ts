// Every cart item re-checked and re-priced by its product's handler (items no longer sellable leave with a notice),
// and the cart's totals with its promotion (core §5).
import type { CartItemInput, CurrencyCode } from '@shop/contracts';
import { isTransaction, type Db, type Executor } from '../../db/index.ts';
import type { PromotionCheck, PromotionsService } from '../promotions/index.ts';
import type { AutoRemoved, CartItemRow, CartRepository, CartRow } from './cart.repository.ts';
import type { CartProductHandler, ItemContext, PricedItem } from './cart.types.ts';

export function cartPricing(deps: {
  db: Db;
  repo: CartRepository;
  handlers: Map<string, CartProductHandler>;
  promotions: Pick<PromotionsService, 'check'>;
}) {
  const { db, repo, handlers, promotions } = deps;
  /** Every item re-checked by its handler; unsellable ones are deleted and noticed (persisted) in `ex`. */
  async function refreshItems(
    ex: Executor,
    cart: CartRow,
    items: CartItemRow[],
    ctx: ItemContext,
  ): Promise<{ live: { row: CartItemRow; item: PricedItem }[]; removed: AutoRemoved[] }> {
    const results = await Promise.all(
      items.map(async (row) => {
        const handler = handlers.get(row.productType);
        if (!handler)
          return {
            row,
            verdict: {
              ok: false as const,
              reason: 'offer_suspended' as const,
              message: `${row.description} is not on sale right now, so we removed it from your cart.`,
            },
          };
        return { row, verdict: await handler.refresh(row.input as CartItemInput, ctx) };
      }),
    );
    const live: { row: CartItemRow; item: PricedItem }[] = [];
    const gone: { row: CartItemRow; notice: AutoRemoved }[] = [];
    for (const { row, verdict } of results) {
      if (verdict.ok) live.push({ row, item: verdict.item });
      else
        gone.push({
          row,
          notice: { id: row.publicId, reason: verdict.reason, description: row.description, message: verdict.message },
        });
    }
    let removed: AutoRemoved[] = [];
    if (gone.length > 0) {
      const persist = async (tx: Executor) => {
        const deleted = await repo.deleteItems(
          tx,
          cart.id,
          gone.map((g) => g.row.id),
        );
        removed = gone.filter((g) => deleted.has(g.row.publicId)).map((g) => g.notice);
        await repo.appendAutoRemoved(tx, cart.id, removed, ctx.now);
      };
      // Both statements in one transaction: the caller's, else one of their own (on the pool or a read scope).
      if (!isTransaction(ex)) await db.transaction(persist);
      else await persist(ex);
    }
    return { live, removed };
  }

  interface Totals {
    currency: CurrencyCode;
    subtotalCents: number;
    preOrderTotalCents: number;
    check: PromotionCheck | null;
    discountCents: number;
    bonusCreditCents: number;
    totalCents: number;
  }

  async function totalsOf(
    ex: Executor,
    cart: CartRow,
    live: { item: PricedItem }[],
    customerId: string | null,
  ): Promise<Totals> {
    const currency = live[0]?.item.currency ?? 'AUD';
    const subtotalCents = live.reduce((s, l) => s + l.item.priceCents, 0);
    const preOrderTotalCents = live.reduce(
      (s, l) => s + (l.item.purchaseStatus === 'pre_order' ? l.item.priceCents : 0),
      0,
    );
    // A promotion (its minimum spend and its discount) goes by what is charged now: a pre-order is paid when its
    // draw opens, at its full price, and can be cancelled before, so it never earns a discount here.
    const check = cart.promotionCode
      ? await promotions.check(cart.promotionCode, { customerId, subtotalCents: chargedNowCents(live), currency }, ex)
      : null;
    const discountCents = check?.ok ? check.promotion.discountCents : 0;
    const bonusCreditCents = check?.ok ? check.promotion.bonusCreditCents : 0;
    return {
      currency,
      subtotalCents,
      preOrderTotalCents,
      check,
      discountCents,
      bonusCreditCents,
      totalCents: subtotalCents - discountCents,
    };
  }
  return { refreshItems, totalsOf };
}

/** What a cart's items cost that is charged at its purchase: everything but its pre-orders. */
export function chargedNowCents(live: { item: Pick<PricedItem, 'priceCents' | 'purchaseStatus'> }[]): number {
  return live.reduce((s, l) => s + (l.item.purchaseStatus === 'pre_order' ? 0 : l.item.priceCents), 0);
}
