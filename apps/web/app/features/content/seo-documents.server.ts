// sitemap.xml, robots.txt and the blog's RSS feed (issue 18 SEO). The sitemap is built from the route table (every
// public screen without parameters whose capability gate lets an anonymous visitor in, except screens that are only
// a managed page) and from the API's sitemap entries (indexable pages, blog posts and categories: the API decides
// which), each at its canonical URL; robots.txt honours disableIndexing.
import { Feed } from 'feed';
import { SitemapStream, streamToPromise } from 'sitemap';
import type { BlogPostSummary, Capability, CmsSitemap } from '@shop/contracts';
import { routeAllowed } from '../../lib/capabilities.ts';
import { ROUTE_TABLE } from '../../lib/route-table.ts';
import { absoluteUrl } from './seo-tags.tsx';

/** Screens that are never indexed: accounts, carts, sign-in, previews, operator and machine endpoints. */
export const PRIVATE_PATHS = [
  '/my-account',
  '/cart',
  '/checkout',
  '/receipt',
  '/deposit',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/force-password-change',
  '/force-upgrade-account',
  '/close-my-account',
  '/account-verification',
  '/cookie-consent',
  '/preview',
  '/purchase',
  '/dev',
  '/3ds',
  '/api',
  '/unsubscribe',
  '/communication-preferences',
  // A redirect to the app store and a banner made to be framed: not pages to find by search.
  '/app/android/install',
  '/marketing',
  // An invite link's landing (its token in the address) and a signed-in member's benefits: nothing to find by search.
  '/lotto-party/group',
  '/daily-winners/benefits',
];

const isPrivate = (path: string) => PRIVATE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Public screens of the route table without parameters that the capabilities allow. Screens that are only a managed
 * page (404 without one) are not among them: the sitemap lists those through the API's page entries.
 */
export function staticSitemapPaths(capabilities: readonly Capability[]): string[] {
  return ROUTE_TABLE.filter((r) => !r.managedPage && !r.resource)
    .map((r) => ({ id: r.id, path: `/${withoutOptionalTail(r.path)}`.replace(/\/$/, '') || '/' }))
    .filter((r) => !r.path.includes(':') && !r.path.includes('*'))
    .filter((r) => !isPrivate(r.path) && routeAllowed(r.id, capabilities))
    .map((r) => r.path);
}

/** A path without its trailing optional parameters ("lotto-results/:page?" is the list's first page). */
function withoutOptionalTail(path: string): string {
  return path.replace(/(\/?:[A-Za-z]+\?)+$/, '');
}

export interface SitemapInput {
  baseUrl: string;
  capabilities: readonly Capability[];
  /** The API's sitemap entries (GET /api/cms/sitemap): visible, indexable content only. */
  content: CmsSitemap;
  /** Product offer paths (route composition: the lotteries feature knows them). */
  offerPaths: string[];
  /** Screens the capabilities allow but the configuration leaves empty (the Android page without a store link). */
  hiddenPaths?: readonly string[];
}

export const NO_SITEMAP_CONTENT: CmsSitemap = { pages: [], unlistedPagePaths: [], blogPosts: [], blogCategories: [] };

export async function sitemapXml(input: SitemapInput): Promise<string> {
  const urls = new Map<string, string | undefined>();
  const add = (pathOrUrl: string, lastmod?: string) => {
    const url = absoluteUrl(input.baseUrl, pathOrUrl);
    if (url.startsWith(input.baseUrl.replace(/\/+$/, ''))) urls.set(url, lastmod);
  };
  const { pages, unlistedPagePaths, blogPosts, blogCategories } = input.content;
  // A managed page over a built-in screen (/about/faq) speaks for that path: listed at its canonical URL, or not at all.
  const pagePaths = new Set([...pages.map((p) => p.path), ...unlistedPagePaths]);
  for (const path of staticSitemapPaths(input.capabilities))
    if (!pagePaths.has(path) && !input.hiddenPaths?.includes(path)) add(path);
  for (const path of input.offerPaths) add(path);
  for (const page of pages) add(page.canonicalUrl ?? page.path, page.dateUpdated);
  if (input.capabilities.includes('blog')) {
    for (const post of blogPosts) add(post.canonicalUrl ?? `/blog/${post.slug}`, post.dateUpdated);
    for (const c of blogCategories) add(c.canonicalUrl ?? `/blog/category/${c.slug}`, c.dateUpdated);
  }
  const stream = new SitemapStream({ hostname: input.baseUrl });
  for (const [url, lastmod] of urls) stream.write(lastmod ? { url, lastmod } : { url });
  stream.end();
  return (await streamToPromise(stream)).toString('utf8');
}

export function robotsTxt(baseUrl: string, disableIndexing: boolean): string {
  if (disableIndexing) return 'User-agent: *\nDisallow: /\n';
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(baseUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

export function rssXml(input: {
  baseUrl: string;
  siteName: string;
  title: string;
  description: string;
  posts: BlogPostSummary[];
}): string {
  const blogUrl = absoluteUrl(input.baseUrl, '/blog');
  const feed = new Feed({
    title: `${input.title} | ${input.siteName}`,
    description: input.description,
    id: blogUrl,
    link: blogUrl,
    language: 'en-AU',
    copyright: input.siteName,
    feedLinks: { rss: absoluteUrl(input.baseUrl, '/blog/rss.xml') },
  });
  for (const post of input.posts) {
    const link = absoluteUrl(input.baseUrl, `/blog/${post.slug}`);
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.excerpt,
      date: new Date(post.datePublished ?? post.dateCreated),
      category: post.categories.map((c) => ({ name: c.name })),
    });
  }
  return feed.rss2();
}
