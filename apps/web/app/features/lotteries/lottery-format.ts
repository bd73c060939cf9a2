// What the lottery screens need from the site settings, and the labels built from them.
import { drawDateLabel, drawDayLabel, drawTimeLabel, jackpotText } from '@shop/lottery';
import { formatCents, type SiteFormat } from '../../lib/format.ts';
import type { DrawView } from './lotteries.wire.ts';

export { useSiteFormat } from '../../lib/shell.ts';

export function drawJackpotText(
  draw: Pick<DrawView, 'prizePoolCents' | 'currency' | 'isPrizePoolUnknown' | 'prizePoolSuffix'>,
  site: SiteFormat,
): string {
  return jackpotText(
    {
      amountCents: draw.prizePoolCents,
      currency: draw.currency,
      isPrizePoolUnknown: draw.isPrizePoolUnknown,
      prizePoolSuffix: draw.prizePoolSuffix,
    },
    site.locale,
  );
}

/** "Tonight, 8:30 pm" / "This Saturday, 8:30 pm" / "Saturday 5 December 2026, 8:30 pm" (features §9). */
export function drawWhenLabel(at: string, now: string, site: SiteFormat): string {
  const when = new Date(at);
  return `${drawDayLabel(when, new Date(now), site.timeZone, site.locale)}, ${drawTimeLabel(when, site.timeZone, site.locale)}`;
}

export function longDate(at: string, site: SiteFormat): string {
  return drawDateLabel(new Date(at), site.timeZone, site.locale);
}

export function price(cents: number, currency: SiteFormat['currency'], site: SiteFormat): string {
  return formatCents(cents, currency, site.locale);
}
