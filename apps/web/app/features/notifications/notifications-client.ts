// The browser's side of the notification feed (issue 20): reading and marking cards through the /notifications/cards
// resource route, cards as toasts, and the header's poll. Loaded only for a signed-in customer with the feed (the
// hook in notifications-live.ts imports it on first use), so other visitors' pages carry none of it.
import type { NotificationCard, NotificationsSummary } from '@shop/contracts';
import { showToast, type ToastInput } from '../../lib/toasts.ts';

export const CARDS_URL = '/notifications/cards';
export const POLL_MS = 30_000;
/** Features §9: content-cards refresh retries every 0.5 seconds up to 10 times. */
export const REFRESH_RETRY_MS = 500;
export const REFRESH_RETRIES = 10;

/** A card as a toast: its title and message, and its first action as the toast's link. */
export function cardToast(card: NotificationCard): ToastInput {
  const action = card.actions.find((a) => a.link);
  return {
    id: `card-${card.id}`,
    title: card.title,
    message: card.message,
    level: card.icon === 'warning' ? 'error' : card.icon === 'trophy' || card.icon === 'gift' ? 'success' : 'info',
    isAutoDismissed: card.isAutoDismissed,
    action: action?.link ? { text: action.text, href: action.link } : undefined,
  };
}

/** POSTs to the cards route (intent viewed or toasted); failures are left for the next page load to repeat. */
export function postCards(intent: 'viewed' | 'toasted', ids: string[]): Promise<unknown> {
  if (!ids.length) return Promise.resolve();
  const body = new FormData();
  body.set('intent', intent);
  for (const id of ids) body.append('id', id);
  return fetch(CARDS_URL, { method: 'POST', body, credentials: 'same-origin' }).catch(() => undefined);
}

/** GETs JSON from the cards route, retrying a failure every 0.5 s up to 10 times; null when every try failed. */
export async function readCards<T>(query: string, stopped: () => boolean = () => false): Promise<T | null> {
  for (let attempt = 0; attempt <= REFRESH_RETRIES && !stopped(); attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, REFRESH_RETRY_MS));
    try {
      const res = await fetch(`${CARDS_URL}?${query}`, { credentials: 'same-origin', cache: 'no-store' });
      if (res.status === 401 || res.status === 403 || res.status === 404) return null;
      const body = (await res.json()) as { ok: boolean } & T;
      if (res.ok && body.ok) return body;
    } catch {
      // Offline for a moment: try again.
    }
  }
  return null;
}

/** Shows each card not shown before as a toast (oldest first, so the newest ends up nearest the reader), once. */
export function toastCards(shown: Set<string>, cards: NotificationCard[]): void {
  const fresh = cards.filter((c) => !shown.has(c.id));
  if (!fresh.length) return;
  for (const card of [...fresh].reverse()) {
    shown.add(card.id);
    showToast(cardToast(card));
  }
  void postCards(
    'toasted',
    fresh.map((c) => c.id),
  );
}

/**
 * Reads the summary every 30 s while the page is visible, and at once when it becomes visible; each answer goes to
 * `onSummary`. Returns the function that stops it.
 */
export function pollSummary(onSummary: (summary: NotificationsSummary) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const poll = async () => {
    clearTimeout(timer);
    if (document.visibilityState === 'visible') {
      const body = await readCards<{ summary: NotificationsSummary }>('summary', () => stopped);
      if (stopped) return;
      if (body) onSummary(body.summary);
    }
    timer = setTimeout(() => void poll(), POLL_MS);
  };
  timer = setTimeout(() => void poll(), POLL_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void poll();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
