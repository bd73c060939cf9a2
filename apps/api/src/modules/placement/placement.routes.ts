// GET /placement and POST /placement/cart/prime (features §7 Placement API): 204 when there is nothing to place.
import { Placement, PlacementQuery, PrimeCartPlacementsBody, successEnvelope } from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import type { PlacementService } from './placement.service.ts';

export interface PlacementRoutesOptions {
  placement: PlacementService;
}

export const placementRoutes: FastifyPluginAsync<PlacementRoutesOptions> = async (app, { placement }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/placement',
    {
      schema: {
        tags: ['placement'],
        summary: 'Placements (pre-cart items, feature placements) for the given keys; 204 when none',
        querystring: PlacementQuery,
        response: { 200: successEnvelope(z.array(Placement)), 204: z.undefined().describe('No placements') },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const items = await placement.placements({
        keys: q.keys,
        pricingId: q.pricingId,
        cartReference: q.cartId ?? null,
        customerId: request.auth?.customerId ?? null,
        segmentName: request.ctx?.segmentName,
      });
      if (!items.length) return reply.code(204).send(undefined);
      return ok(items);
    },
  );

  routes.post(
    '/placement/cart/prime',
    {
      schema: {
        tags: ['placement'],
        summary: "Prime the cart's placements (computed now, kept 5 minutes for the pre-cart drawer); 204 when none",
        body: PrimeCartPlacementsBody,
        response: { 200: successEnvelope(z.array(Placement)), 204: z.undefined().describe('No placements') },
      },
    },
    async (request, reply) => {
      // The analytics identity is validated, not stored: the shop's placements are not personalised by it (ADR 071).
      const items = await placement.primeCart({
        cartReference: request.body.cartId ?? null,
        customerId: request.auth?.customerId ?? null,
        segmentName: request.ctx?.segmentName,
      });
      if (!items.length) return reply.code(204).send(undefined);
      return ok(items);
    },
  );
};
