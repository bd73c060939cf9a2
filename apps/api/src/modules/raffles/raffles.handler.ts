// The cart's raffle_ticket handler (CartProductHandler): validates and prices a raffle entry, re-checks it on every
// cart read, and numbers the tickets inside the purchase transaction (pre-orders become scheduled purchases of kind
// pre_order in the recurring module, bought and numbered when the draw opens).
import type { CurrencyCode, RaffleTicketInput } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import type { CartProductHandler, FulfilledTicket, ItemContext, PricedItem, Refreshed } from '../cart/index.ts';
import { createRafflesRepository, type RaffleDrawRow, type RaffleOfferRow } from './raffles.repository.ts';
import { drawClosedMessage, soldOutMessage } from './raffles.rules.ts';
import type { RaffleSupplyService } from './raffles.supply.ts';

export const regionRestrictedMessage = (state: string) => `This raffle can't be sold in ${state}`;
export const causeRequiredMessage = 'Choose a cause to support.';
const notOnSale = (message: string, code: string) => unprocessable(message, code, { this: [message] });

export interface RaffleHandlerDeps {
  db: Db;
  /** Prices, descriptions, and ticket numbers allocated under the cap inside the purchase transaction. */
  supply: Pick<RaffleSupplyService, 'priceOf' | 'describe' | 'allocate'>;
  /**
   * The customer's state (identity) when the cart gives no region: permits are per state, so a signed-in buyer's
   * address decides. Anonymous carts are checked again at purchase, when the customer is known.
   */
  regionOf?(customerId: string): Promise<string | null>;
  /** Whether the offer sells subscriptions now (the catalogue's recurring purchase; docs/recurring.md). */
  subscriptionOnSale?(offerKey: string): Promise<boolean>;
}

/**
 * The cart may hand its transaction to the handler (an `executor` on the context): inside the purchase transaction
 * every read then uses that connection instead of waiting for a second one from the pool.
 */
type Context = ItemContext & { executor?: Executor };

