// The notification feed (features §3 Notification; issue 20): content cards per customer, paged, with an unviewed
// count for the header and the cards not yet shown as toasts.
import { z } from 'zod';
import { Identifier, paginationQuery } from './common.ts';

/** The pictures a card's icon may be; the storefront draws each. */
export const CARD_ICONS = ['trophy', 'results', 'wallet', 'warning', 'gift', 'shield', 'megaphone'] as const;
export const CardIcon = z.enum(CARD_ICONS);
export type CardIcon = z.infer<typeof CardIcon>;

export const NotificationAction = z.object({
  id: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  deepLink: z.string().nullable(),
});
export type NotificationAction = z.infer<typeof NotificationAction>;

export const NotificationCard = z.object({
  id: z.string(),
  title: z.string(),
  icon: CardIcon,
  message: z.string(),
  isAutoDismissed: z.boolean(),
  actions: z.array(NotificationAction),
  hideInFeed: z.boolean(),
  desktopImage: z.string().nullable(),
  mobileImage: z.string().nullable(),
  productLogoImage: z.string().nullable(),
  viewed: z.boolean(),
  createdAt: z.string(),
});
export type NotificationCard = z.infer<typeof NotificationCard>;

/** Features §9: the default page size (10). */
export const NotificationCardsQuery = paginationQuery();

export const NotificationCardParams = z.object({ id: Identifier }).strict();

export const NotificationsSummary = z.object({
  unviewedCount: z.number().int().min(0),
  /** Cards the storefront has not shown as a toast yet, newest first (at most 3). */
  toasts: z.array(NotificationCard),
});
export type NotificationsSummary = z.infer<typeof NotificationsSummary>;

export const NotificationsToastedBody = z.object({ ids: z.array(Identifier).min(1).max(20) }).strict();
