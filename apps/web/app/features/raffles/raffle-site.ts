// The dates the raffle screens show, in the site's time zone (useSiteFormat of lib/shell.ts gives the site).
import { formatLongDate, formatTime, type SiteFormat } from '../../lib/format.ts';

export { useSiteFormat } from '../../lib/shell.ts';

/** "Saturday 5 December 2026" in the site time zone. */
export function longDate(at: string, site: SiteFormat): string {
  return formatLongDate(new Date(at), site);
}

/** "Saturday 5 December 2026, 8:30 pm": for sales closing times, where the hour matters. */
export function dateTime(at: string, site: SiteFormat): string {
  return `${formatLongDate(new Date(at), site)}, ${formatTime(new Date(at), site)}`;
}
