// Demo raffles: three charity raffles with their causes, permits per state (one state excluded on one raffle),
// bundles, a small supply so "tickets remaining" shows, an early-bird prize, a draw taking pre-orders, and a past
// draw already drawn (seed published, winners recorded) so the winners and results pages have data.
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { deriveWinners, soldListHash } from './raffles.draw.ts';
import { createRafflesRepository } from './raffles.repository.ts';
import type { NextDrawTemplate } from './raffles.schema.ts';
import type { RaffleDrawsService } from './raffles.lifecycle.ts';
import type { RaffleSupplyService } from './raffles.supply.ts';
import { maskName } from './raffles.rules.ts';

const DAY = 86_400_000;

const CAUSES = [
  {
    publicId: 'cau_childrenshospital01',
    slug: 'childrens-hospital-foundation',
    name: "Children's Hospital Foundation",
    category: 'health',
    description: 'Research, equipment and family support for sick kids across Queensland.',
    logo: null,
    website: 'https://www.childrens.org.au',
  },
  {
    publicId: 'cau_surflifesaving0001',
    slug: 'surf-life-saving',
    name: 'Surf Life Saving Clubs',
    category: 'community',
    description:
      'Volunteer lifesavers patrolling Australian beaches every weekend of summer: boards, rescue boats and training.',
    logo: null,
    website: 'https://sls.com.au',
  },
  {
    publicId: 'cau_animalrescue00001',
    slug: 'animal-rescue',
    name: 'Animal Rescue Network',
    category: 'animals',
    description: 'Shelters that rescue, treat and rehome dogs and cats.',
    logo: null,
    website: null,
  },
  {
    publicId: 'cau_wildliferescue0001',
    slug: 'wildlife-rescue',
    name: 'Wildlife Rescue Volunteers',
    category: 'animals',
    description: 'Carers who rescue and rehabilitate injured koalas, kangaroos and birds.',
    logo: null,
    website: null,
  },
];

export const RAFFLE_SEED = {
  prizeHome: 'hospital-prize-home',
  surfCar: 'surf-rescue-car-raffle',
  animalCash: 'animal-rescue-cash-raffle',
  /** Seed of the past drawn draw (published): anyone can check its winners. */
  pastSeed: '5ea1f00d5ea1f00d5ea1f00d5ea1f00d5ea1f00d5ea1f00d5ea1f00d5ea1f00d',
} as const;

const SURF_TEMPLATE: NextDrawTemplate = {
  cap: 500,
  salesDays: 28,
  drawHoursAfterStop: 2,
  prizes: [
    {
      kind: 'first',
      name: 'Toyota HiLux SR5 4x4',
      description: 'A new HiLux SR5 dual cab, on-road costs paid.',
      cashCents: null,
      valueCents: 6_500_000,
    },
    {
      kind: 'secondary',
      name: '$1,000 surf shop voucher',
      description: 'Spend it at any participating surf shop.',
      cashCents: null,
      valueCents: 100_000,
    },
  ],
};

