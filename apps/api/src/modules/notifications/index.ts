// Notifications domain: the email outbox, the email template and the dev mailbox. Other code imports only from here.
export {
  button,
  code,
  details,
  drawDateText,
  highlight,
  picksText,
  renderEmail,
  text,
  type EmailBlock,
  type EmailBrand,
  type EmailContent,
  type StoredEmail,
  type UnsubscribeLinks,
} from './notifications.email.tsx';
export {
  createOutbox,
  smtpTransport,
  type EmailAudience,
  type EmailMessage,
  type MailTransport,
  type Outbox,
  type OutboxDeps,
  type RenderedEmail,
} from './notifications.outbox.ts';
export { notificationsRoutes, type NotificationsRoutesOptions } from './notifications.routes.ts';
// The notification feed (issue 20): content cards posted by events and campaigns.
export { cardView, createFeed, type Feed, type FeedPoster, type NewCard } from './notifications.feed.service.ts';
export { feedRoutes, type FeedRoutesOptions } from './notifications.feed.routes.ts';
