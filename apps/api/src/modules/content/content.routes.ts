// Content API (/api/cms) routes: the CMS items the storefront shell needs (features §3, §7 Content management).
import {
  CmsItemByIdParams,
  CmsItemParams,
  CmsItemQuery,
  CmsPage,
  CmsPageParams,
  CmsPagesQuery,
  Navigation,
  SiteConfig,
  SitewideBanner,
  successEnvelope,
  Theme,
} from '@shop/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { ok, paginated } from '../../lib/http.ts';
import type { ContentService } from './content.service.ts';

export interface ContentRoutesOptions {
  content: ContentService;
}

/** Spec core §9 server-side cache lifetimes. */
const MAX_AGE = { default: 60, theme: 10 * 60, navigation: 24 * 60 * 60 } as const;

function cacheFor(reply: FastifyReply, seconds: number, query: { clearCache?: string }) {
  reply.header('cache-control', query.clearCache === undefined ? `public, max-age=${seconds}` : 'no-store');
}

export const contentRoutes: FastifyPluginAsync<ContentRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { content } = opts;
  const tags = ['content'];

  routes.get(
    '/items/theme',
    {
      schema: {
        tags,
        summary: 'Site theme: colours, logos, typography',
        querystring: CmsItemQuery,
        response: { 200: successEnvelope(Theme) },
      },
    },
    async (request, reply) => {
      const theme = await content.getTheme();
      cacheFor(reply, MAX_AGE.theme, request.query);
      return ok(theme);
    },
  );

  routes.get(
    '/items/navigation',
    {
      schema: {
        tags,
        summary: 'Primary and footer navigation',
        querystring: CmsItemQuery,
        response: { 200: successEnvelope(Navigation) },
      },
    },
    async (request, reply) => {
      const navigation = await content.getNavigation();
      cacheFor(reply, MAX_AGE.navigation, request.query);
      return ok(navigation);
    },
  );

  routes.get(
    '/items/site_config',
    {
      schema: {
        tags,
        summary: 'Site configuration: navigation and component variants',
        querystring: CmsItemQuery,
        response: { 200: successEnvelope(SiteConfig) },
      },
    },
    async (request, reply) => {
      const siteConfig = await content.getSiteConfig();
      cacheFor(reply, MAX_AGE.navigation, request.query);
      return ok(siteConfig);
    },
  );

  routes.get(
    '/items/sitewide_banner',
    {
      schema: {
        tags,
        summary: 'The sitewide banner, or null when none is published',
        querystring: CmsItemQuery,
        response: { 200: successEnvelope(SitewideBanner.nullable()) },
      },
    },
    async (request, reply) => {
      const banner = await content.getSitewideBanner();
      cacheFor(reply, MAX_AGE.default, request.query);
      return ok(banner);
    },
  );

  routes.get(
    '/items/pages',
    {
      schema: {
        tags,
        summary: 'Published pages; with path= the page at that site path (0 or 1 item)',
        querystring: CmsPagesQuery,
        response: { 200: successEnvelope(z.array(CmsPage)) },
      },
    },
    async (request, reply) => {
      const { path, limit, offset } = request.query;
      const page = await content.listPages({ path, limit, offset });
      cacheFor(reply, MAX_AGE.default, request.query);
      return paginated(page.items, { limit, offset, total: page.total }, request.url);
    },
  );

  routes.get(
    '/items/pages/:id',
    {
      schema: {
        tags,
        summary: 'One published page by id',
        params: CmsPageParams,
        querystring: CmsItemQuery,
        response: { 200: successEnvelope(CmsPage) },
      },
    },
    async (request, reply) => {
      const page = await content.getPage(request.params.id);
      cacheFor(reply, MAX_AGE.default, request.query);
      return ok(page);
    },
  );

  // Collections of the spec not served by this build (blog, files, ...) and mistyped names answer with the 404 envelope.
  routes.get(
    '/items/:collection',
    { schema: { tags, summary: 'Unknown collection (404)', params: CmsItemParams } },
    async (request) => {
      throw notFound(`There is no collection named "${request.params.collection}".`, 'unknown_collection');
    },
  );
  routes.get(
    '/items/:collection/:id',
    { schema: { tags, summary: 'Unknown collection or item (404)', params: CmsItemByIdParams } },
    async (request) => {
      throw notFound(`There is no item "${request.params.id}" in "${request.params.collection}".`, 'not_found');
    },
  );
};
