// Content API (/api/cms) routes (features §3, §7 Content management): the collections' items, files, the preview of
// an unpublished item, the causes directory, and the stream of content changes the storefront's caches listen to.
// POST /items/{collection} is for operators only: content.write.routes.ts, behind the back office's operator gate.
import {
  Blog,
  BlogCategoriesQuery,
  BlogCategory,
  BlogPostsQuery,
  BlogPostSummary,
  Cause,
  CauseDetails,
  CauseParams,
  CausesQuery,
  CmsFile,
  CmsItemByIdParams,
  CmsItemByIdQuery,
  CmsItemParams,
  CmsItemQuery,
  CmsPage,
  CmsPageParams,
  CmsPagesQuery,
  CmsSitemap,
  ContactPage,
  Navigation,
  PaginationQuery,
  PreviewItem,
  PreviewQuery,
  SiteConfig,
  SitewideBanner,
  successEnvelope,
  Theme,
} from '@shop/contracts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { ok, paginated } from '../../lib/http.ts';
import { pageOf, paginatedEnvelope } from '../../lib/pagination.ts';
import type { ContentService } from './content.service.ts';
import { createChangeStreams } from './content.stream.ts';

/** The causes directory, served by the raffles module (spec §7 lists GET /causes under content management). */
export interface CausesDirectory {
  causes(query: z.infer<typeof CausesQuery>): Promise<{ items: Cause[]; total: number }>;
  cause(id: string): Promise<CauseDetails>;
}

export interface ContentRoutesOptions {
  content: ContentService;
  causes: CausesDirectory;
}

/** Spec core §9 server-side cache lifetimes. */
export const MAX_AGE = { default: 60, theme: 10 * 60, navigation: 24 * 60 * 60, files: 24 * 60 * 60 } as const;

function cacheFor(reply: FastifyReply, seconds: number, query: { clearCache?: string }) {
  reply.header('cache-control', query.clearCache === undefined ? `public, max-age=${seconds}` : 'no-store');
}

const tags = ['content'];

/** The plugin's instance with zod schemas, as `app.withTypeProvider<ZodTypeProvider>()` returns it. */
type CmsRoutes = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

interface CmsRouteDeps {
  content: ContentService;
  /** `?clear_cache` (core §9): this process forgets what it keeps in memory and the answer is not cacheable. */
  fresh: (query: { clearCache?: string }) => void;
}

