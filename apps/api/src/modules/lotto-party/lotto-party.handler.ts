// The cart's social_syndicate_share handler (CartProductHandler): shares of a Lotto Party session, priced at the
// session's share price, re-checked on every cart read, and taken under the session's cap inside the purchase
// transaction (one conditional update, as raffle tickets are); the purchase that sells the last share writes the
// session's ticket and closes it.
import {
  LOTTO_PARTY_TEXTS,
  sharesLeftMessage,
  type CurrencyCode,
  type SocialSyndicateShareInput,
} from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import type { CartProductHandler, FulfilledTicket, ItemContext, PricedItem, Refreshed } from '../cart/index.ts';
import type { LottoPartyLifecycle } from './lotto-party.lifecycle.ts';
import { lottoPartyRepository as repo, type SessionRow } from './lotto-party.repository.ts';
import type { LottoPartyDeps } from './lotto-party.rules.ts';

type Context = ItemContext & { executor?: Executor };

const soldOut = (left: number) =>
  unprocessable(sharesLeftMessage(left), 'sold_out', {
    this: [sharesLeftMessage(left)],
    num_shares: [sharesLeftMessage(left)],
  });
const notOpen = () =>
  unprocessable(LOTTO_PARTY_TEXTS.sessionNotOpen, 'session_closed', { this: [LOTTO_PARTY_TEXTS.sessionNotOpen] });
/** The session's draw stopped selling (closed at its stop time, or early by an operator): no share of it is sold. */
const drawClosed = (s: SessionRow) => {
  const text = `The draw for ${s.offerName} closed before you bought it.`;
  return unprocessable(text, 'draw_closed', { this: [text] });
};

function itemOf(s: SessionRow, groupName: string, numShares: number): PricedItem {
  const draw = {
    drawId: s.drawId,
    drawNo: s.drawNo,
    stop: s.closesAt.toISOString(),
    drawDate: s.drawAt.toISOString(),
    purchaseStatus: 'standard' as const,
  };
  return {
    productType: 'social_syndicate_share',
    productOfferKey: s.productOfferKey,
    offerName: s.offerName,
    description: `Lotto Party ${groupName}: ${numShares} of ${s.numShares} shares, ${s.offerName} draw ${s.drawNo}`,
    gameType: 'lotto_party',
    gameOffer: s.gameOffer,
    gameOfferName: s.gameOfferName,
    games: [],
    numGames: s.numGames,
    numTickets: null,
    causeKey: null,
    draws: [draw],
    unitPriceCents: s.sharePriceCents * numShares,
    priceCents: s.sharePriceCents * numShares,
    currency: s.currency as CurrencyCode,
    purchaseStatus: 'standard',
    recurringPurchase: { type: 'none', availability: 'never', enabled: false },
    input: { productType: 'social_syndicate_share', sessionId: s.publicId, numShares },
  };
}

export function createLottoPartyHandler(
  deps: Pick<LottoPartyDeps, 'db' | 'lockOpenDraw'>,
  lifecycle: Pick<LottoPartyLifecycle, 'fill'>,
): CartProductHandler {
  async function check(input: SocialSyndicateShareInput, ctx: Context): Promise<PricedItem> {
    const ex = ctx.executor ?? deps.db;
    const s = await repo.sessionByPublicId(ex, input.sessionId);
    if (!s) throw unprocessable('There is no such Lotto Party session.', 'session_closed');
    if (s.status !== 'open' || s.closesAt.getTime() <= ctx.now.getTime()) throw notOpen();
    // The session's close time is copied from the draw when it is made; the draw itself may close earlier (a
    // momentary share lock on the pool: the purchase checks again under its own lock).
    if (!(await deps.lockOpenDraw(deps.db, s.drawId, ctx.now))) throw drawClosed(s);
    // An anonymous cart cannot hold shares: membership is checked against the signed-in customer.
    if (!ctx.customerId || !(await repo.isMember(ex, s.groupId, ctx.customerId)))
      throw unprocessable(LOTTO_PARTY_TEXTS.notMember, 'not_member', { this: [LOTTO_PARTY_TEXTS.notMember] });
    const left = s.numShares - s.sharesSold;
    if (input.numShares > left) throw soldOut(left);
    const group = (await repo.groupById(ex, s.groupId))!;
    return itemOf(s, group.name, input.numShares);
  }

  const asShares = (input: unknown): SocialSyndicateShareInput => {
    const i = input as SocialSyndicateShareInput;
    if (i.productType !== 'social_syndicate_share')
      throw unprocessable('This item is not a Lotto Party share.', 'invalid_item');
    return i;
  };

  return {
    productType: 'social_syndicate_share',

    prepare: (input, ctx) => check(asShares(input), ctx),

    async refresh(input, ctx): Promise<Refreshed> {
      try {
        return { ok: true, item: await check(asShares(input), ctx) };
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return { ok: false, reason: e.code === 'sold_out' ? 'sold_out' : 'draw_closed', message: e.message };
      }
    },

    async fulfil(tx, item, ctx): Promise<FulfilledTicket[]> {
      const input = asShares(item.input);
      const s = await repo.sessionByPublicId(tx, input.sessionId);
      if (!s) throw notOpen();
      if (!(await repo.isMember(tx, s.groupId, ctx.customerId)))
        throw unprocessable(LOTTO_PARTY_TEXTS.notMember, 'not_member', { this: [LOTTO_PARTY_TEXTS.notMember] });
      if (item.priceCents !== s.sharePriceCents * input.numShares)
        throw unprocessable('This Lotto Party share changed; please review your cart.', 'price_changed');
      // Share-locked while still open, as a lottery item's draws are: a close waits for this purchase, or comes
      // first and this purchase writes nothing (a share of a ticket that can no longer be written is never sold).
      if (!(await deps.lockOpenDraw(tx, s.drawId, ctx.now))) throw drawClosed(s);
      const taken = await repo.takeShares(tx, s.id, input.numShares, ctx.now);
      if (!taken) {
        const now = (await repo.sessionByPublicId(tx, input.sessionId))!;
        if (now.status !== 'open' || now.closesAt.getTime() <= ctx.now.getTime()) throw notOpen();
        throw soldOut(now.numShares - now.sharesSold);
      }
      await repo.insertShare(tx, {
        sessionId: s.id,
        customerId: ctx.customerId,
        shares: input.numShares,
        amountCents: ctx.paidCents ?? item.priceCents,
        currency: item.currency,
        orderId: ctx.orderId,
        checkoutId: ctx.checkoutId,
        purchasedAt: ctx.now,
      });
      if (taken.sharesSold === taken.numShares) await lifecycle.fill(tx, taken, ctx.now);
      return [
        {
          drawId: s.drawId,
          drawNo: s.drawNo,
          drawDate: s.drawAt.toISOString(),
          // The lines are the session's (its members see them on the session), not this order's own tickets.
          lineIds: [],
          raffleTicketNumbers: [],
        },
      ];
    },
  };
}
