// The demo Lotto Party of `npm start` (docs/lotto-party.md): a promoted group with an open session for the next Oz
// Lotto draw and autosession on, so discover and the storefront show one. Written once (the name is taken after).
import { AppError } from '../../lib/errors.ts';
import type { GroupsService } from './lotto-party.groups.ts';
import type { SessionsService } from './lotto-party.sessions.ts';

export const DEMO_PARTY = { organiserId: 'cus_lotto_party_demo', groupName: 'Lucky Koala Office Party' } as const;

export async function seedLottoParty(s: { groups: GroupsService; sessions: SessionsService }): Promise<number> {
  let group;
  try {
    group = await s.groups.create(DEMO_PARTY.organiserId, {
      groupName: DEMO_PARTY.groupName,
      publicityStatus: 'promoted',
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'duplicate_group_name') return 0;
    throw error;
  }
  const config = await s.sessions.config('default');
  const oz = config.offers.find((o) => o.productOfferKey === 'oz-lotto') ?? config.offers[0];
  const gameOffer = oz?.gameOffers[0];
  const price = gameOffer?.prices.find((p) => p.shares.some((x) => x.numShares === 10)) ?? gameOffer?.prices[0];
  const share = price?.shares.find((x) => x.numShares === 10) ?? price?.shares[0];
  if (!oz || !gameOffer || !price || !share || !oz.draws[0]) return 1;
  await s.sessions.create(DEMO_PARTY.organiserId, {
    groupId: group.id,
    drawId: oz.draws[0].drawId,
    productOfferKey: oz.productOfferKey,
    gameOffer: gameOffer.key,
    numGames: price.numGames,
    sharePrice: share.sharePrice.amount,
    autosessionStatus: 'on',
    inviteAllExistingMembers: false,
  });
  return 2;
}