export const RAFFLE_OFFERS = [
  {
    offerKey: RAFFLE_SEED.prizeHome,
    name: "Children's Hospital Prize Home",
    description:
      'Win a fully furnished Gold Coast home and help sick kids. Every ticket funds research and family support.',
    currency: 'AUD',
    causeSlugs: ['childrens-hospital-foundation'],
    permits: [
      { region: 'QLD', permitNumber: 'QLD Lottery Licence CI-2025/1184' },
      { region: 'NSW', permitNumber: 'NSW Permit GL003127' },
      { region: 'VIC', permitNumber: 'VIC Permit 10482/25' },
      { region: 'ACT', permitNumber: 'ACT Permit R25/00317' },
      { region: 'SA', permitNumber: 'SA Licence M14220' },
      { region: 'TAS', permitNumber: 'TAS Permit 25/118' },
      { region: 'NT', permitNumber: 'NT Permit 2025-0442' },
      { region: 'WA', permitNumber: 'WA Permit GPR/25/0091' },
    ],
    excludedRegions: [] as string[],
    ticketPriceCents: 5_000,
    bundles: [
      { tickets: 1, priceCents: 5_000 },
      { tickets: 3, priceCents: 12_500 },
      { tickets: 10, priceCents: 35_000 },
    ],
    defaultEntryCount: 3,
    recurrenceDays: null,
    nextDrawTemplate: null,
  },
  {
    offerKey: RAFFLE_SEED.surfCar,
    name: 'Surf Rescue Car Raffle',
    description: 'Win a HiLux and keep our beaches patrolled. A small raffle: only 500 tickets per draw.',
    currency: 'AUD',
    causeSlugs: ['surf-life-saving'],
    permits: [
      { region: 'NSW', permitNumber: 'NSW Permit GL004410' },
      { region: 'QLD', permitNumber: 'QLD Licence CI-2025/2210' },
      { region: 'VIC', permitNumber: 'VIC Permit 11213/25' },
      { region: 'ACT', permitNumber: 'ACT Permit R25/00402' },
      { region: 'SA', permitNumber: 'SA Licence M14388' },
      { region: 'TAS', permitNumber: 'TAS Permit 25/131' },
      { region: 'NT', permitNumber: 'NT Permit 2025-0513' },
      { region: 'WA', permitNumber: 'WA Permit GPR/25/0140' },
    ],
    excludedRegions: [] as string[],
    ticketPriceCents: 1_000,
    bundles: [
      { tickets: 1, priceCents: 1_000 },
      { tickets: 5, priceCents: 4_500 },
      { tickets: 10, priceCents: 8_000 },
    ],
    defaultEntryCount: null,
    recurrenceDays: 28,
    nextDrawTemplate: SURF_TEMPLATE,
  },
  {
    offerKey: RAFFLE_SEED.animalCash,
    name: 'Animal Rescue Cash Raffle',
    description: 'Win $100,000 cash, paid straight into your account, for the animal rescue cause of your choice.',
    currency: 'AUD',
    causeSlugs: ['animal-rescue', 'wildlife-rescue'],
    permits: [
      { region: 'NSW', permitNumber: 'NSW Permit GL004587' },
      { region: 'VIC', permitNumber: 'VIC Permit 11390/25' },
      { region: 'QLD', permitNumber: 'QLD Licence CI-2025/2391' },
      { region: 'ACT', permitNumber: 'ACT Permit R25/00455' },
      { region: 'SA', permitNumber: 'SA Licence M14502' },
      { region: 'TAS', permitNumber: 'TAS Permit 25/140' },
      { region: 'NT', permitNumber: 'NT Permit 2025-0560' },
    ],
    // Not permitted in Western Australia.
    excludedRegions: ['WA'],
    ticketPriceCents: 500,
    bundles: [
      { tickets: 2, priceCents: 1_000 },
      { tickets: 6, priceCents: 2_500 },
      { tickets: 15, priceCents: 5_000 },
    ],
    defaultEntryCount: null,
    recurrenceDays: null,
    nextDrawTemplate: null,
  },
];

