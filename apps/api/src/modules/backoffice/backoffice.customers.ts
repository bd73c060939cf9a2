// Support's view of customers (docs/operators.md): search, the overview (details, funds, verification, limits,
// exclusions, 2FA), orders, tickets, wallet history and notes, and support's actions (unlock 2FA, ask for a new
// password, start a break on the customer's request, close the account, reopen it unless a self-exclusion is in force). Everything it reads or changes belongs to other modules and is
// reached through the ports services.ts fills in; its own table is the notes.
import {
  BACKOFFICE_TEXTS,
  BREAK_DAYS,
  type AdminCustomer,
  type AdminCustomerOverview,
  type AdminNote,
  type DepositLimits,
  type Exclusion,
  type Order,
  type Precommitment,
  type SpendLimits,
  type Ticket,
} from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { publicId } from '../../lib/identifier.ts';
import { backofficeRepo } from './backoffice.repository.ts';

type Page = { limit: number; offset: number };
type Paged<T> = Promise<{ items: T[]; total: number }>;
type Details = AdminCustomerOverview['customer'];

export interface CustomerPorts {
  search(q: string, page: Page): Paged<AdminCustomer>;
  details(customerId: string): Promise<Details | null>;
  requirePasswordChange(customerId: string): Promise<'required' | 'already' | 'unknown'>;
  /** Identity's operator closure (ADR 089): sign-in and purchases end, the wallet stays as it is. */
  closeAccount(customerId: string, reason: string): Promise<'closed' | 'already' | 'unknown'>;
  /** Identity's reopening (ADR 103); `before` is the account's state as it was read. */
  reopenAccount(customerId: string): Promise<
    | { outcome: 'unknown' }
    | {
        outcome: 'reopened' | 'already' | 'email_taken';
        before: { status: string; closedAt: string | null; closureReason: string | null };
      }
  >;
  /** Responsible gambling: the day a self-exclusion in force ends, or null. */
  selfExclusionEnds(customerId: string): Promise<string | null>;
  funds(customerId: string): Promise<AdminCustomerOverview['funds']>;
  limits(customerId: string): Promise<{ spend: SpendLimits; deposit: DepositLimits; precommitment: Precommitment }>;
  exclusion(customerId: string): Promise<Exclusion | null>;
  exclusionHistory(customerId: string): Promise<Exclusion[]>;
  takeABreak(customerId: string, period: string): Promise<Exclusion>;
  /** null for a closed account. */
  twoFactor(customerId: string): Promise<{ enabled: boolean; method: string | null; locked: boolean } | null>;
  unlockTwoFactor(email: string): Promise<'unlocked' | 'not_locked' | 'unknown'>;
  documentsPending(customerId: string): Promise<boolean>;
  orders(customerId: string, status: 'upcoming_products' | 'past_products', page: Page): Paged<Order>;
  tickets(customerId: string, page: Page): Paged<Ticket>;
  transactions(
    customerId: string,
    page: Page,
  ): Paged<{
    id: string;
    kind: string;
    description: string;
    reference: string;
    amountCents: number;
    currency: string;
    createdAt: Date;
    lines: { account: string; amountCents: number }[];
  }>;
}

const noteView = (r: { publicId: string; body: string; author: string; createdAt: Date }): AdminNote => ({
  id: r.publicId,
  body: r.body,
  author: r.author,
  createdAt: r.createdAt.toISOString(),
});

