// GET /api/v2/dev/mailbox: the emails the shop "sent" in development (non-production, loopback visitors only; 404 else).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DevMailboxQuery, DevMailboxResult, successEnvelope } from '@shop/contracts';
import type { AppConfig } from '../../env.ts';
import { devHelpersAllowed } from '../../lib/dev-only.ts';
import { notFound } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import type { Outbox } from './notifications.outbox.ts';

export interface NotificationsRoutesOptions {
  config: AppConfig;
  outbox: Pick<Outbox, 'dispatchOutbox' | 'mailbox'>;
}

export const notificationsRoutes: FastifyPluginAsync<NotificationsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { outbox } = opts;

  routes.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Development mailbox: emails delivered without SMTP, newest first (not in production)',
        querystring: DevMailboxQuery,
        response: { 200: successEnvelope(DevMailboxResult) },
      },
    },
    async (request, reply) => {
      // Every customer's emails are here: outside production, to a visitor on this machine only (ADR 027).
      if (!devHelpersAllowed(opts.config.nodeEnv, request.ip)) throw notFound();
      // Deliver what is waiting for this address first, so a developer (or a browser test) sees an email as soon as it
      // is enqueued. Only this address's: a draw that emails every ticket holder must not make each read send them all.
      if (!opts.config.smtpUrl) await outbox.dispatchOutbox(100, request.query.to);
      const rows = await outbox.mailbox({ to: request.query.to, limit: request.query.limit });
      reply.header('cache-control', 'no-store');
      return ok(
        rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          to: r.toAddress,
          subject: r.subject,
          text: r.textBody,
          html: r.htmlBody,
          deliveredAt: r.deliveredAt.toISOString(),
        })),
      );
    },
  );
};
