// The page's own watchers of core §8: CSP violations reported once per message, and a stale chunk (after 24 hours)
// reloading the page; Vite announces a failed chunk preload with the vite:preloadError event.
import { useEffect } from 'react';
import { reloadOnStaleChunk } from './chunk-reload.ts';

/**
 * Listens for violations from the start; the reporter's code (csp-violations.ts) loads with the first one, as a page
 * with none (nearly every page) never needs it. Returns the unsubscribe function.
 */
function watchCspViolations(): () => void {
  let reporter: Promise<(e: SecurityPolicyViolationEvent) => boolean> | null = null;
  const onViolation = (e: SecurityPolicyViolationEvent) => {
    reporter ??= import('./csp-violations.ts').then((m) => m.beaconCspReporter());
    void reporter.then((report) => report(e));
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  return () => document.removeEventListener('securitypolicyviolation', onViolation);
}

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
