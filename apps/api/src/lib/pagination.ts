// Limit/offset pages (DESIGN.md §4): page_info { limit, offset, total } and links { next, prev } on the wire.
import { z } from 'zod';
import { PageInfo, PageLinks, successEnvelope, type PaginationQuery } from '@shop/contracts';
import { paginated, type SuccessEnvelope } from './http.ts';

/** Response schema of a paginated list: page_info and links are always present. */
export function paginatedEnvelope<T extends z.ZodType>(item: T) {
  return successEnvelope(z.array(item)).extend({ pageInfo: PageInfo, links: PageLinks });
}

export type PageEnvelope<T> = SuccessEnvelope<T[]> & { pageInfo: PageInfo; links: PageLinks };

/** One page of a list whose query was parsed with contracts' paginationQuery(); links keep the other parameters. */
export function pageOf<T>(items: T[], total: number, query: PaginationQuery, requestUrl: string): PageEnvelope<T> {
  return paginated(items, { limit: query.limit, offset: query.offset, total }, requestUrl) as PageEnvelope<T>;
}