export function createBackofficeCustomers(deps: { db: Db; clock: Clock; ports: CustomerPorts }) {
  const { db, clock, ports } = deps;

  async function mustGet(customerId: string): Promise<Details> {
    const c = await ports.details(customerId);
    if (!c) throw notFound(BACKOFFICE_TEXTS.noCustomer, 'customer_not_found');
    return c;
  }

  return {
    search: (q: string, page: Page) => ports.search(q, page),
    details: mustGet,

    async overview(customerId: string): Promise<AdminCustomerOverview> {
      const customer = await mustGet(customerId);
      const [funds, limits, exclusion, exclusionHistory, twoFactor, documentsPending] = await Promise.all([
        ports.funds(customerId),
        ports.limits(customerId),
        ports.exclusion(customerId),
        ports.exclusionHistory(customerId),
        ports.twoFactor(customerId),
        ports.documentsPending(customerId),
      ]);
      return {
        customer,
        funds,
        verification: { isVerified: customer.isVerified, documentsPending },
        limits,
        exclusion,
        exclusionHistory,
        twoFactor: twoFactor ?? { enabled: false, method: null, locked: false },
      };
    },

    async orders(customerId: string, status: 'upcoming_products' | 'past_products', page: Page) {
      await mustGet(customerId);
      return ports.orders(customerId, status, page);
    },

    async tickets(customerId: string, page: Page) {
      await mustGet(customerId);
      return ports.tickets(customerId, page);
    },

    async transactions(customerId: string, page: Page) {
      await mustGet(customerId);
      const { items, total } = await ports.transactions(customerId, page);
      return { items: items.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })), total };
    },

    /** Lifts the customer's two-factor lock; `changed` false when it was not locked. */
    async unlockTwoFactor(customerId: string) {
      const c = await mustGet(customerId);
      const outcome = c.status === 'active' ? await ports.unlockTwoFactor(c.email) : 'unknown';
      if (outcome === 'unknown') throw notFound(BACKOFFICE_TEXTS.noCustomer, 'customer_not_found');
      return outcome === 'unlocked'
        ? { changed: true, message: 'Two-factor authentication is unlocked.' }
        : { changed: false, message: 'Two-factor authentication was not locked.' };
    },

    async forcePasswordChange(customerId: string) {
      const outcome = await ports.requirePasswordChange(customerId);
      if (outcome === 'unknown') throw notFound(BACKOFFICE_TEXTS.noCustomer, 'customer_not_found');
      return outcome === 'required'
        ? { changed: true, message: 'The customer must choose a new password at their next sign-in.' }
        : { changed: false, message: 'The customer already has to choose a new password.' };
    },

    /** Closes the account: the customer can no longer sign in or buy; their balance stays, visible here. */
    async closeAccount(customerId: string, reason: string) {
      const outcome = await ports.closeAccount(customerId, reason);
      if (outcome === 'unknown') throw notFound(BACKOFFICE_TEXTS.noCustomer, 'customer_not_found');
      return outcome === 'closed'
        ? { changed: true, message: 'The account is closed: the customer can no longer sign in or buy.' }
        : { changed: false, message: 'The account was already closed.' };
    },

    /**
     * Reopens a closed account (ADR 103): refused while the customer's self-exclusion is in force (the closure then
     * stands until it ends) and while the email belongs to another open account. Answers the state before and after
     * for the audit log.
     */
    async reopenAccount(customerId: string) {
      const c = await mustGet(customerId);
      if (c.status === 'closed') {
        const until = await ports.selfExclusionEnds(customerId);
        if (until)
          throw unprocessable(
            `This account stays closed: the customer is self-excluded until ${until}, and a self-exclusion cannot be lifted early.`,
            'self_excluded',
          );
      }
      const r = await ports.reopenAccount(customerId);
      if (r.outcome === 'unknown') throw notFound(BACKOFFICE_TEXTS.noCustomer, 'customer_not_found');
      if (r.outcome === 'email_taken')
        throw conflict(
          `This account cannot be reopened: ${c.email} belongs to another open account now.`,
          'email_taken',
        );
      const changed = r.outcome === 'reopened';
      return {
        changed,
        message: changed
          ? 'The account is open again: the customer can sign in and buy.'
          : 'The account was already open.',
        before: r.before,
        after: { status: 'active', closedAt: null, closureReason: null },
      };
    },

    /** A break started on the customer's request, through responsible gambling (never shortened, only extended). */
    async startBreak(customerId: string, days: keyof typeof BREAK_DAYS): Promise<Exclusion> {
      await mustGet(customerId);
      return ports.takeABreak(customerId, BREAK_DAYS[days]);
    },

    async notes(customerId: string, page: Page) {
      await mustGet(customerId);
      const { rows, total } = await backofficeRepo.notesOf(db, customerId, page);
      return { items: rows.map(noteView), total };
    },

    async addNote(customerId: string, body: string, author: string): Promise<AdminNote> {
      await mustGet(customerId);
      const row = await backofficeRepo.insertNote(db, {
        publicId: publicId('note'),
        customerId,
        body,
        author,
        createdAt: clock.now(),
      });
      return noteView(row);
    },
  };
}

export type BackofficeCustomers = ReturnType<typeof createBackofficeCustomers>;
