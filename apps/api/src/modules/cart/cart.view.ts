// The Cart of core §3 as the wire shows it: each item with its analytics view, and a promotion kept on the cart
// that does not apply right now.
import {
  toCents,
  toMoney,
  type Cart,
  type CartItem,
  type CurrencyCode,
  type LotteryTicketInput,
  type OfferGameType,
} from '@shop/contracts';
import type { CartItemRow } from './cart.repository.ts';
import type { PricedItem } from './cart.types.ts';

export function itemView(row: CartItemRow, p: PricedItem): CartItem {
  const money = (cents: number) => toMoney(cents, p.currency);
  const input = p.input;
  const lottery = input.productType === 'lottery_ticket' ? (input as LotteryTicketInput) : null;
  const first = p.draws[0] ?? null;
  const analyticsProductType = p.recurringPurchase.enabled
    ? `${p.productType}_${p.recurringPurchase.type}`
    : p.productType;
  return {
    id: row.publicId,
    productType: p.productType,
    lotteryKey: p.productOfferKey,
    productOfferKey: p.productOfferKey,
    offerName: p.offerName,
    description: p.description,
    gameType: p.gameType as OfferGameType | null,
    gameOffer: p.gameOffer,
    gameOfferName: p.gameOfferName,
    games: p.games,
    numGames: p.numGames,
    numDraws: p.draws.length,
    draws: p.draws,
    drawEncodedIds: p.draws.map((d) => d.drawId),
    recurringPurchase: p.recurringPurchase,
    causeKey: p.causeKey,
    numTickets: p.numTickets,
    unitPrice: money(p.unitPriceCents),
    price: money(p.priceCents),
    purchaseStatus: p.purchaseStatus,
    analyticsProductType,
    analytics: {
      description: p.description,
      quantity: p.numTickets ?? p.numGames,
      unitPrice: { amount: money(p.unitPriceCents).amount },
      recurringPurchase: { enabled: p.recurringPurchase.enabled, type: p.recurringPurchase.type },
      drawDate: first?.drawDate ?? null,
      drawNo: first?.drawNo ?? null,
      favourite: lottery?.favouriteTicket === true,
      lotteryKey: p.productOfferKey,
      hasFavouriteNumbers: lottery?.hasFavouriteNumbers === true,
      productType: p.productType,
      analyticsProductType,
      minimumJackpotAmount:
        lottery && typeof lottery.minimumJackpotAmount === 'number'
          ? money(toCents(lottery.minimumJackpotAmount))
          : null,
      gameType: p.gameType,
      gameOffer: p.gameOffer,
      numDraws: p.draws.length,
      numGames: p.productType === 'lottery_ticket' ? p.numGames : null,
      causeKey: p.causeKey,
      numRaffleTickets: p.numTickets,
    },
  };
}

/** A code kept on the cart that does not apply right now (shown with its reason, no discount). */
export function inapplicablePromotion(
  code: string,
  currency: CurrencyCode,
  message: string,
): NonNullable<Cart['promotion']> {
  return {
    code,
    type: 'voucher_fixed_discount',
    description: message,
    discount: toMoney(0, currency),
    bonusCredit: toMoney(0, currency),
    expiresAt: null,
    applicable: false,
    message,
  };
}
