// GET /blog/rss.xml: the newest posts as an RSS 2.0 feed (blog capability).
import { BlogPostSummary, CapabilitiesResult, WebConfig, Blog } from '@shop/contracts';
import { rssXml } from '../../features/content/seo-documents.server.ts';
import { serverApi } from '../../lib/api-client.server.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { notFound } from '../../lib/route-errors.ts';
import type { Route } from './+types/blog-rss';

const cached = { cache: { ttlMs: SERVER_CACHE_TTL.default } };

export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context, null);
  const [config, caps] = await Promise.all([
    api.get('main', '/config', cached).then((r) => WebConfig.parse(r.result)),
    api.get('main', '/capabilities', cached).then((r) => CapabilitiesResult.parse(r.result)),
  ]);
  if (!caps.capabilities.includes('blog')) notFound();
  const [blog, posts] = await Promise.all([
    api.get('cms', '/items/blog', cached).then((r) => Blog.parse(r.result)),
    api
      .get('cms', '/items/blog_posts', { ...cached, query: { limit: 20 } })
      .then((r) => BlogPostSummary.array().parse(r.result)),
  ]);
  const xml = rssXml({
    baseUrl: config.baseUrl,
    siteName: config.siteName,
    title: blog.title,
    description: blog.intro,
    posts,
  });
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}
