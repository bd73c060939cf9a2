// Cart domain: the customer's and anonymous carts and their items, priced by the product handlers other modules own
// (lottery tickets: draws; raffle tickets: raffles). Other code imports only from here.
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
  basketOf,
  itemInputOf,
  payableCents,
  ANONYMOUS_CART_TTL_MS,
  DEFAULT_PRICING,
  RAFFLES_NOT_ON_SALE,
  type CartDeps,
  type CartService,
  type CartTarget,
  type CheckoutCart,
  type CheckoutItem,
} from './cart.service.ts';
export type { AutoRemoved } from './cart.repository.ts';