export const contentRoutes: FastifyPluginAsync<ContentRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { content, causes } = opts;
  const changeStreams = createChangeStreams(content);
  // A closing server waits for every open response; the change streams never end by themselves.
  app.addHook('preClose', (done) => {
    changeStreams.endAll();
    done();
  });
  const fresh = (query: { clearCache?: string }) => {
    if (query.clearCache !== undefined) content.forget();
  };

  registerItemRoutes(routes, { content, fresh });
  registerFileRoutes(routes, { content, fresh });

  routes.get(
    '/sitemap',
    {
      schema: {
        tags,
        summary: 'The visible pages, blog posts and categories a sitemap lists (noIndex left out), with canonical URLs',
        querystring: CmsItemQuery,
        response: { 200: successEnvelope(CmsSitemap) },
      },
    },
    async (request, reply) => {
      fresh(request.query);
      const entries = await content.sitemapEntries();
      cacheFor(reply, MAX_AGE.default, request.query);
      return ok(entries);
    },
  );

  routes.get(
    '/preview',
    {
      schema: {
        tags,
        summary: 'The item a signed preview token names, unpublished or scheduled (403 for a bad or expired token)',
        querystring: PreviewQuery,
        response: { 200: successEnvelope(PreviewItem) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      reply.header('x-robots-tag', 'noindex, nofollow');
      return ok(await content.preview(request.query.token));
    },
  );

  registerCauseRoutes(routes, causes);

  routes.get(
    '/changes',
    {
      schema: { tags, summary: 'Server-sent events: "change" whenever content changes or a scheduled item goes live' },
    },
    (request, reply) => changeStreams.stream(request, reply),
  );
};

/** /items/*: the singletons, the listed collections and one item by id (or its version, with a preview token). */
function registerItemRoutes(routes: CmsRoutes, { content, fresh }: CmsRouteDeps) {
  const singleton = <T extends z.ZodType>(name: string, schema: T, maxAge: number, read: () => Promise<z.infer<T>>) =>
    routes.get(
      `/items/${name}`,
      {
        schema: {
          tags,
          summary: `The ${name} item`,
          querystring: CmsItemQuery,
          response: { 200: successEnvelope(schema as z.ZodType) },
        },
      },
      async (request, reply) => {
        fresh(request.query);
        const item = await read();
        cacheFor(reply, maxAge, request.query);
        return ok(item);
      },
    );
  singleton('theme', Theme, MAX_AGE.theme, () => content.getTheme());
  singleton('navigation', Navigation, MAX_AGE.navigation, () => content.getNavigation());
  singleton('site_config', SiteConfig, MAX_AGE.navigation, () => content.getSiteConfig());
  singleton('sitewide_banner', SitewideBanner.nullable(), MAX_AGE.default, () => content.getSitewideBanner());
  singleton('blog', Blog, MAX_AGE.default, () => content.getBlog());
  singleton('contact_page', ContactPage, MAX_AGE.default, () => content.getContactPage());

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
      fresh(request.query);
      const { path, limit, offset } = request.query;
      const page = await content.listPages({ path, limit, offset });
      cacheFor(reply, MAX_AGE.default, request.query);
      return paginated(page.items, { limit, offset, total: page.total }, request.url);
    },
  );

  routes.get(
    '/items/blog_posts',
    {
      schema: {
        tags,
        summary: 'Published blog posts, newest first (12 per page); category= narrows, slug= finds one',
        querystring: BlogPostsQuery,
        response: { 200: successEnvelope(z.array(BlogPostSummary)) },
      },
    },
    async (request, reply) => {
      fresh(request.query);
      const { category, slug, limit, offset } = request.query;
      const page = await content.listBlogPosts({ category, slug, limit, offset });
      cacheFor(reply, MAX_AGE.default, request.query);
      return paginated(page.items, { limit, offset, total: page.total }, request.url);
    },
  );

  routes.get(
    '/items/blog_categories',
    {
      schema: {
        tags,
        summary: 'Blog categories by name',
        querystring: BlogCategoriesQuery,
        response: { 200: successEnvelope(z.array(BlogCategory)) },
      },
    },
    async (request, reply) => {
      fresh(request.query);
      const { slug, limit, offset } = request.query;
      const page = await content.listBlogCategories({ slug, limit, offset });
      cacheFor(reply, MAX_AGE.default, request.query);
      return paginated(page.items, { limit, offset, total: page.total }, request.url);
    },
  );

  routes.get(
    '/items/files',
    {
      schema: {
        tags,
        summary: 'Files (images)',
        querystring: PaginationQuery,
        response: { 200: successEnvelope(z.array(CmsFile)) },
      },
    },
    async (request, reply) => {
      const page = await content.listFiles(request.query);
      cacheFor(reply, MAX_AGE.default, {});
      return paginated(page.items, { ...request.query, total: page.total }, request.url);
    },
  );

  // Collections of the spec answer through here; a mistyped name is the 404 envelope.
  routes.get(
    '/items/:collection',
    { schema: { tags, summary: 'Unknown collection (404)', params: CmsItemParams } },
    async (request) => {
      throw notFound(`There is no collection named "${request.params.collection}".`, 'unknown_collection');
    },
  );

  routes.get(
    '/items/:collection/:id',
    {
      schema: {
        tags,
        summary:
          'One item; a version (or an unpublished item) only with a preview token for that item, and for that version when the token names one (else 403)',
        params: CmsItemByIdParams,
        querystring: CmsItemByIdQuery,
        response: { 200: successEnvelope(z.unknown()) },
      },
    },
    async (request, reply) => {
      fresh(request.query);
      const { version, previewToken } = request.query;
      const item = await content.item(request.params.collection, request.params.id, { version, previewToken });
      if (version !== undefined || previewToken !== undefined) reply.header('cache-control', 'private, no-store');
      else cacheFor(reply, MAX_AGE.default, request.query);
      return ok(item);
    },
  );
}

/** A file's description and its bytes. */
function registerFileRoutes(routes: CmsRoutes, { content }: CmsRouteDeps) {
  routes.get(
    '/files/:id',
    {
      schema: {
        tags,
        summary: 'A file: name, type, size and where its bytes are',
        params: CmsPageParams,
        response: { 200: successEnvelope(CmsFile) },
      },
    },
    async (request, reply) => {
      const file = await content.getFile(request.params.id);
      cacheFor(reply, MAX_AGE.default, {});
      return ok(file);
    },
  );

  routes.get(
    '/assets/:id',
    // Open to <img> elements, which cannot sign a request: the bytes of a published file are public anyway.
    {
      schema: { tags, summary: "A file's bytes (SVG is served sandboxed)", params: CmsPageParams },
      config: { signature: false },
    },
    async (request, reply) => {
      const asset = await content.asset(request.params.id);
      const etag = `"${asset.sha256}"`;
      reply
        .header('content-type', asset.type)
        .header('cache-control', `public, max-age=${MAX_AGE.files}`)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own cannot run script or load anything (it is an image, not a document).
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(asset.bytes);
    },
  );
}

/** The causes directory, answered by the raffles module. */
function registerCauseRoutes(routes: CmsRoutes, causes: CausesDirectory) {
  routes.get(
    '/causes',
    {
      schema: {
        tags,
        summary: 'Causes directory (by slug with limit 1)',
        querystring: CausesQuery,
        response: { 200: paginatedEnvelope(Cause) },
      },
    },
    async (request, reply) => {
      const page = await causes.causes(request.query);
      cacheFor(reply, MAX_AGE.default, {});
      return pageOf(page.items, page.total, request.query, request.url);
    },
  );

  routes.get(
    '/causes/:id',
    {
      schema: {
        tags,
        summary: 'A cause by id or slug',
        params: CauseParams,
        response: { 200: successEnvelope(CauseDetails) },
      },
    },
    async (request, reply) => {
      cacheFor(reply, MAX_AGE.default, {});
      return ok(await causes.cause(request.params.id));
    },
  );
}
