// The cart's syndicate_share handler (CartProductHandler): prices n shares of a syndicate (n × costPerShare), checks
// there are that many left on every cart read, and takes them inside the purchase transaction with one conditional
// UPDATE (syndicates.takeShares): more than are left is 422 sold_out naming the number left, and the whole purchase
// aborts with nothing charged (the raffle cap is the model).
import type { CurrencyCode, SyndicateShareInput } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import type { CartProductHandler, FulfilledTicket, ItemContext, PricedItem, Refreshed } from '../cart/index.ts';
import { autoplayNotSoldMessage, sharesWord } from './syndicates.rules.ts';
import type { SyndicatesService } from './syndicates.service.ts';

export interface SyndicateHandlerDeps {
  db: Db;
  syndicates: Pick<SyndicatesService, 'sellable' | 'takeShares'>;
}

type Context = ItemContext & { executor?: Executor };

const asShare = (input: unknown): SyndicateShareInput => {
  const i = input as SyndicateShareInput;
  if (i.productType !== 'syndicate_share') throw unprocessable('This item is not a syndicate share.', 'invalid_item');
  return i;
};

export function createSyndicateHandler(deps: SyndicateHandlerDeps): CartProductHandler {
  async function check(input: SyndicateShareInput, ctx: Context): Promise<PricedItem> {
    if (input.syndicate.isAutoplay)
      throw unprocessable(autoplayNotSoldMessage, 'recurring_not_available', {
        this: [autoplayNotSoldMessage],
        is_autoplay: [autoplayNotSoldMessage],
      });
    const n = input.syndicate.numShares;
    const row = await deps.syndicates.sellable(ctx.executor ?? deps.db, input.syndicate.syndicate, n, ctx.now);
    if (row.offerKey !== input.productOfferKey) {
      const m = `This syndicate plays ${row.offerKey}, not ${input.productOfferKey}.`;
      throw unprocessable(m, 'invalid_item', { product_offer_key: [m] });
    }
    const price = row.costPerShareCents * n;
    return {
      productType: 'syndicate_share',
      productOfferKey: row.offerKey,
      offerName: row.name,
      description: `${row.name} draw ${row.drawNo}, ${sharesWord(n)} of ${row.size}`,
      gameType: 'syndicate',
      gameOffer: row.publicId,
      gameOfferName: row.name,
      games: [],
      numGames: row.tickets.reduce((g, t) => g + t.numStandardGames, 0),
      numTickets: null,
      causeKey: null,
      draws: [
        {
          drawId: row.drawId,
          drawNo: row.drawNo,
          stop: row.stopAt.toISOString(),
          drawDate: row.drawAt.toISOString(),
          purchaseStatus: 'standard',
        },
      ],
      unitPriceCents: price,
      priceCents: price,
      currency: row.currency as CurrencyCode,
      purchaseStatus: 'standard',
      recurringPurchase: { type: 'none', availability: 'never', enabled: false },
      input: {
        productType: 'syndicate_share',
        productOfferKey: row.offerKey,
        syndicate: { syndicate: row.publicId, numShares: n, isAutoplay: false },
      },
    };
  }

  return {
    productType: 'syndicate_share',

    prepare: (input, ctx) => check(asShare(input), ctx),

    async refresh(input, ctx): Promise<Refreshed> {
      try {
        return { ok: true, item: await check(asShare(input), ctx) };
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const reason =
          e.code === 'sold_out' ? 'sold_out' : e.code === 'draw_closed' ? 'draw_closed' : 'offer_suspended';
        return { ok: false, reason, message: e.message };
      }
    },

    async fulfil(tx, item, ctx): Promise<FulfilledTicket[]> {
      const input = asShare(item.input);
      const n = input.syndicate.numShares;
      // The draw must still sell (checked in this transaction); the shares are then taken under the size.
      const row = await deps.syndicates.sellable(tx, input.syndicate.syndicate, 0, ctx.now);
      if (row.costPerShareCents * n !== item.priceCents)
        throw unprocessable('This syndicate share changed; please review your cart.', 'price_changed');
      await deps.syndicates.takeShares(tx, {
        syndicate: row,
        numShares: n,
        customerId: ctx.customerId,
        orderId: ctx.orderId,
        checkoutId: ctx.checkoutId,
        amountCents: ctx.paidCents ?? item.priceCents,
      });
      // The tickets are the syndicate's own lines (owned by its id): the order holds none of its own.
      return [
        {
          drawId: row.drawId,
          drawNo: row.drawNo,
          drawDate: row.drawAt.toISOString(),
          lineIds: [],
          raffleTicketNumbers: [],
        },
      ];
    },
  };
}
