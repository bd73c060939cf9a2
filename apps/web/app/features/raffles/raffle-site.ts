// The site's locale, currency and time zone for the raffle screens (from the root loader), and the dates they show.
import { useRouteLoaderData } from 'react-router';
import { formatLongDate, formatTime, type SiteFormat } from '../../lib/format.ts';
import type { loader as rootLoader } from '../../root.tsx';

const FALLBACK: SiteFormat = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' };

export function useRaffleSite(): SiteFormat {
  const site = useRouteLoaderData<typeof rootLoader>('root')?.shell.site;
  return site ? { locale: site.locale, currency: site.currency, timeZone: site.timeZone } : FALLBACK;
}

/** "Saturday 5 December 2026" in the site time zone. */
export function longDate(at: string, site: SiteFormat): string {
  return formatLongDate(new Date(at), site);
}

/** "Saturday 5 December 2026, 8:30 pm": for sales closing times, where the hour matters. */
export function dateTime(at: string, site: SiteFormat): string {
  return `${formatLongDate(new Date(at), site)}, ${formatTime(new Date(at), site)}`;
}
