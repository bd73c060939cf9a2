// The catalogue a fresh shop starts with: an offer for every Australian game plus the en-GB ones, three price lists
// (`default` at the operator's base prices of games.md, `members` 5% below, `intro` 10% below for visitors of a
// `?p=intro` link), branding per game and tips.
import { getGame, type GameKey } from '@shop/lottery';
import type { Executor } from '../../db/index.ts';
import { createCatalogueRepository, type NewOfferRow } from './catalogue.repository.ts';
import type { StoredGameType } from './catalogue.service.ts';

export const PRICINGS = [
  { id: 'default', description: 'Base price list: the operator price of every game.', offeredByCode: false },
  { id: 'members', description: 'Member price list: 5% below the base price.', offeredByCode: false },
  {
    id: 'intro',
    description: 'Introductory price list of marketing links (?p=intro): 10% below the base price.',
    offeredByCode: true,
  },
] as const;
const MEMBER_DISCOUNT_PERCENT = 5;
const INTRO_DISCOUNT_PERCENT = 10;

const LOTTO_TYPES: StoredGameType[] = [
  { key: 'standard', name: 'Standard' },
  { key: 'random', name: 'QuickPick' },
  { key: 'reduced_system', name: 'Systems' },
];

interface OfferSeed {
  key: string;
  gameKey: GameKey;
  ranking: number;
  gameTypes: StoredGameType[];
  urlAliases?: { subvariant: string; url: string }[];
  regionOverrides?: { region: string; name: string | null; availability: 'available' | 'unavailable' | null }[];
  recurring?: boolean;
}

const OFFERS: OfferSeed[] = [
  {
    key: 'powerball',
    gameKey: 'powerball',
    ranking: 10,
    gameTypes: [...LOTTO_TYPES, { key: 'powerhit', name: 'PowerHit' }],
  },
  { key: 'oz-lotto', gameKey: 'oz-lotto', ranking: 20, gameTypes: LOTTO_TYPES },
  {
    key: 'saturday-lotto',
    gameKey: 'saturday-lotto',
    ranking: 30,
    gameTypes: LOTTO_TYPES,
    urlAliases: [
      { subvariant: 'qld', url: '/gold-lotto' },
      { subvariant: 'sa', url: '/x-lotto' },
      { subvariant: 'vic', url: '/tattslotto' },
    ],
    regionOverrides: [
      { region: 'QLD', name: 'Gold Lotto', availability: null },
      { region: 'SA', name: 'X Lotto', availability: null },
      { region: 'VIC', name: 'TattsLotto', availability: null },
      { region: 'TAS', name: 'TattsLotto', availability: null },
    ],
  },
  {
    key: 'set-for-life',
    gameKey: 'set-for-life',
    ranking: 40,
    gameTypes: [
      { key: 'standard', name: 'Standard' },
      { key: 'random', name: 'QuickPick' },
    ],
  },
  { key: 'weekday-windfall', gameKey: 'weekday-windfall', ranking: 50, gameTypes: LOTTO_TYPES },
  {
    key: 'lotto-strike',
    gameKey: 'lotto-strike',
    ranking: 60,
    gameTypes: [
      { key: 'strike_standard', name: 'Strike' },
      { key: 'strike_boxed', name: 'Box 24' },
      { key: 'random', name: 'QuickPick' },
    ],
  },
  {
    key: 'uk-lotto',
    gameKey: 'uk-lotto',
    ranking: 100,
    gameTypes: [
      { key: 'standard', name: 'Standard' },
      { key: 'random', name: 'Lucky Dip' },
    ],
    recurring: false,
  },
  {
    key: 'euromillions',
    gameKey: 'euromillions',
    ranking: 110,
    gameTypes: [
      { key: 'standard', name: 'Standard' },
      { key: 'random', name: 'Lucky Dip' },
    ],
    recurring: false,
  },
];

/**
 * Whether the seeded lottery offers sell autoplay (issue 15): the processor buys every draw, and the customer sees,
 * changes, pauses and cancels an autoplay at /my-account/autoplay. An offer with `recurring: false` never sells it.
 */
export const AUTOPLAY_ON_SALE = true;

