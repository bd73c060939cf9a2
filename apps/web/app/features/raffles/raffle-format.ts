// Words and numbers of the raffle screens: prices of bundles (features §9 default entry), odds, supply, purchase status
// (features §4) and the paths of a raffle's screens (core §2 raffle offer routes and offer links).
import { moneyToCents, type Raffle, type RaffleDraw } from '@shop/contracts';
import { formatCents, type SiteFormat } from '../../lib/format.ts';

export interface BundleOption {
  tickets: number;
  priceCents: number;
  /** The bundle's saving against single tickets, in cents (0 when none). */
  savingCents: number;
}

/** The bundles offered, smallest first, with the saving against single tickets. */
export function bundleOptions(raffle: Pick<Raffle, 'bundles' | 'ticketPrice'>): BundleOption[] {
  const single = moneyToCents(raffle.ticketPrice);
  return [...raffle.bundles]
    .map((b) => {
      const priceCents = moneyToCents(b.price);
      return { tickets: b.tickets, priceCents, savingCents: Math.max(0, b.tickets * single - priceCents) };
    })
    .sort((a, b) => a.tickets - b.tickets);
}

/**
 * Features §9: "Default cost of a raffle entry is the first price's games unless defaultEntryCount is set." The API
 * gives the resolved count; when it is not one of the bundles the first bundle is the default.
 */
export function defaultEntry(raffle: Pick<Raffle, 'bundles' | 'ticketPrice' | 'defaultEntryCount'>): number {
  const options = bundleOptions(raffle);
  if (
    raffle.defaultEntryCount > 0 &&
    (options.length === 0 || options.some((o) => o.tickets === raffle.defaultEntryCount))
  )
    return raffle.defaultEntryCount;
  return raffle.bundles[0]?.tickets ?? 1;
}

/** Price of n tickets: the bundle's price when n is a bundle size, else n single tickets. */
export function priceOfTickets(raffle: Pick<Raffle, 'bundles' | 'ticketPrice'>, tickets: number): number {
  const bundle = raffle.bundles.find((b) => b.tickets === tickets);
  return bundle ? moneyToCents(bundle.price) : tickets * moneyToCents(raffle.ticketPrice);
}

/** The lowest price a visitor can pay to enter: one ticket, or the smallest bundle when cheaper. */
export function priceFromCents(raffle: Pick<Raffle, 'bundles' | 'ticketPrice'>): number {
  const single = moneyToCents(raffle.ticketPrice);
  return Math.min(single, ...raffle.bundles.map((b) => moneyToCents(b.price)));
}

export function money(cents: number, currency: SiteFormat['currency'], site: SiteFormat): string {
  return formatCents(cents, currency, site.locale);
}

export function count(n: number, site: SiteFormat): string {
  return n.toLocaleString(site.locale);
}

/**
 * Odds of the first prize for one ticket. Honest wording: the odds depend on how many tickets are sold, so the text
 * says so and gives today's figure and the figure if every ticket sells.
 */
export function oddsText(draw: Pick<RaffleDraw, 'sold' | 'cap'>, site: SiteFormat): string {
  const worst = `1 in ${count(draw.cap, site)} if every ticket sells`;
  if (draw.sold <= 0) return `Odds depend on tickets sold: ${worst}.`;
  return `Odds depend on tickets sold: currently 1 in ${count(draw.sold, site)}; ${worst}.`;
}

export function remainingText(draw: Pick<RaffleDraw, 'remaining' | 'cap'>, site: SiteFormat): string {
  if (draw.remaining <= 0) return 'Sold out';
  return `${count(draw.remaining, site)} of ${count(draw.cap, site)} tickets left`;
}

/** The draw on sale now, or taking pre-orders; else the next one listed. */
export function currentDraw(raffle: Pick<Raffle, 'draws'>): RaffleDraw | null {
  return (
    raffle.draws.find((d) => d.purchaseStatus === 'open') ??
    raffle.draws.find((d) => d.purchaseStatus === 'pre_order') ??
    raffle.draws[0] ??
    null
  );
}

/** Whether the draw takes an order now: open for sale, or a pre-order (charged when sales open). */
export function canOrder(draw: Pick<RaffleDraw, 'purchaseStatus'>): boolean {
  return draw.purchaseStatus === 'open' || draw.purchaseStatus === 'pre_order';
}

export function isDrawn(draw: Pick<RaffleDraw, 'status'>): boolean {
  return draw.status === 'drawn' || draw.status === 'paid';
}

// ---- paths (core §2 product offer routes) ----

export type RaffleRef = { slug: string };

export function rafflePath(r: RaffleRef): string {
  return `/${r.slug}`;
}

export function drawPath(r: RaffleRef, drawNo: number): string {
  return `/${r.slug}/draw/${drawNo}`;
}

export function buyPath(r: RaffleRef, drawNo: number, search = ''): string {
  return `/${r.slug}/draw/${drawNo}/buy${search}`;
}

export function verifyPath(r: RaffleRef, drawNo: number): string {
  return `/${r.slug}/draw/${drawNo}/verify`;
}

export function winnersPath(r: RaffleRef): string {
  return `/${r.slug}/winners`;
}

export function supportPath(r: RaffleRef): string {
  return `/${r.slug}/your-support`;
}

export function prizeDetailsPath(r: RaffleRef, drawNo?: number): string {
  return drawNo == null ? `/prize-details/${r.slug}` : `/prize-details/${r.slug}/${drawNo}`;
}

export function causePath(slug: string): string {
  return `/causes/${slug}`;
}

const CATEGORY_LABELS: Record<string, string> = {
  health: 'Health',
  community: 'Community',
  animals: 'Animals',
  environment: 'Environment',
  education: 'Education',
  sport: 'Sport',
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category.replace(/[_-]/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}
