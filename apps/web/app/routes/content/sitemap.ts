// GET /sitemap.xml: the route table and the content the API names indexable, gated by the anonymous visitor's
// capabilities. With disableIndexing only the built-in screens (robots.txt then disallows everything).
import { CapabilitiesResult, WebConfig } from '@shop/contracts';
import { loadSitemapContent } from '../../features/content/cms-page.server.ts';
import { NO_SITEMAP_CONTENT, sitemapXml } from '../../features/content/seo-documents.server.ts';
import { loadOffers } from '../../features/lotteries/lotteries.server.ts';
import { offerPath } from '../../features/lotteries/offer-links.ts';
import { serverApi } from '../../lib/api-client.server.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import type { Route } from './+types/sitemap';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, null);
  const [config, caps] = await Promise.all([
    api.get('main', '/config', { cache: { ttlMs: SERVER_CACHE_TTL.default } }).then((r) => WebConfig.parse(r.result)),
    api
      .get('main', '/capabilities', { cache: { ttlMs: SERVER_CACHE_TTL.default } })
      .then((r) => CapabilitiesResult.parse(r.result)),
  ]);
  const capabilities = caps.capabilities;
  const lotteries = ['commercial_lotteries', 'charity_lotteries', 'multi_offer_site'].some((c) =>
    capabilities.includes(c as (typeof capabilities)[number]),
  );
  if (config.disableIndexing) {
    const xml = await sitemapXml({
      baseUrl: config.baseUrl,
      capabilities,
      content: NO_SITEMAP_CONTENT,
      offerPaths: [],
    });
    return sitemapResponse(xml);
  }
  const [content, offers] = await Promise.all([
    loadSitemapContent(context, request),
    lotteries ? loadOffers(context, request).catch(() => []) : Promise.resolve([]),
  ]);
  return sitemapResponse(
    await sitemapXml({
      baseUrl: config.baseUrl,
      capabilities,
      content,
      // A syndicate tile's address is its lottery's syndicate screen, listed only where syndicates are sold.
      offerPaths: offers
        .filter((o) => o.type !== 'syndicate_share' || capabilities.includes('syndicates'))
        .map(offerPath),
      // The Android page is a 404 until an operator names the Google Play listing (ops app:links).
      hiddenPaths: config.appStoreLinks.android ? [] : ['/app/android'],
    }),
  );
}

function sitemapResponse(xml: string) {
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=60' },
  });
}
