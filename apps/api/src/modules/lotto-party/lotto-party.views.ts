// Wire views of groups and sessions (packages/contracts/src/lotto-party.ts).
import {
  toMoney,
  type AutosessionStatus,
  type CurrencyCode,
  type LottoPartyGroup,
  type LottoPartyGroupDetail,
  type LottoPartySession,
  type PublicityStatus,
  type SessionStatus,
} from '@shop/contracts';
import { splitByShares } from '@shop/lottery';
import type { Executor } from '../../db/index.ts';
import { lottoPartyRepository as repo, type GroupRow, type SessionRow } from './lotto-party.repository.ts';
import type { LottoPartyDeps } from './lotto-party.rules.ts';

type ViewDeps = Pick<LottoPartyDeps, 'firstNamesOf' | 'orders'>;

export function groupView(
  g: GroupRow,
  me: string,
  isMember: boolean,
  counts: { members: number; open: number },
): LottoPartyGroup {
  const isOrganiser = g.organiserId === me;
  return {
    id: g.publicId,
    groupName: g.name,
    publicityStatus: g.publicityStatus as PublicityStatus,
    isOrganiser,
    isMember,
    memberCount: counts.members,
    openSessions: counts.open,
    createdAt: g.createdAt.toISOString(),
    inviteToken: isOrganiser ? g.inviteToken : null,
  };
}

export async function groupDetailView(
  deps: ViewDeps,
  ex: Executor,
  g: GroupRow,
  me: string,
): Promise<LottoPartyGroupDetail> {
  const members = await repo.members(ex, g.id);
  const counts = (await repo.countsOf(ex, [g.id])).get(g.id)!;
  const names = await deps.firstNamesOf(members.map((m) => m.customerId));
  const isMember = members.some((m) => m.customerId === me);
  return {
    ...groupView(g, me, isMember, counts),
    members: members.map((m) => ({
      name: names.get(m.customerId) ?? 'Member',
      isOrganiser: m.customerId === g.organiserId,
      isMe: m.customerId === me,
      joinedAt: m.joinedAt.toISOString(),
    })),
  };
}

export async function groupListView(ex: Executor, rows: GroupRow[], me: string): Promise<LottoPartyGroup[]> {
  const counts = await repo.countsOf(
    ex,
    rows.map((g) => g.id),
  );
  return rows.map((g) => groupView(g, me, true, counts.get(g.id)!));
}

export async function sessionView(
  deps: ViewDeps,
  ex: Executor,
  s: SessionRow,
  g: GroupRow,
  me: string,
  isMember: boolean,
): Promise<LottoPartySession> {
  const currency = s.currency as CurrencyCode;
  const holders = await repo.holdersOf(ex, s.publicId);
  const myShares = holders.find((h) => h.customerId === me)?.shares ?? 0;
  const names = isMember ? await deps.firstNamesOf(holders.map((h) => h.customerId)) : new Map<string, string>();
  return {
    sessionId: s.publicId,
    groupId: g.publicId,
    groupName: g.name,
    status: s.status as SessionStatus,
    autosessionStatus: s.autosessionStatus as AutosessionStatus,
    inviteAllExistingMembers: s.inviteAllExistingMembers,
    draws: [
      {
        drawId: s.drawId,
        drawNo: s.drawNo,
        drawDate: s.drawAt.toISOString(),
        stop: s.closesAt.toISOString(),
      },
    ],
    productOfferKey: s.productOfferKey,
    offerName: s.offerName,
    gameType: 'standard',
    gameOffer: s.gameOffer,
    gameOfferName: s.gameOfferName,
    numGames: s.numGames,
    ticketCost: toMoney(s.ticketCostCents, currency),
    sharePrice: toMoney(s.sharePriceCents, currency),
    numShares: s.numShares,
    sharesSold: s.sharesSold,
    sharesLeft: s.numShares - s.sharesSold,
    closesAt: s.closesAt.toISOString(),
    isOrganiser: g.organiserId === me,
    isMember,
    myShares,
    holders: isMember
      ? holders.map((h) => ({ name: names.get(h.customerId) ?? 'Member', shares: h.shares, isMe: h.customerId === me }))
      : [],
    tickets: isMember ? s.lines.map((l) => ({ lineId: l.lineId, sets: l.sets })) : [],
    myPrizes: isMember && myShares > 0 && s.status === 'paid' ? await myPrizesOf(deps, s, holders, me) : [],
    myRefund: isMember && s.status === 'cancelled' ? await myRefundOf(ex, s, me) : null,
    nextSessionId: s.nextSessionId,
    previousSessionId: s.previousSessionId,
    createdAt: s.createdAt.toISOString(),
  };
}

/** My part of each winning line of the session: the same split settlement paid (splitByShares over the holders). */
async function myPrizesOf(
  deps: ViewDeps,
  s: SessionRow,
  holders: { customerId: string; shares: number }[],
  me: string,
): Promise<LottoPartySession['myPrizes']> {
  const lineIds = new Map(s.lines.map((l) => [l.id, l.lineId]));
  const prizes = (await deps.orders.prizesForDraw(s.drawId)).filter((p) => p.customerId === s.publicId);
  return prizes.flatMap((p) => {
    const part = splitByShares(
      p.prizeCents,
      holders.map((h) => ({ holder: h.customerId, shares: h.shares })),
    ).find((x) => x.holder === me);
    return part && part.cents > 0
      ? [
          {
            lineId: lineIds.get(p.lineId) ?? String(p.lineId),
            division: p.division,
            amount: toMoney(part.cents, p.currency as CurrencyCode),
          },
        ]
      : [];
  });
}

/** What was refunded of some share purchases (their rows that carry a refund entry): shares and cents. */
export function refundedOf(rows: { shares: number; amountCents: number; refundEntryId: string | null }[]) {
  const refunded = rows.filter((r) => r.refundEntryId !== null);
  return {
    shares: refunded.reduce((n, r) => n + r.shares, 0),
    cents: refunded.reduce((n, r) => n + r.amountCents, 0),
  };
}

/** My refund from a cancelled session, as the session's refund wrote it; null when I bought no shares in it. */
async function myRefundOf(ex: Executor, s: SessionRow, me: string): Promise<LottoPartySession['myRefund']> {
  const rows = await repo.myShareRows(ex, s.id, me);
  if (rows.length === 0) return null;
  const { shares, cents } = refundedOf(rows);
  return { shares, amount: toMoney(cents, s.currency as CurrencyCode) };
}