/** Catalogue rows for the raffle offers (the seed inserts them with the catalogue's tables). */
export function raffleCatalogueOffers() {
  return RAFFLE_OFFERS.map((o, i) => ({
    key: o.offerKey,
    type: 'raffle_ticket',
    name: o.name,
    url: `/${o.offerKey}`,
    gameKey: null,
    market: 'AU',
    currency: o.currency,
    availability: 'available',
    displayCategory: 'raffles',
    suspended: false,
    ranking: 200 + i * 10,
    gameTypes: [{ key: 'standard', name: 'Tickets' }],
    urlAliases: [],
    causes: o.causeSlugs.map((slug) => ({
      key: slug,
      name: CAUSES.find((c) => c.slug === slug)!.name,
      url: `/causes/${slug}`,
    })),
    // Charity raffles sell subscriptions: the same entry, for the same cause, once every period (docs/recurring.md).
    recurringPurchase: { type: 'subscription', availability: 'optional' },
    recurringPurchaseInformation:
      'Subscribe to buy the same entry for your cause every week, month, quarter, half year or year.',
    regionOverrides: o.excludedRegions.map((region) => ({ region, name: null, availability: 'unavailable' })),
    restrictions: o.excludedRegions.length
      ? [
          {
            kind: 'licensing',
            regions: o.excludedRegions,
            message: `This raffle can't be sold in ${o.excludedRegions.join(', ')}`,
          },
        ]
      : [],
  }));
}
export function raffleCataloguePrices(pricingIds: readonly string[]) {
  return pricingIds.flatMap((pricingId) =>
    RAFFLE_OFFERS.map((o) => ({ pricingId, offerKey: o.offerKey, blockGames: 1, blockCents: o.ticketPriceCents })),
  );
}

const PAST_BUYERS = [
  { customerId: 'cus_seedbuyerJaneSmith01', first: 'Jane', last: 'Smith', state: 'NSW', tickets: 12 },
  { customerId: 'cus_seedbuyerTomNguyen01', first: 'Tom', last: 'Nguyen', state: 'QLD', tickets: 8 },
  { customerId: 'cus_seedbuyerAishaKhan001', first: 'Aisha', last: 'Khan', state: 'VIC', tickets: 15 },
  { customerId: 'cus_seedbuyerLiamOBrien01', first: 'Liam', last: "O'Brien", state: 'SA', tickets: 5 },
];

/** Inserts the demo raffles when missing (idempotent: nothing happens once the offers exist). */
/** What the raffle seed writes through: the raffle lifecycle (draws) and supply (the past draw's tickets). */
export interface RaffleSeedDeps {
  db: Db;
  clock: Clock;
  raffles: Pick<RaffleDrawsService, 'createDraw' | 'drawInputs'>;
  supply: Pick<RaffleSupplyService, 'allocate' | 'priceOf'>;
}

