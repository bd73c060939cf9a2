// Catalogue routes under /api/v2 (features §7 Draw and offer calls): product offers by pricing, branding, tips.
import { Branding, PricingParams, ProductOffers, ProductOffersQuery, successEnvelope, Tip } from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import type { OfferPreviews } from './catalogue.preview.ts';
import type { CatalogueService } from './catalogue.service.ts';

export interface CatalogueRoutesOptions {
  catalogue: CatalogueService;
  offerPreviews: OfferPreviews;
  /** The signed-in customer's own price list (members for a Daily Winners member); default when absent. */
  entitledPricing?(customerId: string): Promise<string>;
}

/** The base list every visitor may read. */
const BASE_PRICING = 'default';

const OfferPreviewQuery = z.object({ token: z.string().min(1).max(2048) });
const OfferPreview = z.object({ product_offer_key: z.string() });

/** Shared caches may keep these a little; the draw list changes when a draw closes, so not for long. */
const OFFERS_MAX_AGE_SECONDS = 30;
/** Core §9: branding 24 h, tips 18 min. */
const BRANDING_MAX_AGE_SECONDS = 24 * 60 * 60;
const TIPS_MAX_AGE_SECONDS = 18 * 60;

/** Shared caches (a CDN) may serve an answer as long again while they fetch a fresh one. */
const publicFor = (seconds: number) => `public, max-age=${seconds}, stale-while-revalidate=${seconds}`;

export const catalogueRoutes: FastifyPluginAsync<CatalogueRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { catalogue } = opts;
  const tags = ['catalogue'];

  routes.get(
    '/pricing/:pricingName/product_offers',
    {
      schema: {
        tags,
        summary:
          'Product offers under a pricing, keyed by key: available offers with at least one open draw (a list only for its customers, such as members, is 404 to anyone else)',
        params: PricingParams,
        querystring: ProductOffersQuery,
        response: { 200: successEnvelope(ProductOffers) },
      },
    },
    async (request, reply) => {
      const name = request.params.pricingName;
      // The base list and the lists offered by code are everyone's; any other list (members) only its customers'.
      // A list this visitor may not read answers as an unknown one: a storefront never shows prices it cannot charge.
      const open = name === BASE_PRICING || (await catalogue.offeredByCode(name));
      const customerId = request.auth?.customerId;
      if (!open && !(customerId && opts.entitledPricing && (await opts.entitledPricing(customerId)) === name))
        throw notFound(`There is no pricing named "${name}".`, 'unknown_pricing');
      const offers = await catalogue.productOffers(name, request.query);
      reply.header('cache-control', open ? publicFor(OFFERS_MAX_AGE_SECONDS) : 'private, no-store');
      return ok(offers);
    },
  );

  routes.get(
    '/product_offers/preview',
    {
      schema: {
        tags,
        summary:
          'The offer an operator-signed preview link names (an offer page shown before it is on sale, never buyable); 403 preview_forbidden for a bad or expired link',
        querystring: OfferPreviewQuery,
        response: { 200: successEnvelope(OfferPreview) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      const offerKey = opts.offerPreviews.read(request.query.token);
      if (!offerKey) throw forbidden('This preview link is not valid or has expired.', 'preview_forbidden');
      return ok({ product_offer_key: offerKey });
    },
  );

  routes.get(
    '/branding',
    {
      schema: {
        tags,
        summary: 'Product branding per game and region',
        response: { 200: successEnvelope(z.array(Branding)) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', publicFor(BRANDING_MAX_AGE_SECONDS));
      return ok(await catalogue.brandings());
    },
  );

  routes.get(
    '/tips',
    { schema: { tags, summary: 'Playing tips', response: { 200: successEnvelope(z.array(Tip)) } } },
    async (_request, reply) => {
      reply.header('cache-control', publicFor(TIPS_MAX_AGE_SECONDS));
      return ok(await catalogue.tips());
    },
  );
};
