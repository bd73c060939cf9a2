// The header's unviewed count kept live while the tab is open (issue 20), and new cards shown once as toasts. The
// count is read again every 30 seconds while the page is visible and at once when it becomes visible; a read that
// fails is retried every 0.5 seconds up to 10 times (features §9 content-cards refresh). The work is in
// notifications-client.ts, loaded only when the feed is on.
import type { NotificationsSummary } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

const loadClient = () => import('./notifications-client.ts');

/** The live unviewed count for the header, starting from the page's; `viewed(n)` takes n off at once. */
export function useNotificationsLive(enabled: boolean, initial: NotificationsSummary) {
  const [count, setCount] = useState(initial.unviewedCount);
  const shown = useRef(new Set<string>());
  useEffect(() => setCount(initial.unviewedCount), [initial.unviewedCount]);
  useEffect(() => {
    if (enabled && initial.toasts.length)
      void loadClient().then((client) => client.toastCards(shown.current, initial.toasts));
  }, [enabled, initial.toasts]);

  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void loadClient().then((client) => {
      if (cancelled) return;
      stop = client.pollSummary((summary) => {
        setCount(summary.unviewedCount);
        client.toastCards(shown.current, summary.toasts);
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled]);

  const viewed = useCallback((n: number) => setCount((c) => Math.max(0, c - n)), []);
  return { count, viewed };
}
