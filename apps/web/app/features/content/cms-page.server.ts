// Server-side reads of the content service (spec features §3, §4, §7): pages by path (a managed page takes the place
// of a built-in screen at its path), the blog, the data some blocks need, the preview of an unpublished item and
// translation items. Answers are checked against the contracts; a page the CMS returns in any state but published
// and due is still refused here.
import {
  Blog,
  BlogCategory,
  BlogPost,
  BlogPostSummary,
  CmsPage,
  CmsSitemap,
  ContactPage,
  PreviewItem,
  TranslationItem,
  type PageSection,
} from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError, contractMismatch } from '../../lib/api-errors.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';
import type { BlockData } from './blocks.tsx';
import { BLOG_PAGE_SIZE, BLOG_WIDGET_SIZE } from './blog-views.tsx';

const CACHED = { ttlMs: SERVER_CACHE_TTL.default };

/** "/about/" and "/about" are one page; the home page is "/". */
export function cmsPathOf(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Features §4: published, and the publish date empty or not in the future. */
export function isVisible(item: { status: string; datePublished: string | null }, now: Date): boolean {
  if (item.status !== 'published') return false;
  return item.datePublished === null || new Date(item.datePublished).getTime() <= now.getTime();
}

async function read<S extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  path: string,
  schema: S,
  opts: {
    query?: Record<string, string | number | readonly string[]>;
    cache?: false | { ttlMs: number };
    service?: 'cms' | 'translation';
    api?: ApiClient;
  } = {},
): Promise<{ value: z.infer<S>; total: number | null }> {
  const api = opts.api ?? serverApi(context, apiSessionFrom(request));
  const res = await api.get<unknown>(opts.service ?? 'cms', path, { query: opts.query, cache: opts.cache ?? CACHED });
  const parsed = schema.safeParse(res.result ?? null);
  if (!parsed.success) throw contractMismatch(`GET ${path}`);
  return { value: parsed.data, total: res.pageInfo?.total ?? null };
}

/** A read whose 404 means "not found" and any other failure the error page for its status. */
async function readOr404<S extends z.ZodType>(
  ...args: Parameters<typeof read<S>>
): Promise<{ value: z.infer<S>; total: number | null }> {
  try {
    return await read(...args);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw toRouteError(error);
  }
}

/** The visible managed page at a site path, or null (the built-in screen, if any, shows instead). */
export async function findCmsPage(
  context: AppLoadContext,
  request: Request,
  pathname: string,
  now = new Date(),
): Promise<CmsPage | null> {
  const path = cmsPathOf(pathname);
  try {
    const { value } = await read(context, request, '/items/pages', CmsPage.array(), { query: { path } });
    return value.find((p) => p.path === path && isVisible(p, now)) ?? null;
  } catch (error) {
    throw toRouteError(error);
  }
}

/** The managed page at a path; 404 when there is none. */
export async function loadCmsPage(
  context: AppLoadContext,
  request: Request,
  pathname: string,
  now = new Date(),
): Promise<CmsPage> {
  const page = await findCmsPage(context, request, pathname, now);
  if (!page) notFound();
  return page;
}

