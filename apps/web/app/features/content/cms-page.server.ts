// Loading a CMS page by its site path (spec features §3, §4): a missing or unpublished page is a 404.
import { CmsPage } from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';

const PageList = CmsPage.array();

/** "/about/" and "/about" are one page; the home page is "/". */
export function cmsPathOf(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The CMS decides visibility (published, publish date not in the future); a page it returns in any other state is
 * still refused here, so a misbehaving content service cannot publish a draft.
 */
export function isVisible(page: CmsPage, now: Date): boolean {
  if (page.status !== 'published') return false;
  return page.datePublished === null || new Date(page.datePublished).getTime() <= now.getTime();
}

export async function loadCmsPage(
  context: AppLoadContext,
  request: Request,
  pathname: string,
  now: Date = new Date(),
): Promise<CmsPage> {
  const path = cmsPathOf(pathname);
  let pages: CmsPage[];
  try {
    const res = await serverApi(context, apiSessionFrom(request)).get('cms', '/items/pages', {
      query: { path },
      cache: { ttlMs: SERVER_CACHE_TTL.default },
    });
    const parsed = PageList.safeParse(res.result);
    if (!parsed.success) {
      throw new ApiError({
        status: 422,
        url: `/items/pages?path=${path}`,
        message: 'invalid-response: the answer does not match the CmsPage contract',
        reason: 'invalid_response',
      });
    }
    pages = parsed.data;
  } catch (error) {
    throw toRouteError(error);
  }
  const page = pages.find((p) => p.path === path && isVisible(p, now));
  if (!page) notFound();
  return page;
}
