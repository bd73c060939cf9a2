// The outbox: emails are enqueued inside the business transaction (so a rolled-back signup sends nothing) and
// delivered later by dispatchOutbox, through SMTP when SMTP_URL is set and into the dev mailbox table otherwise.
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { mailboxRows, outboxRows } from './notifications.repository.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the email is for, e.g. 'verify_email', 'password_reset', '2fa_code'. */
  kind: string;
  /** When given, an email with the same key is enqueued only once (enqueueEmail then returns null). */
  dedupeKey?: string;
}

export interface MailTransport {
  send(message: EmailMessage, from: string): Promise<void>;
}

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  mailFrom?: string;
  /** SMTP (smtpTransport) or another sender; null or absent: messages land in the dev mailbox table. */
  transport?: MailTransport | null;
}

const MAX_ATTEMPTS = 5;

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    send: async (m, from) => {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}

export function createOutbox(deps: OutboxDeps) {
  const { db, clock } = deps;
  const from = deps.mailFrom ?? 'Lucky Koala Lotteries <no-reply@luckykoala.example>';
  const transport = deps.transport ?? null;

  /** The outbox row's id, or null when `dedupeKey` was enqueued before. */
  async function enqueueEmail(tx: Executor, message: EmailMessage): Promise<number | null> {
    return outboxRows.insert(tx, {
      kind: message.kind,
      toAddress: message.to.toLowerCase(),
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      createdAt: clock.now(),
      dedupeKey: message.dedupeKey ?? null,
    });
  }

  /** Send up to `limit` pending emails; each row is claimed with SKIP LOCKED so concurrent dispatchers never double-send. */
  async function dispatchOutbox(limit = 50): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (let i = 0; i < limit; i++) {
      const outcome = await db.transaction(async (tx) => {
        const row = await outboxRows.claimNext(tx);
        if (!row) return 'empty' as const;
        const message: EmailMessage = {
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          kind: row.kind,
        };
        try {
          if (transport) await transport.send(message, from);
          else {
            await mailboxRows.deliver(tx, {
              outboxId: row.id,
              kind: row.kind,
              toAddress: row.toAddress,
              subject: row.subject,
              textBody: row.textBody,
              htmlBody: row.htmlBody,
              deliveredAt: clock.now(),
            });
          }
          await outboxRows.update(tx, row.id, { status: 'sent', sentAt: clock.now(), attempts: row.attempts + 1 });
          return 'sent' as const;
        } catch (err) {
          const attempts = row.attempts + 1;
          await outboxRows.update(tx, row.id, {
            attempts,
            lastError: String((err as Error).message).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          });
          return 'failed' as const;
        }
      });
      if (outcome === 'empty') break;
      if (outcome === 'sent') sent++;
      else {
        failed++;
        // A failing transport would otherwise spin on the same row within one call.
        break;
      }
    }
    return { sent, failed };
  }

  /** Latest delivered dev-mailbox messages, newest first, optionally for one address. */
  const mailbox = (options: { to?: string; limit?: number } = {}) =>
    mailboxRows.latest(db, { to: options.to?.toLowerCase(), limit: options.limit ?? 20 });

  /** Emails still in the outbox (pending or sent) for an address, newest first: tests read codes from here. */
  const outboxFor = (to: string, kinds?: string[]) => outboxRows.forAddress(db, to.toLowerCase(), kinds);

  const pendingCount = () => outboxRows.pendingCount(db);

  return { enqueueEmail, dispatchOutbox, mailbox, outboxFor, pendingCount };
}

export type Outbox = ReturnType<typeof createOutbox>;
