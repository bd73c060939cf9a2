// Giveaways as the wire shows them: the draw card of features §3, with its prizes and how many entries take part.
import { toMoney, type CurrencyCode, type DrawCard, type GiveawayType, type MembershipTier } from '@shop/contracts';
import { GIVEAWAY_IMAGES } from './membership.content.ts';
import type { GiveawayRow, PrizeRow } from './membership.repository.ts';
import { drawStatusOf } from './membership.rules.ts';

export const giveawayPath = (type: string, drawNumber: number) => `/daily-winners/giveaways/${type}/${drawNumber}`;

function pillOf(g: GiveawayRow): string | null {
  if (g.status === 'paid') return 'Drawn';
  if (g.status !== 'open') return 'Closed';
  if (g.type === 'preview') return 'Coming soon';
  if (!g.availability.includes('free')) return 'Premium only';
  if (g.type === 'daily') return 'Today';
  if (g.type === 'monthly') return 'This month';
  return g.type === 'major' ? 'Major' : 'Special';
}

export function drawCardOf(g: GiveawayRow, prizes: PrizeRow[], entriesCount: number, currency: CurrencyCode): DrawCard {
  const image = {
    url: `/images/daily-winners/${g.type}.svg`,
    contentDescription: GIVEAWAY_IMAGES[g.type] ?? 'A gift',
  };
  return {
    title: g.title,
    description: g.description,
    pill: pillOf(g),
    type: g.type as GiveawayType,
    number: g.drawNumber,
    externalId: g.publicId,
    openTime: g.opensAt.toISOString(),
    closeTime: g.closesAt.toISOString(),
    status: drawStatusOf(g.status),
    permits: g.permits as DrawCard['permits'],
    availability: g.availability as MembershipTier[],
    verificationRequired: g.requiresVerified,
    details: { title: 'See the giveaway', transferToken: null, url: giveawayPath(g.type, g.drawNumber) },
    mobileImage: image,
    desktopImage: image,
    lockedContent: g.type === 'preview' ? { title: 'Coming soon', images: [image] } : null,
    prizes: prizes
      .filter((p) => p.giveawayId === g.id)
      .map((p) => ({
        rank: p.rank,
        kind: p.kind as DrawCard['prizes'][number]['kind'],
        name: p.name,
        description: p.description,
        value: toMoney(p.valueCents, currency),
      })),
    entriesCount,
  };
}
