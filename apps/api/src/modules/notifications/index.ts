// Notifications domain: the email outbox and the dev mailbox. Other code imports only from here.
export {
  createOutbox,
  smtpTransport,
  type EmailMessage,
  type MailTransport,
  type Outbox,
  type OutboxDeps,
} from './notifications.outbox.ts';
export { notificationsRoutes, type NotificationsRoutesOptions } from './notifications.routes.ts';
// The notification feed (issue 20): content cards posted by events and campaigns.
export { cardView, createFeed, type Feed, type FeedPoster, type NewCard } from './notifications.feed.service.ts';
export { feedRoutes, type FeedRoutesOptions } from './notifications.feed.routes.ts';
