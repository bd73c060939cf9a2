// The notification feed's calls (issue 20; API GET /notifications/cards, /notifications/cards/summary, POST
// /notifications/cards/:id/viewed and /notifications/cards/toasted). Every answer is parsed with its contract.
import { NotificationCard, NotificationsSummary, PageInfo } from '@shop/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import { parseApiResult } from '../../lib/api-errors.ts';
import type { AuthApi } from '../../lib/auth.server.ts';

export interface CardsPage {
  cards: NotificationCard[];
  pageInfo: PageInfo;
}

export async function loadCardsPage(api: ApiClient, page: { limit: number; offset: number }): Promise<CardsPage> {
  const res = await api.get<unknown>('main', '/notifications/cards', {
    query: { limit: String(page.limit), offset: String(page.offset) },
    cache: false,
  });
  return {
    cards: parseApiResult(NotificationCard.array(), res.result, 'GET /notifications/cards'),
    pageInfo: PageInfo.parse(res.pageInfo),
  };
}

export async function loadSummary(api: ApiClient): Promise<NotificationsSummary> {
  const res = await api.get<unknown>('main', '/notifications/cards/summary', { cache: false });
  return parseApiResult(NotificationsSummary, res.result, 'GET /notifications/cards/summary');
}

/** For the header: the unviewed count and new cards to toast; a failure shows no count rather than failing the page. */
export async function notificationsShell(auth: AuthApi): Promise<NotificationsSummary> {
  if (!auth.hasTokens) return { unviewedCount: 0, toasts: [] };
  try {
    return await loadSummary(auth.api);
  } catch (error) {
    console.error(`[web] notifications unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return { unviewedCount: 0, toasts: [] };
  }
}

export async function markViewed(api: ApiClient, ids: string[]): Promise<void> {
  for (const id of ids) await api.post('main', `/notifications/cards/${encodeURIComponent(id)}/viewed`, {});
}

export async function markToasted(api: ApiClient, ids: string[]): Promise<void> {
  if (ids.length) await api.post('main', '/notifications/cards/toasted', { ids });
}
