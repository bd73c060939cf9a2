// Receipt, orders and tickets (features §4 Receipt, §7 Orders API). Every call is the signed-in customer's own:
// another customer's checkout, order or ticket id answers 404, like a missing one.
import {
  CheckoutParams,
  Order,
  OrderDetailsQuery,
  OrderParams,
  OrdersQuery,
  Receipt,
  RecommendedDraw,
  successEnvelope,
  Ticket,
  TicketParams,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, paginated } from '../../lib/http.ts';
import type { OrderHistoryService } from './orders.history.service.ts';
import type { RecommendationsService } from './orders.recommended.ts';

export interface OrdersRoutesOptions {
  orders: OrderHistoryService;
  recommendations: RecommendationsService;
}

export const ordersRoutes: FastifyPluginAsync<OrdersRoutesOptions> = async (app, { orders, recommendations }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const auth = { preHandler: app.requireCustomer };

  routes.get(
    '/checkout/:checkoutId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Receipt of a purchase: orders, totals and tracking data',
        params: CheckoutParams,
        response: { 200: successEnvelope(Receipt) },
      },
    },
    async (request) => ok(await orders.receipt(request.auth!.customerId, request.params.checkoutId)),
  );

  routes.get(
    '/orders',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Orders with draws to come (upcoming_products) or all drawn (past_products)',
        querystring: OrdersQuery,
        response: { 200: successEnvelope(z.array(Order)) },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      const { items, total } = await orders.listOrders(request.auth!.customerId, status, { limit, offset });
      return paginated(items, { limit, offset, total }, request.url);
    },
  );

  routes.get(
    '/orders/recommended',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Next draws of the offers the customer buys most',
        response: { 200: successEnvelope(z.array(RecommendedDraw)) },
      },
    },
    async (request) => ok(await recommendations.recommended(request.auth!.customerId, request.ctx?.segmentName)),
  );

  routes.get(
    '/orders/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One order; with show_details=true its tickets, lines, results and prizes',
        params: OrderParams,
        querystring: OrderDetailsQuery,
        response: { 200: successEnvelope(Order) },
      },
    },
    async (request) =>
      ok(await orders.getOrder(request.auth!.customerId, request.params.id, request.query.showDetails === true)),
  );

  routes.get(
    '/tickets/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One ticket: lines, matched numbers, divisions and prize',
        params: TicketParams,
        response: { 200: successEnvelope(Ticket) },
      },
    },
    async (request) => ok(await orders.getTicket(request.auth!.customerId, request.params.id)),
  );
};
