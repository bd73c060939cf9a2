// Sessions (features §3/§4/§6/§7): the organiser creates one per draw, members read them, the organiser changes the
// autosession; discover lists promoted groups' open sessions; config says what a session may be.
import {
  AUTOSESSION_STATUSES,
  LOTTO_PARTY_LIMITS,
  LOTTO_PARTY_TEXTS,
  PUBLICITY_STATUSES,
  SESSION_CREATION_STEPS,
  toCents,
  toMoney,
  type CreateSessionBody,
  type GameOffer,
  type LottoPartyConfig,
  type ProductOffer,
  type UpdateSessionBody,
} from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import { lottoPartyRepository as repo, type GroupRow, type SessionRow } from './lotto-party.repository.ts';
import {
  newSessionId,
  notOrganiser,
  readableGroup,
  readableSession,
  type LottoPartyDeps,
} from './lotto-party.rules.ts';
import { invitesFor, organiserNameOf } from './lotto-party.invites.ts';
import { sessionView } from './lotto-party.views.ts';

type Page = { limit: number; offset: number };

/** The offers a session can play: lotteries on sale, not suspended, with standard game offers. */
function sessionOffers(offers: Record<string, ProductOffer>): ProductOffer[] {
  return Object.values(offers)
    .filter((o) => o.type === 'lottery_ticket' && !o.suspended && o.gameKey !== null)
    .filter((o) => o.gameTypes.some((t) => t.key === 'standard' && t.gameOffers.length > 0))
    .sort((a, b) => a.ranking - b.ranking || a.name.localeCompare(b.name));
}

/** Share prices dividing a ticket cost into minShares..maxShares equal shares, cheapest first. */
export function shareOptions(costCents: number): { sharePriceCents: number; numShares: number }[] {
  const out: { sharePriceCents: number; numShares: number }[] = [];
  for (let n = LOTTO_PARTY_LIMITS.maxShares; n >= LOTTO_PARTY_LIMITS.minShares; n--)
    if (costCents % n === 0) out.push({ sharePriceCents: costCents / n, numShares: n });
  return out;
}

const standardOffer = (offer: ProductOffer, key: string): GameOffer | undefined =>
  offer.gameTypes.find((t) => t.key === 'standard')?.gameOffers.find((g) => g.key === key);

export interface SessionPlan {
  offer: ProductOffer;
  gameOffer: GameOffer;
  draw: ProductOffer['draws'][number];
  ticketCostCents: number;
}

/** The ticket a session plays, checked against the catalogue now; 422 for a closed draw or an unknown ticket. */
export async function planSession(
  deps: Pick<LottoPartyDeps, 'productOffers'>,
  t: { productOfferKey: string; gameOffer: string; numGames: number; drawId: string },
  now: Date,
): Promise<SessionPlan> {
  const offers = await deps.productOffers('default', now);
  const bad = (m: string, field: string) => unprocessable(m, 'invalid_ticket', { this: [m], [field]: [m] });
  const offer = sessionOffers(offers).find((o) => o.key === t.productOfferKey);
  if (!offer) throw bad(`${t.productOfferKey} cannot be played in a Lotto Party.`, 'product_offer_key');
  const gameOffer = standardOffer(offer, t.gameOffer);
  if (!gameOffer) throw bad(`${offer.name} has no ${t.gameOffer} entry.`, 'game_offer');
  const price = gameOffer.prices.find((p) => p.numGames === t.numGames);
  if (!price) throw bad(`${offer.name} ${gameOffer.name} has no price for ${t.numGames} games.`, 'num_games');
  const draw = offer.draws.find(
    (d) => d.drawId === t.drawId && d.purchaseStatus === 'standard' && new Date(d.stop).getTime() > now.getTime(),
  );
  if (!draw)
    throw unprocessable(LOTTO_PARTY_TEXTS.drawClosed, 'draw_closed', {
      this: [LOTTO_PARTY_TEXTS.drawClosed],
      draw_id: [LOTTO_PARTY_TEXTS.drawClosed],
    });
  return { offer, gameOffer, draw, ticketCostCents: toCents(price.price.amount) };
}

/** The row of a new session (shares from the share price; 422 when it does not divide the cost). */
export function sessionRowOf(
  group: GroupRow,
  plan: SessionPlan,
  s: {
    numGames: number;
    sharePriceCents: number;
    autosessionStatus: string;
    inviteAllExistingMembers: boolean;
    createdBy: string;
    previousSessionId: string | null;
  },
  now: Date,
) {
  const option = shareOptions(plan.ticketCostCents).find((o) => o.sharePriceCents === s.sharePriceCents);
  if (!option)
    throw unprocessable(LOTTO_PARTY_TEXTS.sharePriceNotDividing, 'invalid_share_price', {
      share_price: [LOTTO_PARTY_TEXTS.sharePriceNotDividing],
    });
  return {
    publicId: newSessionId(),
    groupId: group.id,
    drawId: plan.draw.drawId,
    drawNo: plan.draw.drawNo,
    gameKey: plan.offer.gameKey!,
    drawAt: new Date(plan.draw.drawData.drawDate),
    closesAt: new Date(plan.draw.stop),
    productOfferKey: plan.offer.key,
    offerName: plan.offer.name,
    gameOffer: plan.gameOffer.key,
    gameOfferName: plan.gameOffer.name,
    numGames: s.numGames,
    currency: plan.offer.currency,
    ticketCostCents: plan.ticketCostCents,
    sharePriceCents: s.sharePriceCents,
    numShares: option.numShares,
    autosessionStatus: s.autosessionStatus,
    inviteAllExistingMembers: s.inviteAllExistingMembers,
    createdBy: s.createdBy,
    previousSessionId: s.previousSessionId,
    createdAt: now,
  };
}

