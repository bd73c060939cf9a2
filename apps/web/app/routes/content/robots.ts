// GET /robots.txt: everything disallowed while the configuration's disableIndexing is on; otherwise the private
// screens, and where the sitemap is.
import { WebConfig } from '@shop/contracts';
import { robotsTxt } from '../../features/content/seo-documents.server.ts';
import { serverApi } from '../../lib/api-client.server.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import type { Route } from './+types/robots';

export async function loader({ context }: Route.LoaderArgs) {
  const res = await serverApi(context, null).get('main', '/config', { cache: { ttlMs: SERVER_CACHE_TTL.default } });
  const config = WebConfig.parse(res.result);
  return new Response(robotsTxt(config.baseUrl, config.disableIndexing), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}
