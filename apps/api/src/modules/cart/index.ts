// Cart domain: the customer's and anonymous carts, their items and the lottery ticket product. Other code imports
// only from here.
export type {
  ItemContext,
  PricedItem,
  Refreshed,
  FulfilContext,
  FulfilledTicket,
  CartProductHandler,
  PurchaseGuard,
} from './cart.types.ts';
export { cartRoutes, CART_API_VERSIONS, type CartRoutesOptions } from './cart.routes.ts';
export {
  createCartService,
  itemInputOf,
  payableCents,
  purgeExpiredCarts,
  ANONYMOUS_CART_TTL_MS,
  DEFAULT_PRICING,
  RAFFLES_NOT_ON_SALE,
  type CartDeps,
  type CartService,
  type CartTarget,
  type CheckoutCart,
  type CheckoutItem,
} from './cart.service.ts';
export {
  createLotteryHandler,
  fillGame,
  DRAW_CLOSED_MESSAGE,
  type LotteryHandlerDeps,
} from './cart.lottery-handler.ts';
export type { AutoRemoved } from './cart.repository.ts';
