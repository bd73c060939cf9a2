// The outbox: emails are enqueued inside the business transaction (so a rolled-back signup sends nothing) and
// delivered later by dispatchOutbox, through SMTP when SMTP_URL is set and into the dev mailbox table otherwise.
// The business transaction stores what the email says (StoredEmail, JSON); it is rendered from the one template
// (notifications.email.tsx) into HTML and text parts when it is sent, outside that transaction (issue 22: rendering
// with React inside the purchase held the customer's locks for about a tenth of the API's time).
import nodemailer from 'nodemailer';
import type { BatchedWrite, Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  renderEmail,
  type EmailBrand,
  type EmailContent,
  type StoredEmail,
  type UnsubscribeLinks,
} from './notifications.email.tsx';
import { mailboxRows, outboxRows, type OutboxRow } from './notifications.repository.ts';

/** An email as its sender describes it: what it says (EmailContent: kind, subject, greeting, blocks) and to whom. */
export interface EmailMessage extends EmailContent {
  to: string;
  /** When given, an email with the same key is enqueued only once (enqueueEmail then returns null). */
  dedupeKey?: string;
  /**
   * A marketing email (absent: transactional, always sent): enqueued only when the audience allows it for this
   * customer and product offer, with unsubscribe links in both parts.
   */
  marketing?: { customerId: string; productOfferKey?: string };
}

/** A rendered email, as the transport sends it. */
export interface RenderedEmail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
}

/** Who may get marketing email (identity's preferences, wired in services.ts). */
export interface EmailAudience {
  /** The links to put in the email, or null when the customer has no email consent or unsubscribed from the offer. */
  marketingLinks(ex: Executor, customerId: string, productOfferKey?: string): Promise<UnsubscribeLinks | null>;
}

export interface MailTransport {
  send(message: RenderedEmail, from: string): Promise<void>;
}

export interface OutboxDeps {
  db: Db;
  clock: Clock;
  mailFrom?: string;
  /** SMTP (smtpTransport) or another sender; null or absent: messages land in the dev mailbox table. */
  transport?: MailTransport | null;
  brand: EmailBrand;
  /** Absent: no marketing email is ever sent. */
  audience?: EmailAudience;
}

const MAX_ATTEMPTS = 5;

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    send: async (m, from) => {
      await transporter.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
    },
  };
}

export function createOutbox(deps: OutboxDeps) {
  const { db, clock } = deps;
  const from = deps.mailFrom ?? 'Lucky Koala Lotteries <no-reply@luckykoala.example>';
  const transport = deps.transport ?? null;

  /**
   * The outbox row's id, or null when `dedupeKey` was enqueued before or a marketing email is not wanted (no email
   * consent, or unsubscribed from its product offer).
   */
  async function enqueueEmail(tx: Executor, message: EmailMessage): Promise<number | null> {
    const row = await rowOf(tx, message);
    return row ? outboxRows.insert(tx, row) : null;
  }

  /**
   * The row to store for a message, or null when a marketing email is not wanted (the audience is asked in the
   * business transaction, and the unsubscribe links are signed for the customer now).
   */
  async function rowOf(tx: Executor, message: EmailMessage) {
    let links: UnsubscribeLinks | null = null;
    if (message.marketing) {
      const { customerId, productOfferKey } = message.marketing;
      links = (await deps.audience?.marketingLinks(tx, customerId, productOfferKey)) ?? null;
      if (!links) return null;
    }
    const content: StoredEmail = {
      kind: message.kind,
      subject: message.subject,
      ...(message.greeting === undefined ? {} : { greeting: message.greeting }),
      body: message.body,
      unsubscribe: links,
    };
    return {
      kind: message.kind,
      toAddress: message.to.toLowerCase(),
      subject: message.subject,
      content,
      createdAt: clock.now(),
      dedupeKey: message.dedupeKey ?? null,
    };
  }

  /**
   * enqueueEmail as a statement the caller runs with its own write (one round trip; the purchase's receipt), or null
   * when nothing is to be stored. Same row, same dedupe.
   */
  async function emailWrite(tx: Executor, message: EmailMessage): Promise<BatchedWrite | null> {
    const row = await rowOf(tx, message);
    return row ? outboxRows.insertWrite(row) : null;
  }

  /** The row's two parts: rendered from its content, or as stored by a row enqueued before content was kept. */
  async function partsOf(row: OutboxRow): Promise<{ text: string; html: string | null }> {
    if (row.content) return renderEmail(row.content, deps.brand, row.content.unsubscribe);
    return { text: row.textBody ?? '', html: row.htmlBody };
  }

  /** An outbox row with the parts its dispatch sends. */
  const rendered = async (row: OutboxRow) => {
    const { text, html } = await partsOf(row);
    return { ...row, textBody: text, htmlBody: html };
  };

  /**
   * Send up to `limit` pending emails (only those to `to` when given); each row is claimed with SKIP LOCKED so
   * concurrent dispatchers never double-send.
   */
  async function dispatchOutbox(limit = 50, to?: string): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (let i = 0; i < limit; i++) {
      const outcome = await db.transaction(async (tx) => {
        const row = await outboxRows.claimNext(tx, to?.toLowerCase());
        if (!row) return 'empty' as const;
        try {
          const parts = await partsOf(row);
          const message: RenderedEmail = { to: row.toAddress, subject: row.subject, ...parts, kind: row.kind };
          if (transport) await transport.send(message, from);
          else {
            // In a savepoint: a delivery the database refuses fails this row alone, and the catch below can still
            // count the attempt (an aborted transaction would refuse that too and stop every later email behind it).
            await tx.transaction((sp) =>
              mailboxRows.deliver(sp, {
                outboxId: row.id,
                kind: row.kind,
                toAddress: row.toAddress,
                subject: row.subject,
                textBody: message.text,
                htmlBody: message.html,
                deliveredAt: clock.now(),
              }),
            );
          }
          await outboxRows.update(tx, row.id, { status: 'sent', sentAt: clock.now(), attempts: row.attempts + 1 });
          return 'sent' as const;
        } catch (err) {
          const attempts = row.attempts + 1;
          await outboxRows.update(tx, row.id, {
            attempts,
            lastError: String((err as Error).message).slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            failedAt: attempts >= MAX_ATTEMPTS ? clock.now() : null,
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

  /**
   * Emails still in the outbox (pending or sent) for an address, newest first, with the parts their dispatch sends
   * (rendered here as the dispatcher renders them): tests read codes and links from here.
   */
  const outboxFor = async (to: string, kinds?: string[]) =>
    Promise.all((await outboxRows.forAddress(db, to.toLowerCase(), kinds)).map(rendered));

  /** The email enqueued with a dedupe key, with the parts its dispatch sends (undefined when there is none). */
  const outboxByKey = async (dedupeKey: string) => {
    const row = await outboxRows.byDedupeKey(db, dedupeKey);
    return row ? rendered(row) : undefined;
  };

  const pendingCount = () => outboxRows.pendingCount(db);

  /** Emails given up (every attempt failed) since an instant, for the back office's dashboard. */
  const failedSince = (since: Date, limit: number) => outboxRows.failedSince(db, since, limit);

  return { enqueueEmail, emailWrite, dispatchOutbox, mailbox, outboxFor, outboxByKey, pendingCount, failedSince };
}

export type Outbox = ReturnType<typeof createOutbox>;
