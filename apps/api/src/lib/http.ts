// Success envelope builders: every route answers { result, pageInfo, links, messages } (snake_case on the wire).
import type { ApiMessage, PageInfo, PageLinks } from '@shop/contracts';

export type SuccessEnvelope<T> = {
  result: T;
  pageInfo: PageInfo | null;
  links: PageLinks | null;
  messages: ApiMessage[];
};

export function ok<T>(result: T, messages: ApiMessage[] = []): SuccessEnvelope<T> {
  return { result, pageInfo: null, links: null, messages };
}

/**
 * A page of a list: page_info { limit, offset, total } and links { next, prev } built from the request URL,
 * keeping every other query parameter.
 */
export function paginated<T>(
  items: T[],
  page: { limit: number; offset: number; total: number },
  requestUrl: string,
  messages: ApiMessage[] = [],
): SuccessEnvelope<T[]> {
  const url = new URL(requestUrl, 'http://x');
  const linkFor = (offset: number) => {
    const u = new URL(url.toString());
    u.searchParams.set('limit', String(page.limit));
    u.searchParams.set('offset', String(offset));
    return `${u.pathname}${u.search}`;
  };
  const next = page.offset + page.limit < page.total ? linkFor(page.offset + page.limit) : null;
  const prev = page.offset > 0 ? linkFor(Math.max(0, page.offset - page.limit)) : null;
  return {
    result: items,
    pageInfo: { limit: page.limit, offset: page.offset, total: page.total },
    links: { next, prev },
    messages,
  };
}
