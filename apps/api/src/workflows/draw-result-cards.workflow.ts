// After a draw is settled (issue 20 notification feed): every customer holding a ticket in it gets one card, in
// batches of one transaction each, keyed per draw so a settlement run again after a crash posts nobody a second one.
// A winner's card says what they won and links to the ticket; everyone else's links to the draw's results.
import { formatCurrency } from '@shop/contracts';
import { getGame, type GameKey } from '@shop/lottery';
import type { Db } from '../db/index.ts';
import type { FeedPoster, NewCard } from '../modules/notifications/index.ts';
import type { OrdersService } from '../modules/orders/index.ts';

export interface DrawResultCardsDeps {
  db: Db;
  draws: { getDraw(drawId: string): Promise<{ id: string; gameKey: string; drawNo: number } | null> };
  orders: Pick<OrdersService, 'resultsByCustomer'>;
  feed: FeedPoster;
  /** Holders' parts of the prizes of group-held lines (syndicates): added to their own tickets' prizes. */
  sharedPrizes?: (drawId: string) => Promise<Map<string, number>>;
}

const BATCH = 500;

/** The storefront page of one order's tickets, or the list when the draw holds several of the customer's orders. */
export const pastTicketsLink = (orderIds: string[]) =>
  orderIds.length === 1 ? `/my-account/past-tickets/ticket/${orderIds[0]}` : '/my-account/past-tickets';

export async function postDrawResultCards(deps: DrawResultCardsDeps, drawId: string): Promise<number> {
  const draw = await deps.draws.getDraw(drawId);
  if (!draw) return 0;
  const game = getGame(draw.gameKey as GameKey, draw.drawNo);
  const locale = game.currency === 'GBP' ? 'en-GB' : 'en-AU';
  const shared = (await deps.sharedPrizes?.(drawId)) ?? new Map<string, number>();
  const results = (await deps.orders.resultsByCustomer(drawId)).map((r) => ({
    ...r,
    prizeCents: r.prizeCents + (shared.get(r.customerId) ?? 0),
  }));
  const cards = results.map((r): NewCard => {
    const tickets = r.orderIds.length === 1 ? 'ticket' : 'tickets';
    if (r.prizeCents > 0) {
      const amount = formatCurrency(r.prizeCents, game.currency, locale);
      return {
        customerId: r.customerId,
        kind: 'ticket_won',
        title: `You won ${amount}!`,
        icon: 'trophy',
        message: `Your ${game.name} ${tickets} in draw ${draw.drawNo} won ${amount}. The prize is already in your account.`,
        actions: [{ text: `View your ${tickets}`, link: pastTicketsLink(r.orderIds) }],
        isAutoDismissed: false,
        dedupeKey: `draw:${drawId}`,
      };
    }
    return {
      customerId: r.customerId,
      kind: 'draw_results',
      title: `${game.name} draw ${draw.drawNo} results`,
      icon: 'results',
      message: `The results are in. Your ${tickets} did not win a prize this time.`,
      actions: [
        { text: 'See the results', link: `/${game.key}/results/draw/${draw.drawNo}` },
        { text: `View your ${tickets}`, link: pastTicketsLink(r.orderIds) },
      ],
      dedupeKey: `draw:${drawId}`,
    };
  });
  let posted = 0;
  for (let i = 0; i < cards.length; i += BATCH) {
    const batch = cards.slice(i, i + BATCH);
    posted += await deps.db.transaction((tx) => deps.feed.post(tx, batch));
  }
  return posted;
}

export function createDrawResultCardsWorkflow(deps: DrawResultCardsDeps) {
  return { post: (drawId: string) => postDrawResultCards(deps, drawId) };
}
