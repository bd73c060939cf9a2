// Which error page a failure shows. Apart from the api client's errors (api-errors.ts, which re-exports it) because
// the layout's error boundary needs only this on every page (docs/storefront.md "Performance").
import { SERVER_BUSY_CODE } from '@shop/contracts';

export type ErrorPageStatus = 404 | 418 | 500 | 503;

/**
 * Which error page a failure shows (spec core §8): 418 no products, 503 maintenance, 404, anything else 500. A 503
 * with code server_busy is the API shedding load (not maintenance): the server-busy page.
 */
export function errorPageStatus(status: number | undefined, code?: string): ErrorPageStatus {
  if (status === 503 && code === SERVER_BUSY_CODE) return 500;
  if (status === 404 || status === 418 || status === 503) return status;
  return 500;
}