export function offersSeed(): NewOfferRow[] {
  return OFFERS.map((o) => {
    const game = getGame(o.gameKey);
    const recurring = AUTOPLAY_ON_SALE && (o.recurring ?? true);
    return {
      key: o.key,
      type: 'lottery_ticket',
      name: game.name,
      url: `/${o.key}`,
      gameKey: o.gameKey,
      market: game.region,
      currency: game.currency,
      availability: 'available',
      displayCategory: 'lotto',
      suspended: false,
      ranking: o.ranking,
      gameTypes: o.gameTypes.filter((t) => t.key !== 'powerhit' || game.powerHit !== null),
      urlAliases: o.urlAliases ?? [],
      causes: [],
      recurringPurchase: recurring
        ? { type: 'autoplay', availability: 'optional' }
        : { type: 'none', availability: 'never' },
      recurringPurchaseInformation: recurring
        ? `Autoplay buys your ${game.name} entry for every draw until you stop it.`
        : null,
      regionOverrides: o.regionOverrides ?? [],
      restrictions: [],
    };
  });
}

export function pricesSeed() {
  return OFFERS.flatMap((o) => {
    const { games, cents } = getGame(o.gameKey).price;
    return [
      { pricingId: 'default', offerKey: o.key, blockGames: games, blockCents: cents },
      {
        pricingId: 'members',
        offerKey: o.key,
        blockGames: games,
        blockCents: Math.round((cents * (100 - MEMBER_DISCOUNT_PERCENT)) / 100),
      },
      {
        pricingId: 'intro',
        offerKey: o.key,
        blockGames: games,
        blockCents: Math.round((cents * (100 - INTRO_DISCOUNT_PERCENT)) / 100),
      },
    ];
  });
}

export const BRANDINGS = [
  {
    id: 'saturday-lotto',
    aliases: ['tattslotto', 'gold-lotto', 'x-lotto'],
    regionOverrides: [
      { region: 'QLD', brandingRegions: ['gold-lotto'] },
      { region: 'SA', brandingRegions: ['x-lotto'] },
      { region: 'VIC', brandingRegions: ['tattslotto'] },
      { region: 'TAS', brandingRegions: ['tattslotto'] },
    ],
    subvariant: null,
    url: '/saturday-lotto',
  },
  {
    id: 'powerball',
    aliases: ['powerpik'],
    regionOverrides: [{ region: 'WA', brandingRegions: ['powerpik'] }],
    subvariant: null,
    url: '/powerball',
  },
  { id: 'oz-lotto', aliases: [], regionOverrides: [], subvariant: null, url: '/oz-lotto' },
  { id: 'set-for-life', aliases: [], regionOverrides: [], subvariant: null, url: '/set-for-life' },
  {
    id: 'weekday-windfall',
    aliases: ['monday-lotto', 'wednesday-lotto'],
    regionOverrides: [],
    subvariant: null,
    url: '/weekday-windfall',
  },
  { id: 'lotto-strike', aliases: ['strike'], regionOverrides: [], subvariant: null, url: '/lotto-strike' },
];

export const TIPS = [
  {
    id: 'tip-systems',
    offerKey: null,
    title: 'Systems cover more combinations',
    text: 'A System entry plays every combination of the numbers you pick: System 8 of Oz Lotto is 8 games, System 10 is 120.',
    ranking: 10,
  },
  {
    id: 'tip-quickpick',
    offerKey: null,
    title: 'QuickPick is as good as any pick',
    text: 'Every combination has the same chance of being drawn; QuickPick chooses yours at random.',
    ranking: 20,
  },
  {
    id: 'tip-powerhit',
    offerKey: 'powerball',
    title: 'PowerHit covers every Powerball',
    text: 'A PowerHit entry plays your numbers with all 20 Powerballs, so the Powerball is always matched.',
    ranking: 30,
  },
  {
    id: 'tip-strike-box',
    offerKey: 'lotto-strike',
    title: 'Box 24 ignores the order',
    text: 'Box 24 plays all 24 orders of your four numbers, so they win in any order they are drawn.',
    ranking: 40,
  },
  {
    id: 'tip-budget',
    offerKey: null,
    title: 'Set a budget',
    text: 'Decide what you spend before you play and use the spend limits in your account. Help is available on 1800 858 858.',
    ranking: 50,
  },
];

/** Inserts the seed rows that are missing; answers how many it inserted. */
export async function seedCatalogue(db: Executor): Promise<number> {
  return createCatalogueRepository(db).insertMissing({
    pricings: [...PRICINGS],
    offers: offersSeed(),
    prices: pricesSeed(),
    brandings: BRANDINGS,
    tips: TIPS,
  });
}

/** Offers and prices another module seeds (the raffles' offers): inserted when missing; answers how many. */
export async function seedCatalogueRows(
  db: Executor,
  offers: NewOfferRow[],
  prices: Parameters<ReturnType<typeof createCatalogueRepository>['insertMissing']>[0]['prices'],
): Promise<number> {
  return createCatalogueRepository(db).insertMissing({ pricings: [], offers, prices, brandings: [], tips: [] });
}
