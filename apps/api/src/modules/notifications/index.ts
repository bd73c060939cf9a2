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
