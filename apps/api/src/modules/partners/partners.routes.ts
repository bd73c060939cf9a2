// Partner calls (spec features §7 Partners): GET /partners/{slug}; the partner cart, POST /cart/partner/{slug} for a
// signed-in customer or POST /anon-cart/partner/{slug} for a visitor. The purchase is workflows/partner-purchase.
import { Partner, PartnerCart, PartnerCartBody, PartnerSlugParams, successEnvelope } from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import type { PartnersService } from './partners.service.ts';

export interface PartnersRoutesOptions {
  partners: Pick<PartnersService, 'get' | 'cart'>;
}

export const partnersRoutes: FastifyPluginAsync<PartnersRoutesOptions> = async (app, { partners }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['partners'];

  routes.get(
    '/partners/:slug',
    {
      schema: {
        tags,
        summary: 'A partner: slug, key, channels, branding and the offers it sells (404 partner_not_found)',
        params: PartnerSlugParams,
        response: { 200: successEnvelope(Partner) },
      },
    },
    async (request) => ok(await partners.get(request.params.slug)),
  );

  routes.post(
    '/cart/partner/:slug',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: "The signed-in customer's partner cart for one item (422 when the partner may not sell it)",
        params: PartnerSlugParams,
        body: PartnerCartBody,
        response: { 200: successEnvelope(PartnerCart) },
      },
    },
    async (request) => ok(await partners.cart(request.params.slug, request.auth!.customerId, request.body.cartItem)),
  );

  routes.post(
    '/anon-cart/partner/:slug',
    {
      schema: {
        tags,
        summary: "A visitor's partner cart for one item (422 when the partner may not sell it)",
        params: PartnerSlugParams,
        body: PartnerCartBody,
        response: { 200: successEnvelope(PartnerCart) },
      },
    },
    async (request) => ok(await partners.cart(request.params.slug, null, request.body.cartItem)),
  );
};
