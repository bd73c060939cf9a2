import { useEffect } from 'react';
import { createHeartbeat, HEARTBEAT_PATH } from './heartbeat.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

export function useHeartbeat(enabled: boolean, intervalSeconds: number, idleMinutes: number): void {
  useEffect(() => {
    if (!enabled) return;
    const heartbeat = createHeartbeat(
      { intervalMs: intervalSeconds * 1000, idleWindowMs: idleMinutes * 60_000 },
      {
        now: Date.now,
        ping: () => fetch(HEARTBEAT_PATH, { cache: 'no-store', credentials: 'same-origin' }),
        setInterval: (fn, ms) => window.setInterval(fn, ms),
        clearInterval: (h) => window.clearInterval(h as number),
      },
    );
    const onActivity = () => heartbeat.markActive();
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, onActivity, { passive: true });
    heartbeat.start();
    return () => {
      heartbeat.stop();
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, onActivity);
    };
  }, [enabled, intervalSeconds, idleMinutes]);
}
