// Consented analytics in the browser (spec core §9 cookie categories; docs/experiments-and-analytics.md). This part is
// on every page and stays tiny: it decides WHEN to send (a page view on each navigation, an add to cart when an item
// appears in the cart, a purchase on its receipt) and only when the root loader handed it the analytics anonymous id,
// which exists only after "Accept all" (or on a site that asks nothing). The sending code (analytics-client.ts, with
// the signed api client) is loaded on first use, so a visitor without consent never downloads it.
import type { CartItemAnalytics } from '@shop/contracts';
import { useEffect, useRef } from 'react';

/** What the root loader gives the browser when analytics may run; null otherwise. */
export interface AnalyticsShell {
  anonymousId: string;
  /** The cart's items (id and core §3 analytics view): an id not seen before is an add to cart. */
  cartItems: { id: string; view: CartItemAnalytics }[];
}

export type AnalyticsEvent =
  | { type: 'page_view'; path: string }
  | { type: 'add_to_cart'; path: string; items: CartItemAnalytics[] }
  | {
      type: 'purchase';
      path: string;
      transactionId: string;
      revenue: number;
      currency: string;
      items: CartItemAnalytics[];
    };

/** The app key and secret the browser signs with (shell.api). */
export interface AppKeys {
  appKey: string;
  appSecret: string;
}

export function sendAnalytics(shell: AnalyticsShell, keys: AppKeys, events: AnalyticsEvent[]): void {
  if (!events.length) return;
  import('./analytics-client.ts')
    .then((m) =>
      m.send(
        keys,
        events.map((e) => ({ ...e, anonymousId: shell.anonymousId })),
      ),
    )
    .catch((error: unknown) => {
      // Core §8: a failed analytics load is reported; the page carries on without analytics.
      console.error('[analytics] client failed to load', error);
    });
}

/** Page views on every navigation, and adds to cart when the cart gains an item, while analytics may run. */
export function useAnalyticsTracker(shell: AnalyticsShell | null, keys: AppKeys, path: string): void {
  const seenItems = useRef<Set<string> | null>(null);
  const anonymousId = shell?.anonymousId ?? null;
  const itemIds = shell ? shell.cartItems.map((i) => i.id).join(',') : '';
  useEffect(() => {
    if (!shell) {
      seenItems.current = null;
      return;
    }
    const events: AnalyticsEvent[] = [{ type: 'page_view', path }];
    const added = seenItems.current ? shell.cartItems.filter((i) => !seenItems.current!.has(i.id)) : [];
    if (added.length) events.push({ type: 'add_to_cart', path, items: added.map((i) => i.view) });
    seenItems.current = new Set(shell.cartItems.map((i) => i.id));
    sendAnalytics(shell, keys, events);
    // Sent once per page (path) and per cart change; the shell object itself changes on every loader run.
  }, [anonymousId, path, itemIds]);
}

/** The purchase event of a receipt, once per receipt shown (the API keeps one per purchase anyway). */
export function usePurchaseEvent(
  shell: AnalyticsShell | null,
  keys: AppKeys,
  path: string,
  tracking: { transactionId: string; revenue: number; currency: string; items: CartItemAnalytics[] },
): void {
  const anonymousId = shell?.anonymousId ?? null;
  useEffect(() => {
    if (!shell || !tracking.items.length) return;
    sendAnalytics(shell, keys, [{ type: 'purchase', path, ...tracking }]);
  }, [anonymousId, tracking.transactionId]);
}
