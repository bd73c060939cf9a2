// Translation service (/api/translation, features §7): GET /{locale}/items with the bracketed lists c (categories),
// id (item ids) and t (types). SEO items are cached 24 h (core §9), the others 60 s.
import { successEnvelope, TranslationItem, TranslationItemsQuery, TranslationParams } from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { MAX_AGE } from './content.routes.ts';
import type { TranslationsService } from './content.translations.ts';

export interface TranslationRoutesOptions {
  translations: TranslationsService;
}

export const translationRoutes: FastifyPluginAsync<TranslationRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/:locale/items',
    {
      schema: {
        tags: ['content'],
        summary: 'Translation items of a locale (en-GB falls back to en-AU), narrowed by c[], id[] and t[]',
        params: TranslationParams,
        querystring: TranslationItemsQuery,
        response: { 200: successEnvelope(z.array(TranslationItem)) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.clearCache !== undefined) opts.translations.forget();
      const types = [...(q['t[]'] ?? []), ...(q.t ?? [])];
      const items = await opts.translations.items(request.params.locale, {
        categories: [...(q['c[]'] ?? []), ...(q.c ?? [])],
        ids: [...(q['id[]'] ?? []), ...(q.id ?? [])],
        types,
      });
      const seoOnly = types.length > 0 && types.every((t) => t === 'seo');
      const maxAge = seoOnly ? MAX_AGE.navigation : MAX_AGE.default;
      reply.header('cache-control', q.clearCache === undefined ? `public, max-age=${maxAge}` : 'no-store');
      return ok(items);
    },
  );
};
