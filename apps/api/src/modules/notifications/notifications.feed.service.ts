// The notification feed (issue 20): cards are posted by the events that cause them, inside the event's own
// transaction (post), or by an operator's campaign to a segment; the customer reads them page by page, the header
// shows how many are unviewed, and the storefront shows new ones once as toasts.
import { randomBytes } from 'node:crypto';
import type { CardIcon, NotificationCard } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../lib/errors.ts';
import { cardRows, type CardRow } from './notifications.feed.repository.ts';

export interface NewCard {
  customerId: string;
  /** What caused it: ticket_won, draw_results, deposit_pending, withdrawal_paid, autoplay_failed, giveaway_won, ... */
  kind: string;
  title: string;
  icon: CardIcon;
  message: string;
  /** Each action's link is a path of the storefront (or an absolute URL); deepLink is the native app's. */
  actions?: { text: string; link: string | null; deepLink?: string | null }[];
  isAutoDismissed?: boolean;
  hideInFeed?: boolean;
  desktopImage?: string | null;
  mobileImage?: string | null;
  productLogoImage?: string | null;
  /** The customer is told in the page they are on (an API message): the card is for the feed only, no toast. */
  alreadyToasted?: boolean;
  /** Unique per customer: the same event posted twice makes one card. */
  dedupeKey: string;
}

/** What an event's module needs of the feed: post cards in its own transaction. */
export interface FeedPoster {
  post(tx: Executor, cards: NewCard[]): Promise<number>;
  /** Takes back the customer's card of an event that no longer holds (a check that is done); how many went. */
  withdraw(tx: Executor, customerId: string, dedupeKey: string): Promise<number>;
}

export interface FeedDeps {
  db: Db;
  clock: Clock;
}

const TOASTS_PER_PAGE_LOAD = 3;
const CAMPAIGN_BATCH = 1000;
const newCardId = () => `ntf_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export function cardView(row: CardRow): NotificationCard {
  return {
    id: row.publicId,
    title: row.title,
    icon: row.icon as CardIcon,
    message: row.message,
    isAutoDismissed: row.isAutoDismissed,
    actions: row.actions,
    hideInFeed: row.hideInFeed,
    desktopImage: row.desktopImage,
    mobileImage: row.mobileImage,
    productLogoImage: row.productLogoImage,
    viewed: row.viewedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createFeed(deps: FeedDeps) {
  const { db, clock } = deps;

  function rowOf(card: NewCard) {
    return {
      publicId: newCardId(),
      customerId: card.customerId,
      kind: card.kind,
      title: card.title,
      icon: card.icon,
      message: card.message,
      isAutoDismissed: card.isAutoDismissed ?? true,
      actions: (card.actions ?? []).map((a, i) => ({
        id: `${i + 1}`,
        text: a.text,
        link: a.link,
        deepLink: a.deepLink ?? null,
      })),
      hideInFeed: card.hideInFeed ?? false,
      desktopImage: card.desktopImage ?? null,
      mobileImage: card.mobileImage ?? null,
      productLogoImage: card.productLogoImage ?? null,
      dedupeKey: card.dedupeKey,
      createdAt: clock.now(),
      toastedAt: card.alreadyToasted ? clock.now() : null,
    };
  }

  /** Posts cards in the caller's transaction; returns how many were new. */
  const post: FeedPoster['post'] = (tx, cards) => cardRows.insert(tx, cards.map(rowOf));
  const withdraw: FeedPoster['withdraw'] = (tx, customerId, dedupeKey) => cardRows.remove(tx, customerId, dedupeKey);

  async function page(customerId: string, q: { limit: number; offset: number }) {
    const { items, total } = await cardRows.page(db, customerId, q);
    return { items: items.map(cardView), total };
  }

  async function summary(customerId: string) {
    const [unviewedCount, toasts] = await Promise.all([
      cardRows.unviewedCount(db, customerId),
      cardRows.untoasted(db, customerId, TOASTS_PER_PAGE_LOAD),
    ]);
    return { unviewedCount, toasts: toasts.map(cardView) };
  }

  /** Another customer's card, like an unknown one, is a 404: nothing changes. */
  async function markViewed(customerId: string, cardId: string): Promise<void> {
    if (!(await cardRows.markViewed(db, customerId, cardId, clock.now())))
      throw notFound('There is no such notification.', 'notification_not_found');
  }

  const markToasted = (customerId: string, cardIds: string[]) =>
    cardRows.markToasted(db, customerId, cardIds, clock.now());

  /**
   * An operator's campaign: one card for every active customer of a segment. The campaign key makes it once-only
   * (running the same campaign again posts nothing new); returns the number of cards posted.
   */
  async function campaign(input: {
    /** The active customers of the segment (identity's directory). */
    customers: string[];
    key: string;
    title: string;
    message: string;
    link?: { text: string; href: string };
  }): Promise<number> {
    const { customers } = input;
    let posted = 0;
    for (let i = 0; i < customers.length; i += CAMPAIGN_BATCH) {
      const batch = customers.slice(i, i + CAMPAIGN_BATCH);
      posted += await db.transaction((tx) =>
        post(
          tx,
          batch.map((customerId) => ({
            customerId,
            kind: 'campaign',
            title: input.title,
            icon: 'megaphone' as const,
            message: input.message,
            actions: input.link ? [{ text: input.link.text, link: input.link.href }] : [],
            dedupeKey: `campaign:${input.key}`,
          })),
        ),
      );
    }
    return posted;
  }

  return { post, withdraw, page, summary, markViewed, markToasted, campaign };
}

export type Feed = ReturnType<typeof createFeed>;
