// How raffles, their draws, prizes, winners and causes read on the wire, and the look-ups the raffle services
// share (404s for unknown offers and draws, the derivation inputs of a draw's prizes).
import {
  toMoney,
  type Cause,
  type CurrencyCode,
  type Raffle,
  type RaffleDraw,
  type RaffleWinner,
} from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { isSubDraw, type DrawPrizeInput } from './raffles.draw.ts';
import {
  createRafflesRepository,
  type CauseRow,
  type PrizeRow,
  type RaffleDrawRow,
  type RaffleOfferRow,
  type WinnerRow,
} from './raffles.repository.ts';
import { rafflePurchaseStatus } from './raffles.rules.ts';

export function raffleViews(deps: { clock: Clock }) {
  const { clock } = deps;
  const repo = createRafflesRepository();
  const money = (cents: number, currency: string) => toMoney(cents, currency as CurrencyCode);

  function prizeView(p: PrizeRow, currency: string) {
    return {
      rank: p.rank,
      kind: p.kind as 'first',
      name: p.name,
      description: p.description,
      cash: p.cashCents === null ? null : money(p.cashCents, currency),
      value:
        p.valueCents === null
          ? p.cashCents === null
            ? null
            : money(p.cashCents, currency)
          : money(p.valueCents, currency),
      closesAt: p.closesAt?.toISOString() ?? null,
    };
  }

  function winnerView(w: WinnerRow, p: PrizeRow, currency: string): RaffleWinner {
    return {
      rank: p.rank,
      prizeName: p.name,
      kind: p.kind as 'first',
      ticketNumber: w.ticketNumber,
      name: w.displayName,
      locality: w.locality,
      cash: p.cashCents === null ? null : money(p.cashCents, currency),
    };
  }

  const isDrawn = (d: RaffleDrawRow) => d.status === 'drawn' || d.status === 'paid';

  async function drawViews(ex: Executor, offer: RaffleOfferRow, draws: RaffleDrawRow[]): Promise<RaffleDraw[]> {
    const ids = draws.map((d) => d.id);
    const [prizes, winners] = await Promise.all([
      repo.prizesOf(ex, ids),
      repo.winnersOf(
        ex,
        ids.filter((_, i) => isDrawn(draws[i]!)),
      ),
    ]);
    const now = clock.now();
    return draws.map((d) => ({
      id: d.publicId,
      productOfferKey: d.offerKey,
      drawNo: d.drawNo,
      name: `${offer.name} draw ${d.drawNo}`,
      status: d.status as RaffleDraw['status'],
      purchaseStatus: rafflePurchaseStatus(d, now),
      preOrderFrom: d.preOrderFrom?.toISOString() ?? null,
      salesOpenAt: d.salesOpenAt.toISOString(),
      stopDate: d.stopAt.toISOString(),
      drawDate: d.drawAt.toISOString(),
      cap: d.cap,
      sold: d.sold,
      remaining: d.cap - d.sold,
      commitment: d.commitment,
      // The seed is the secret that makes the draw unpredictable: it leaves the database only once drawn.
      seed: isDrawn(d) ? d.seed : null,
      soldListHash: d.soldListHash,
      prizes: prizes.filter((p) => p.drawId === d.id).map((p) => prizeView(p, offer.currency)),
      winners: winners
        .filter((w) => w.winner.drawId === d.id)
        .map((w) => winnerView(w.winner, w.prize, offer.currency)),
    }));
  }

  async function causeViews(ex: Executor, rows: CauseRow[]): Promise<Cause[]> {
    const raised = await repo.raisedBySlugs(
      ex,
      rows.map((c) => c.slug),
    );
    return rows.map((c) => ({
      id: c.publicId,
      slug: c.slug,
      name: c.name,
      category: c.category,
      description: c.description,
      logo: c.logo,
      website: c.website,
      amountRaised: money(raised.get(c.slug) ?? 0, 'AUD'),
    }));
  }

  async function raffleView(ex: Executor, offer: RaffleOfferRow): Promise<Raffle> {
    const [draws, causes] = await Promise.all([
      repo.drawsOf(ex, offer.offerKey),
      repo.causesBySlugs(ex, offer.causeSlugs),
    ]);
    const current = draws.filter((d) => !isDrawn(d) && d.status !== 'closed');
    const bundles = [...offer.bundles].sort((a, b) => a.tickets - b.tickets);
    const bySlug = new Map(causes.map((c) => [c.slug, c]));
    return {
      productOfferKey: offer.offerKey,
      name: offer.name,
      description: offer.description,
      url: `/${offer.offerKey}`,
      currency: offer.currency as CurrencyCode,
      causes: offer.causeSlugs
        .map((s) => bySlug.get(s))
        .filter((c): c is CauseRow => c !== undefined)
        .map((c) => ({ id: c.publicId, slug: c.slug, name: c.name, category: c.category, logo: c.logo })),
      permits: offer.permits as Raffle['permits'],
      excludedRegions: offer.excludedRegions as Raffle['excludedRegions'],
      ticketPrice: money(offer.ticketPriceCents, offer.currency),
      bundles: bundles.map((b) => ({ tickets: b.tickets, price: money(b.priceCents, offer.currency) })),
      defaultEntryCount: offer.defaultEntryCount ?? bundles[0]?.tickets ?? 1,
      draws: await drawViews(ex, offer, current),
      pastDrawNos: draws
        .filter((d) => d.status === 'closed' || isDrawn(d))
        .map((d) => d.drawNo)
        .reverse(),
    };
  }

  async function offerOr404(ex: Executor, key: string): Promise<RaffleOfferRow> {
    const offer = await repo.offer(ex, key);
    if (!offer) throw notFound(`There is no raffle "${key}".`, 'unknown_offer');
    return offer;
  }
  async function drawOr404(ex: Executor, offer: RaffleOfferRow, drawNo: number): Promise<RaffleDrawRow> {
    const draw = await repo.drawByNumber(ex, offer.offerKey, drawNo);
    if (!draw) throw notFound(`${offer.name} has no draw ${drawNo}.`, 'unknown_draw');
    return draw;
  }

  /** Sub-draw cutoffs: recorded at the sub-draw's close; a draw made before the clock recorded one uses its sold count. */
  function prizeInputs(prizes: PrizeRow[], draw: RaffleDrawRow): DrawPrizeInput[] {
    return prizes.map((p) => ({
      rank: p.rank,
      kind: p.kind as DrawPrizeInput['kind'],
      eligibleUpTo: isSubDraw(p.kind as DrawPrizeInput['kind'])
        ? (p.cutoffTicket ?? (p.closesAt ? draw.sold : null))
        : null,
    }));
  }
  return {
    repo,
    money,
    prizeView,
    winnerView,
    isDrawn,
    drawViews,
    causeViews,
    raffleView,
    offerOr404,
    drawOr404,
    prizeInputs,
  };
}
export type RaffleViews = ReturnType<typeof raffleViews>;
