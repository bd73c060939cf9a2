// Translation service (/api/translation, features §7): GET /{locale}/items with the bracketed lists c (categories),
// id (item ids) and t (types). SEO items are cached 24 h (core §9), the others 60 s. PUT /{locale}/items/{category}/{id}
// saves one item (operators whose role may write content, behind the same gate as the content writes; audited).
import {
  successEnvelope,
  TranslationItem,
  TranslationItemParams,
  TranslationItemsQuery,
  TranslationParams,
  TranslationValueInput,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { MAX_AGE } from './content.routes.ts';
import { translationAuditEntry, type TranslationsService } from './content.translations.ts';
import type { ContentWriteAccess } from './content.write.routes.ts';

export interface TranslationRoutesOptions {
  translations: TranslationsService;
  /** The back office's gate, actor and audit log (wired in routes.ts). */
  access: ContentWriteAccess;
}

export const translationRoutes: FastifyPluginAsync<TranslationRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { translations, access } = opts;
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
      if (q.clearCache !== undefined) translations.forget();
      const types = [...(q['t[]'] ?? []), ...(q.t ?? [])];
      const items = await translations.items(request.params.locale, {
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

  routes.put(
    '/:locale/items/:category/:id',
    {
      preHandler: access.gate,
      // A Markdown item is text of many lines (ADR 093).
      config: { multiLineText: true },
      schema: {
        tags: ['content'],
        summary:
          "Save one translation item of a locale (operators only): {type, value}, checked by type; the item's type cannot change",
        params: TranslationItemParams,
        body: TranslationValueInput,
        response: { 200: successEnvelope(TranslationItem) },
      },
    },
    async (request, reply) => {
      const { locale, category, id } = request.params;
      const change = await translations.put(locale, category, id, request.body, access.actorOf(request));
      await access.audit(request, translationAuditEntry(change));
      const [saved] = await translations.items(locale, { categories: [category], ids: [id] });
      reply.header('cache-control', 'private, no-store');
      return ok(saved!);
    },
  );
};