/** Invite the group's existing members to a session just written, when it asks to (features §7 POST /session). */
export async function inviteMembers(
  deps: Pick<LottoPartyDeps, 'inviteMembers'>,
  tx: Executor,
  session: SessionRow,
  group: GroupRow,
  organiserName: string,
): Promise<number> {
  if (!deps.inviteMembers) return 0;
  const invites = await invitesFor(tx, session, group, organiserName);
  if (invites.length > 0) await deps.inviteMembers(tx, invites);
  return invites.length;
}

export function createSessionsService(deps: LottoPartyDeps) {
  const { db, clock } = deps;
  const view = (ex: Executor, s: SessionRow, g: GroupRow, me: string, isMember: boolean) =>
    sessionView(deps, ex, s, g, me, isMember);
  const listOf = async (ex: Executor, rows: SessionRow[], me: string) => {
    const groups = await repo.groupsByIds(ex, [...new Set(rows.map((r) => r.groupId))]);
    return Promise.all(
      rows.map(async (s) => view(ex, s, groups.get(s.groupId)!, me, await repo.isMember(ex, s.groupId, me))),
    );
  };

  return {
    async create(customerId: string, body: CreateSessionBody) {
      const { group } = await readableGroup(db, await repo.groupByPublicId(db, body.groupId), customerId);
      if (group.organiserId !== customerId) throw notOrganiser();
      const now = clock.now();
      const plan = await planSession(deps, body, now);
      const row = sessionRowOf(
        group,
        plan,
        {
          numGames: body.numGames,
          sharePriceCents: toCents(body.sharePrice),
          autosessionStatus: body.autosessionStatus,
          inviteAllExistingMembers: body.inviteAllExistingMembers,
          createdBy: customerId,
          previousSessionId: null,
        },
        now,
      );
      const organiserName = row.inviteAllExistingMembers ? await organiserNameOf(deps.firstNamesOf, group) : '';
      // The session and its invites (inviteAllExistingMembers) in one transaction: both or neither.
      const session = await db.transaction(async (tx) => {
        const written = await repo.insertSession(tx, row);
        if (written) await inviteMembers(deps, tx, written, group, organiserName);
        return written;
      });
      if (!session) {
        const m = 'This group already has a session for that draw.';
        throw conflict(m, 'session_exists', { draw_id: [m] });
      }
      return view(db, session, group, customerId, true);
    },

    async ofGroup(customerId: string, groupId: string, onlyOpen: boolean, page: Page) {
      const { group, isMember } = await readableGroup(db, await repo.groupByPublicId(db, groupId), customerId);
      const { rows, total } = await repo.sessionsOfGroup(db, group.id, onlyOpen, page);
      return { items: await Promise.all(rows.map((s) => view(db, s, group, customerId, isMember))), total };
    },

    async get(customerId: string, sessionId: string) {
      const { session, group, isMember } = await readableSession(db, sessionId, customerId);
      return view(db, session, group, customerId, isMember);
    },

    /** Features §6: only the organiser; from off (ticket creation for future draws switched off) nothing resumes. */
    async update(customerId: string, sessionId: string, body: UpdateSessionBody) {
      const { session, group, isMember } = await readableSession(db, sessionId, customerId);
      if (group.organiserId !== customerId) throw notOrganiser();
      if (session.autosessionStatus === 'off' && body.autosessionStatus !== 'off')
        throw unprocessable(LOTTO_PARTY_TEXTS.cannotUnpause, 'autosession_off', {
          autosession_status: [LOTTO_PARTY_TEXTS.cannotUnpause],
        });
      const updated = await repo.updateSession(db, session.id, { autosessionStatus: body.autosessionStatus });
      return view(db, updated, group, customerId, isMember);
    },

    async discover(customerId: string, drawId: string | null, page: Page) {
      const { rows, total } = await repo.discover(db, clock.now(), drawId, page);
      return { items: await listOf(db, rows, customerId), total };
    },

    async config(pricingId: string): Promise<LottoPartyConfig> {
      const now = clock.now();
      const offers = sessionOffers(await deps.productOffers(pricingId, now));
      return {
        pricingId,
        limits: { ...LOTTO_PARTY_LIMITS },
        creationSteps: SESSION_CREATION_STEPS.map((s) => ({ ...s })),
        publicityStatuses: [...PUBLICITY_STATUSES],
        autosessionStatuses: [...AUTOSESSION_STATUSES],
        offers: offers.map((o) => ({
          productOfferKey: o.key,
          name: o.name,
          gameType: 'standard' as const,
          gameOffers: o.gameTypes
            .find((t) => t.key === 'standard')!
            .gameOffers.map((g) => ({
              key: g.key,
              name: g.name,
              prices: g.prices.map((p) => {
                const cost = toCents(p.price.amount);
                return {
                  numGames: p.numGames,
                  ticketCost: p.price,
                  shares: shareOptions(cost).map((x) => ({
                    sharePrice: toMoney(x.sharePriceCents, o.currency),
                    numShares: x.numShares,
                  })),
                };
              }),
            })),
          draws: o.draws
            .filter((d) => d.purchaseStatus === 'standard')
            .map((d) => ({ drawId: d.drawId, drawNo: d.drawNo, drawDate: d.drawData.drawDate, stop: d.stop })),
        })),
      };
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