export async function seedRaffles(deps: RaffleSeedDeps): Promise<number> {
  const repo = createRafflesRepository();
  const { raffles } = deps;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const causes = await repo.insertCauses(tx, CAUSES);
    const offers = await repo.insertOffers(tx, RAFFLE_OFFERS);
    if (offers.length === 0) return causes.length;
    const t = now.getTime();
    const inserted = new Set(offers.map((o) => o.key));

    if (inserted.has(RAFFLE_SEED.prizeHome)) {
      const stopAt = new Date(t + 45 * DAY);
      await raffles.createDraw(tx, {
        offerKey: RAFFLE_SEED.prizeHome,
        salesOpenAt: new Date(t - 10 * DAY),
        stopAt,
        drawAt: new Date(stopAt.getTime() + 3 * DAY),
        cap: 300_000,
        prizes: [
          {
            kind: 'first',
            name: 'Gold Coast prize home',
            description: 'A four-bedroom furnished home at Hope Island, stamp duty paid.',
            cashCents: null,
            valueCents: 210_000_000,
          },
          {
            kind: 'secondary',
            name: '$50,000 cash',
            description: 'Paid into your account.',
            cashCents: 5_000_000,
            valueCents: null,
          },
          {
            kind: 'early_bird',
            name: '$100,000 early-bird cash',
            description: 'Buy before the early-bird close to take part.',
            cashCents: 10_000_000,
            valueCents: null,
            closesAt: new Date(t + 14 * DAY),
          },
        ],
      });
    }
    if (inserted.has(RAFFLE_SEED.surfCar)) {
      // A past draw, drawn with a published seed, so /winners and the raffle results have data.
      const pastStop = new Date(t - 6 * DAY);
      const past = await raffles.createDraw(tx, {
        offerKey: RAFFLE_SEED.surfCar,
        drawNo: 1,
        salesOpenAt: new Date(t - 34 * DAY),
        stopAt: pastStop,
        drawAt: new Date(pastStop.getTime() + 2 * 3_600_000),
        cap: 500,
        seed: RAFFLE_SEED.pastSeed,
        prizes: SURF_TEMPLATE.prizes,
      });
      for (const b of PAST_BUYERS) {
        await deps.supply.allocate(tx, {
          drawId: past.id,
          customerId: b.customerId,
          numTickets: b.tickets,
          amountCents: deps.supply.priceOf(RAFFLE_OFFERS[1]!, b.tickets),
          currency: 'AUD',
          causeSlug: 'surf-life-saving',
          orderId: null,
          checkoutId: null,
          postal: false,
          region: b.state,
        });
      }
      await raffles.createDraw(tx, {
        offerKey: RAFFLE_SEED.surfCar,
        drawNo: 2,
        salesOpenAt: pastStop,
        stopAt: new Date(pastStop.getTime() + 28 * DAY),
        drawAt: new Date(pastStop.getTime() + 28 * DAY + 2 * 3_600_000),
        cap: 500,
        prizes: SURF_TEMPLATE.prizes,
      });
      await closeAndDrawSeeded(tx, raffles, past.id, PAST_BUYERS);
    }
    if (inserted.has(RAFFLE_SEED.animalCash)) {
      const salesOpenAt = new Date(t + 7 * DAY);
      const stopAt = new Date(salesOpenAt.getTime() + 30 * DAY);
      await raffles.createDraw(tx, {
        offerKey: RAFFLE_SEED.animalCash,
        preOrderFrom: new Date(t - DAY),
        salesOpenAt,
        stopAt,
        drawAt: new Date(stopAt.getTime() + DAY),
        cap: 50_000,
        prizes: [
          {
            kind: 'first',
            name: '$100,000 cash',
            description: 'Paid into your account.',
            cashCents: 10_000_000,
            valueCents: null,
          },
          {
            kind: 'secondary',
            name: '$10,000 cash',
            description: 'Paid into your account.',
            cashCents: 1_000_000,
            valueCents: null,
          },
          {
            kind: 'secondary',
            name: '$5,000 cash',
            description: 'Paid into your account.',
            cashCents: 500_000,
            valueCents: null,
          },
        ],
      });
    }
    return causes.length + offers.length;
  });
}

/** The past seed draw: closed and drawn like the real workflow does; its prizes are not cash, so no wallet moves. */
async function closeAndDrawSeeded(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  raffles: Pick<RaffleDrawsService, 'drawInputs'>,
  drawId: number,
  buyers: typeof PAST_BUYERS,
) {
  const repo = createRafflesRepository();
  const draw = (await repo.lockDraw(tx, drawId, 'update'))!;
  const numbers = await repo.ticketNumbers(tx, draw.id);
  await repo.setStatus(tx, draw.id, ['open', 'sold_out'], 'closed', {
    soldListHash: soldListHash(numbers),
    closedAt: draw.stopAt,
  });
  const closed = (await repo.lockDraw(tx, drawId, 'update'))!;
  const { prizes, inputs } = await raffles.drawInputs(tx, closed);
  const owners = new Map((await repo.ticketOwners(tx, draw.id, numbers)).map((o) => [o.n, o]));
  for (const w of deriveWinners(closed.seed, closed.publicId, numbers, inputs)) {
    const owner = owners.get(w.ticketNumber)!;
    const buyer = buyers.find((b) => b.customerId === owner.customerId)!;
    const prize = prizes.find((p) => p.rank === w.rank)!;
    await repo.insertWinner(tx, {
      drawId: draw.id,
      prizeId: prize.id,
      series: w.series,
      ticketNumber: w.ticketNumber,
      customerId: owner.customerId,
      status: 'to_fulfil',
      displayName: maskName(buyer.first, buyer.last),
      locality: buyer.state,
      createdAt: closed.drawAt,
    });
  }
  await repo.setStatus(tx, draw.id, ['closed'], 'paid', { drawnAt: closed.drawAt });
}