export function createRaffleHandler(deps: RaffleHandlerDeps): CartProductHandler {
  const raffles = deps.supply;
  const repo = createRafflesRepository();

  async function check(
    input: RaffleTicketInput,
    ctx: Context,
  ): Promise<{ offer: RaffleOfferRow; draw: RaffleDrawRow; cause: string | null; item: PricedItem }> {
    const ex = ctx.executor ?? deps.db;
    const offer = await repo.offer(ex, input.productOfferKey);
    if (!offer) throw notOnSale(`${input.productOfferKey} is not on sale right now.`, 'offer_unavailable');
    const region =
      (
        ctx.region ?? (ctx.customerId && deps.regionOf ? await deps.regionOf(ctx.customerId).catch(() => null) : null)
      )?.toUpperCase() ?? null;
    if (region && (offer.excludedRegions as string[]).includes(region)) {
      throw unprocessable(regionRestrictedMessage(region), 'region_restricted', {
        this: [regionRestrictedMessage(region)],
      });
    }
    const now = ctx.now.getTime();
    let draw: RaffleDrawRow | null;
    if (input.drawNo !== undefined) {
      draw = await repo.drawByNumber(ex, offer.offerKey, input.drawNo);
      if (!draw) throw notOnSale(`${offer.name} has no draw ${input.drawNo}.`, 'draw_closed');
    } else {
      const draws = await repo.drawsOf(ex, offer.offerKey);
      draw =
        draws.find((d) => ['open', 'sold_out', 'pre_order'].includes(d.status) && d.stopAt.getTime() > now) ?? null;
      if (!draw) throw notOnSale(drawClosedMessage, 'draw_closed');
    }
    const onSale =
      (draw.status === 'open' || draw.status === 'sold_out' || draw.status === 'pre_order') &&
      draw.stopAt.getTime() > now;
    if (!onSale) throw notOnSale(drawClosedMessage, 'draw_closed');
    const left = draw.cap - draw.sold;
    if (input.numTickets > left)
      throw unprocessable(soldOutMessage(left), 'sold_out', {
        this: [soldOutMessage(left)],
        num_tickets: [soldOutMessage(left)],
      });

    const causes = offer.causeSlugs;
    let cause = input.causeKey ?? null;
    if (cause === null && causes.length === 1) cause = causes[0]!;
    if (cause === null && causes.length > 1)
      throw unprocessable(causeRequiredMessage, 'cause_required', {
        this: [causeRequiredMessage],
        cause_key: [causeRequiredMessage],
      });
    if (cause !== null && !causes.includes(cause)) {
      const m = `${offer.name} does not support this cause.`;
      throw unprocessable(m, 'unknown_cause', { this: [m], cause_key: [m] });
    }
    const period = input.subscriptionPeriod ?? null;
    const subscribable = deps.subscriptionOnSale ? await deps.subscriptionOnSale(offer.offerKey) : false;
    if (period && !subscribable) {
      const m = `Subscriptions are not available for ${offer.name}.`;
      throw unprocessable(m, 'recurring_not_available', { this: [m] });
    }
    const price = raffles.priceOf(offer, input.numTickets);
    const preOrder = draw.status === 'pre_order';
    const item: PricedItem = {
      productType: 'raffle_ticket',
      productOfferKey: offer.offerKey,
      offerName: offer.name,
      description: `${raffles.describe(offer, draw.drawNo, input.numTickets)}${period ? `, ${period} subscription` : ''}`,
      gameType: null,
      gameOffer: null,
      gameOfferName: null,
      games: [],
      numGames: input.numTickets,
      numTickets: input.numTickets,
      causeKey: cause,
      draws: [
        {
          drawId: draw.publicId,
          drawNo: draw.drawNo,
          stop: draw.stopAt.toISOString(),
          drawDate: draw.drawAt.toISOString(),
          purchaseStatus: preOrder ? 'pre_order' : 'standard',
        },
      ],
      unitPriceCents: price,
      priceCents: price,
      currency: offer.currency as CurrencyCode,
      purchaseStatus: preOrder ? 'pre_order' : 'standard',
      recurringPurchase: subscribable
        ? { type: 'subscription', availability: 'optional', enabled: period !== null }
        : { type: 'none', availability: 'never', enabled: false },
      input: {
        productType: 'raffle_ticket',
        productOfferKey: offer.offerKey,
        drawNo: draw.drawNo,
        numTickets: input.numTickets,
        ...(cause ? { causeKey: cause } : {}),
        ...(period ? { subscriptionPeriod: period } : {}),
      },
    };
    return { offer, draw, cause, item };
  }

  const asRaffle = (input: unknown): RaffleTicketInput => {
    const i = input as RaffleTicketInput;
    if (i.productType !== 'raffle_ticket') throw unprocessable('This item is not a raffle ticket.', 'invalid_item');
    return i;
  };

  return {
    productType: 'raffle_ticket',

    async prepare(input, ctx) {
      return (await check(asRaffle(input), ctx)).item;
    },

    async refresh(input, ctx): Promise<Refreshed> {
      try {
        return { ok: true, item: (await check(asRaffle(input), ctx)).item };
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        const reason =
          e.code === 'sold_out' || e.code === 'region_restricted'
            ? e.code
            : e.code === 'offer_unavailable'
              ? 'offer_suspended'
              : 'draw_closed';
        return { ok: false, reason, message: e.message };
      }
    },

    async fulfil(tx, item, ctx): Promise<FulfilledTicket[]> {
      const d = item.draws[0];
      if (!d || item.numTickets === null) throw notOnSale(drawClosedMessage, 'draw_closed');
      const draw = await repo.drawByPublicId(tx, d.drawId);
      if (!draw) throw notOnSale(drawClosedMessage, 'draw_closed');
      const input = item.input as RaffleTicketInput;
      const common = {
        drawId: draw.id,
        customerId: ctx.customerId,
        numTickets: item.numTickets,
        amountCents: item.priceCents,
        currency: item.currency,
        causeSlug: item.causeKey,
        orderId: ctx.orderId,
        checkoutId: ctx.checkoutId,
        region: null,
      };
      // A pre-order is not charged now and gets no numbers: the recurring module records it as a scheduled purchase
      // of kind pre_order (afterOrders), bought and numbered when the draw opens (ADR 064).
      if (item.purchaseStatus === 'pre_order') {
        if (draw.status !== 'pre_order') throw notOnSale(drawClosedMessage, 'draw_closed');
        return [
          {
            drawId: draw.publicId,
            drawNo: draw.drawNo,
            drawDate: draw.drawAt.toISOString(),
            lineIds: [],
            raffleTicketNumbers: [],
          },
        ];
      }
      if (input.numTickets !== item.numTickets)
        throw unprocessable('This raffle entry changed; please review your cart.', 'price_changed');
      const { numbers } = await raffles.allocate(tx, { ...common, postal: false });
      return [
        {
          drawId: draw.publicId,
          drawNo: draw.drawNo,
          drawDate: draw.drawAt.toISOString(),
          lineIds: [],
          raffleTicketNumbers: numbers,
        },
      ];
    },
  };
}