async function optional<T>(promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    console.error(`[web] content block data unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return fallback;
  }
}

/** What the page's blog widgets and category lists show (a widget that cannot load renders nothing). */
export async function loadBlockData(
  context: AppLoadContext,
  request: Request,
  sections: PageSection[],
): Promise<BlockData> {
  const data: BlockData = { blogPosts: {}, categories: [] };
  const work: Promise<void>[] = [];
  sections.forEach((s, i) => {
    if (s.kind !== 'blog_posts') return;
    work.push(
      optional(
        read(context, request, '/items/blog_posts', BlogPostSummary.array(), {
          query: { limit: s.limit, ...(s.category ? { category: s.category } : {}) },
        }).then((r) => r.value),
        [],
      ).then((posts) => void (data.blogPosts[i] = posts)),
    );
  });
  if (sections.some((s) => s.kind === 'blog_categories'))
    work.push(optional(loadCategories(context, request), []).then((c) => void (data.categories = c)));
  await Promise.all(work);
  return data;
}

export async function loadCategories(context: AppLoadContext, request: Request): Promise<BlogCategory[]> {
  return (await read(context, request, '/items/blog_categories', BlogCategory.array())).value;
}

/** A page of the blog (12 per page), optionally one category's. */
export async function loadBlogList(
  context: AppLoadContext,
  request: Request,
  options: { page: number; category?: string },
): Promise<{
  blog: Blog;
  posts: BlogPostSummary[];
  total: number;
  categories: BlogCategory[];
  category: BlogCategory | null;
}> {
  const query = {
    limit: BLOG_PAGE_SIZE,
    offset: (options.page - 1) * BLOG_PAGE_SIZE,
    ...(options.category ? { category: options.category } : {}),
  };
  const [blog, list, categories] = await Promise.all([
    readOr404(context, request, '/items/blog', Blog),
    readOr404(context, request, '/items/blog_posts', BlogPostSummary.array(), { query }),
    readOr404(context, request, '/items/blog_categories', BlogCategory.array()),
  ]);
  const category = options.category ? (categories.value.find((c) => c.slug === options.category) ?? null) : null;
  if (options.category && !category) notFound();
  const total = list.total ?? list.value.length;
  // A page past the end is not a page.
  if (options.page > 1 && list.value.length === 0) notFound();
  return { blog: blog.value, posts: list.value, total, categories: categories.value, category };
}

/** A post by slug, the latest posts and the categories beside it. */
export async function loadBlogPost(context: AppLoadContext, request: Request, slug: string) {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(slug)) notFound();
  const [post, latest, categories] = await Promise.all([
    readOr404(context, request, `/items/blog_posts/${encodeURIComponent(slug)}`, BlogPost),
    optional(
      read(context, request, '/items/blog_posts', BlogPostSummary.array(), {
        query: { limit: BLOG_WIDGET_SIZE + 1 },
      }).then((r) => r.value),
      [],
    ),
    optional(loadCategories(context, request), []),
  ]);
  if (post.value.slug !== slug || !isVisible(post.value, new Date())) notFound();
  return { post: post.value, latest: latest.filter((p) => p.slug !== slug).slice(0, BLOG_WIDGET_SIZE), categories };
}

export async function loadContactPage(context: AppLoadContext, request: Request): Promise<ContactPage> {
  return (await readOr404(context, request, '/items/contact_page', ContactPage)).value;
}

/** Translation items of the site's locale (features §7 GET /en-AU/items with c, id and t lists). */
export async function loadTranslations(
  context: AppLoadContext,
  request: Request,
  locale: string,
  filter: { c?: string[]; id?: string[]; t?: string[] },
  ttlMs: number = SERVER_CACHE_TTL.default,
): Promise<TranslationItem[]> {
  const query: Record<string, readonly string[]> = {};
  if (filter.c) query['c[]'] = filter.c;
  if (filter.id) query['id[]'] = filter.id;
  if (filter.t) query['t[]'] = filter.t;
  const res = await read(context, request, `/${encodeURIComponent(locale)}/items`, TranslationItem.array(), {
    service: 'translation',
    query,
    cache: { ttlMs },
  });
  return res.value;
}

/** The item a preview token names, never cached; the API's 403 (bad or expired token) is thrown as it is. */
export async function loadPreview(context: AppLoadContext, request: Request, token: string): Promise<PreviewItem> {
  return (await read(context, request, '/preview', PreviewItem, { query: { token }, cache: false })).value;
}

/** What the sitemap lists from the content: the API's sitemap entries (visible, indexable items only). */
export async function loadSitemapContent(context: AppLoadContext, request: Request): Promise<CmsSitemap> {
  return (await read(context, request, '/sitemap', CmsSitemap)).value;
}
