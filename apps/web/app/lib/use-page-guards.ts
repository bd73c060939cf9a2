// The page's own watchers of core §8: CSP violations reported once per message, and a stale chunk (after 24 hours)
// reloading the page; Vite announces a failed chunk preload with the vite:preloadError event.
import { useEffect } from 'react';
import { reloadOnStaleChunk } from './chunk-reload.ts';
import { watchCspViolations } from './csp-violations.ts';

export function usePageGuards(): void {
  useEffect(() => {
    const stopCsp = watchCspViolations();
    const onPreloadError = (event: Event) => {
      if (reloadOnStaleChunk((event as Event & { payload?: unknown }).payload)) event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => {
      stopCsp();
      window.removeEventListener('vite:preloadError', onPreloadError);
    };
  }, []);
}
