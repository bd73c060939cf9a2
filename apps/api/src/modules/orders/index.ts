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
