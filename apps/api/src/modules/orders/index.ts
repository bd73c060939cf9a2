// Orders domain: stored ticket lines per draw and the prizes they won. Other code imports only from here.
export {
  createOrdersService,
  type LinesCursor,
  type NewPrize,
  type NewTicketLine,
  type OrdersDeps,
  type OrdersService,
  type TicketLine,
} from './orders.service.ts';
export type { PrizeRow } from './orders.repository.ts';
export {
  createOrderHistoryService,
  type OrderHistoryDeps,
  type OrderHistoryService,
} from './orders.history.service.ts';
export {
  createCheckoutService,
  matchedNumbers,
  newPublicId,
  type CheckoutDeps,
  type CheckoutService,
  type NewCheckout,
  type NewOrder,
  type OrderItemSnapshot,
  type OrdersDraws,
  type OrdersRaffleDraws,
  type RaffleDrawOutcome,
} from './orders.checkout.service.ts';
export { paidAmounts, type PricedOrder } from './orders.paid-amounts.ts';
export { ordersRoutes, type OrdersRoutesOptions } from './orders.routes.ts';
export {
  createRecommendationsService,
  type RecommendationsDeps,
  type RecommendationsService,
} from './orders.recommended.ts';
