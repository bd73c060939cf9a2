// "Content changed" for the storefront processes' own caches (ADR 037): every write to the content tables (from any
// process, through the database's change feed) and every moment a scheduled item's publish date passes (a timer on
// the next one). GET /api/cms/changes streams these to each web process, which empties its cached CMS answers.
import type { ChangeSource } from '../../lib/cached-until-changed.ts';
import type { Clock } from '../../lib/clock.ts';
import { CONTENT_TABLE, TRANSLATIONS_TABLE } from './content.repository.ts';

/** `live`: the change feed is connected, so no change can go unnoticed (otherwise nothing should be cached). */
export type ContentChangeListener = (event: { live: boolean }) => void;

/** setTimeout's ceiling (about 24.8 days); a later date is re-checked when the timer fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export function createContentWatcher(deps: {
  changes?: ChangeSource;
  clock: Clock;
  /** The next publish date after `now` (null: none scheduled). */
  nextScheduledAfter: (now: Date) => Promise<Date | null>;
}) {
  const listeners = new Set<ContentChangeListener>();
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let planning = 0;

  const tell = () => {
    const live = deps.changes?.isLive() ?? false;
    for (const l of listeners) l({ live });
  };

  async function plan() {
    const ticket = ++planning;
    if (timer) clearTimeout(timer);
    timer = undefined;
    let next: Date | null;
    try {
      next = await deps.nextScheduledAfter(deps.clock.now());
    } catch {
      next = null;
    }
    if (ticket !== planning || listeners.size === 0 || next === null) return;
    const delay = Math.min(Math.max(next.getTime() - deps.clock.now().getTime(), 0) + 50, MAX_DELAY_MS);
    timer = setTimeout(() => {
      timer = undefined;
      tell();
      void plan();
    }, delay);
    timer.unref();
  }

  function onChange() {
    tell();
    void plan();
  }

  return {
    /** Listen; the first listener connects to the change feed and starts the schedule timer. */
    subscribe(listener: ContentChangeListener): () => void {
      listeners.add(listener);
      if (!unsubscribe && deps.changes) {
        const offs = [CONTENT_TABLE, TRANSLATIONS_TABLE].map((t) => deps.changes!.on(t, onChange));
        unsubscribe = () => offs.forEach((off) => off());
      }
      void plan();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unsubscribe?.();
          unsubscribe = undefined;
          if (timer) clearTimeout(timer);
          timer = undefined;
        }
      };
    },
    isLive: () => deps.changes?.isLive() ?? false,
    /** This process wrote content itself. */
    notify: onChange,
  };
}
export type ContentWatcher = ReturnType<typeof createContentWatcher>;
