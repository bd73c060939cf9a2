// sitemap.xml, robots.txt and the blog's RSS feed (issue 18 SEO). The sitemap is built from the route table (every
// public screen without parameters whose capability gate lets an anonymous visitor in) and from the content
// (managed pages, blog posts and categories), each at its canonical URL; robots.txt honours disableIndexing.
import { Feed } from 'feed';
import { SitemapStream, streamToPromise } from 'sitemap';
import type { BlogPostSummary, Capability, CmsPage } from '@shop/contracts';
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
];

const isPrivate = (path: string) => PRIVATE_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/** Public screens of the route table without parameters that the capabilities allow. */
export function staticSitemapPaths(capabilities: readonly Capability[]): string[] {
  return ROUTE_TABLE.filter((r) => !r.path.includes(':') && !r.path.includes('*') && !/\.(xml|txt)$/.test(r.path))
    .map((r) => ({ id: r.id, path: `/${r.path}` }))
    .filter((r) => !isPrivate(r.path) && routeAllowed(r.id, capabilities))
    .map((r) => r.path);
}

export interface SitemapInput {
  baseUrl: string;
  capabilities: readonly Capability[];
  pages: CmsPage[];
  posts: BlogPostSummary[];
  categories: { slug: string }[];
  /** Product offer paths (route composition: the lotteries feature knows them). */
  offerPaths: string[];
}

export async function sitemapXml(input: SitemapInput): Promise<string> {
  const urls = new Map<string, string | undefined>();
  const add = (pathOrUrl: string, lastmod?: string) => {
    const url = absoluteUrl(input.baseUrl, pathOrUrl);
    if (url.startsWith(input.baseUrl.replace(/\/+$/, ''))) urls.set(url, lastmod);
  };
  for (const path of staticSitemapPaths(input.capabilities)) add(path);
  for (const path of input.offerPaths) add(path);
  for (const page of input.pages) if (!page.seo.noIndex) add(page.seo.canonicalUrl ?? page.path, page.dateUpdated);
  if (input.capabilities.includes('blog')) {
    for (const post of input.posts) add(`/blog/${post.slug}`, post.dateUpdated);
    for (const c of input.categories) add(`/blog/category/${c.slug}`);
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
