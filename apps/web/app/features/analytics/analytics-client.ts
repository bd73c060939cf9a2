// The analytics sender, loaded only once analytics may run (analytics.ts imports it on first use): events go to the
// analytics service (POST /api/analytics/events, discovered as `analytics`) through the signed api client. The
// consent cookie travels with the request and the API checks it again.
import type { ApiClient } from '../../lib/api-client.ts';
import { createBrowserApi } from '../../lib/browser-api.ts';
import type { AnalyticsEvent, AppKeys } from './analytics.ts';

let client: ApiClient | null = null;

export async function send(keys: AppKeys, events: (AnalyticsEvent & { anonymousId: string })[]): Promise<void> {
  client ??= createBrowserApi({
    origin: window.location.origin,
    appKey: keys.appKey,
    appSecret: keys.appSecret,
    readCookies: () => document.cookie,
  });
  try {
    await client.post('analytics', '/events', { events });
  } catch (error) {
    // Analytics never disturbs the visitor: a refused or failed send is logged and dropped.
    console.error('[analytics] events not sent', error);
  }
}
