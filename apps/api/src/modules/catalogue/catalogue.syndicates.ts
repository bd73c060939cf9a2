// Syndicate product offers (features §3 Product offer type syndicate_share "size and tickets, each with
// numStandardGames"; Game offer costPerShare; §9 the syndicate tile of the product list). The catalogue does not own
// syndicates: it reads the ones on sale through a port (the syndicates module's onSale, wired in services.ts) and
// lists one syndicate_share offer per lottery that has one, beside that lottery's offer (ADR 095).
import { toCents, toMoney, type GameOffer, type OfferDraw, type ProductOffer, type Syndicate } from '@shop/contracts';

/** What the catalogue needs of a syndicate on sale (the syndicates module's Syndicate view satisfies it). */
export type SyndicateOnSale = Pick<
  Syndicate,
  | 'id'
  | 'name'
  | 'productOfferKey'
  | 'drawId'
  | 'drawNo'
  | 'drawDate'
  | 'stop'
  | 'jackpot'
  | 'size'
  | 'sharesLeft'
  | 'costPerShare'
  | 'numStandardGames'
  | 'status'
> & { tickets: Pick<Syndicate['tickets'][number], 'name' | 'gameType' | 'numStandardGames'>[] };

/** The key of a lottery's syndicate offer: beside the lottery's own key, never equal to it. */
export const syndicateOfferKey = (lotteryKey: string) => `${lotteryKey}-syndicate`;
/** The syndicate play screen of a lottery (core §2 game-type suffix `syndicate`): /:productOfferKey/syndicate. */
const syndicateUrl = (lotteryUrl: string) => `${lotteryUrl.replace(/\/+$/, '')}/syndicate`;

function syndicateDraw(lottery: ProductOffer, s: SyndicateOnSale): OfferDraw {
  const sameDraw = lottery.draws.find((d) => d.drawId === s.drawId);
  return {
    drawId: s.drawId,
    drawNo: s.drawNo,
    stop: s.stop,
    prizePool: s.jackpot,
    prizePoolSuffix: sameDraw?.prizePoolSuffix ?? null,
    isPrizePoolUnknown: s.jackpot === null,
    purchaseStatus: 'standard',
    drawData: {
      drawNumber: s.drawNo,
      drawStop: s.stop,
      drawDate: s.drawDate,
      featureImage: null,
      name: `${s.name} draw ${s.drawNo}`,
      value: s.jackpot,
      drawPreOrderStartDate: null,
    },
  };
}

/** The syndicate game type's one game offer: a share, priced per number of shares up to the shares left. */
function shareOffer(lottery: ProductOffer, s: SyndicateOnSale): GameOffer {
  const perShare = toCents(s.costPerShare.amount);
  const currency = s.costPerShare.currency;
  return {
    key: 'syndicate',
    name: `${s.size}-share syndicate`,
    minGames: 1,
    maxGames: s.sharesLeft,
    defaultGames: 1,
    gamesPerLine: s.numStandardGames,
    numberSets: lottery.gameTypes[0]?.gameOffers[0]?.numberSets ?? [],
    pricePerLine: s.costPerShare,
    prices: Array.from({ length: s.sharesLeft }, (_, i) => ({
      games: i + 1,
      numGames: i + 1,
      price: toMoney(perShare * (i + 1), currency),
    })),
    priceCurrency: currency,
    defaultEntryCount: 1,
    costPerShare: s.costPerShare,
  };
}

/**
 * One syndicate_share offer per lottery offer with a syndicate that still has shares: its draws are the draws of
 * those syndicates (soonest first); size, shares left, cost per share and tickets are the soonest syndicate's (the
 * one the play screen opens on). Sold-out syndicates are not listed. The offer follows its lottery's name per
 * region, suspension, ranking and restrictions; recurring purchase is not sold (syndicate autoplay is refused).
 */
export function syndicateOffersOf(
  lotteries: readonly ProductOffer[],
  onSale: readonly SyndicateOnSale[],
): ProductOffer[] {
  const open = onSale
    .filter((s) => s.status === 'open' && s.sharesLeft > 0)
    .sort((a, b) => Date.parse(a.stop) - Date.parse(b.stop) || a.id.localeCompare(b.id));
  return lotteries.flatMap((lottery): ProductOffer[] => {
    if (lottery.type !== 'lottery_ticket') return [];
    const mine = open.filter((s) => s.productOfferKey === lottery.key);
    const first = mine[0];
    if (!first) return [];
    return [
      {
        key: syndicateOfferKey(lottery.key),
        type: 'syndicate_share',
        name: first.name,
        url: syndicateUrl(lottery.url),
        urlAliases: lottery.urlAliases.map((a) => ({ subvariant: a.subvariant, url: syndicateUrl(a.url) })),
        availability: 'available',
        currency: lottery.currency,
        gameKey: lottery.gameKey,
        draws: mine.map((s) => syndicateDraw(lottery, s)),
        displayCategory: 'syndicates',
        suspended: lottery.suspended,
        gameTypes: [{ key: 'syndicate', name: 'Syndicate', gameOffers: [shareOffer(lottery, first)] }],
        causes: [],
        recurringPurchase: { type: 'none', availability: 'never' },
        recurringPurchaseInformation: null,
        // Where the lottery is not sold, neither is its syndicate; a state's name for the lottery is not the syndicate's.
        regionOverrides: lottery.regionOverrides.map((r) => ({ ...r, name: null })),
        ranking: lottery.ranking,
        restrictions: lottery.restrictions,
        size: first.size,
        sharesLeft: first.sharesLeft,
        tickets: first.tickets.map((t) => ({
          name: t.name,
          gameType: t.gameType,
          numStandardGames: t.numStandardGames,
        })),
      },
    ];
  });
}
