// Payment resolutions (docs/recurring.md "Paying unattended", ADR 063): the recurring purchases whose last attempt
// failed hard, grouped by the fund that failed, with what the customer can do: change the fund (the wallet or a saved
// card), add a card (the payments module's add-card flow), or say the payment method is updated and retry. Also the
// fund a new recurring purchase takes from the customer's recurring purchase method (kept by identity).
import type { Autoplay, FundKind, PaymentResolution, PaymentResolutionRetry } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { cardExpired } from './recurring.funding.ts';
import { createRecurringPaymentsRepository } from './recurring.payments.repository.ts';
import type { RecurringProcessor } from './recurring.processor.ts';
import { createRecurringRepository, type RecurringRow } from './recurring.repository.ts';
import type { DrawCalendar } from './recurring.service.ts';
import { cannotUnpauseError, pausedByFailures, recurringOnSale } from './recurring.status.ts';
import { autoplayView } from './recurring.view.ts';

/** A saved card of the customer's, as the payments module lists it. */
export interface SavedCard {
  id: string;
  brand: string | null;
  last4: string | null;
  isDefault: boolean;
  expiryMonth: number | null;
  expiryYear: number | null;
}

export interface RecurringPaymentsDeps {
  db: Db;
  clock: Clock;
  calendar: DrawCalendar;
  /** The customer's saved cards (payments' funds of code cc). */
  cardsOf(customerId: string): Promise<SavedCard[]>;
  processor: Pick<RecurringProcessor, 'run'>;
  /** The processor's hard failures in a row before it pauses (MAX_HARD_FAILURES unless told). */
  maxHardFailures?: number;
}

export const RESOLUTION_ACTIONS = ['change-fund', 'add-card', 'payment-method-updated'] as const;

const brandName = (brand: string | null) => (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');
/** How a card is named to the customer: "Visa ending 4242". */
export const cardLabel = (card: Pick<SavedCard, 'brand' | 'last4'>) =>
  `${brandName(card.brand)} ending ${card.last4 ?? '????'}`;

type Fund = { kind: 'wallet' | 'cc'; id: string | null };

/**
 * The fund of a new recurring purchase from the customer's recurring purchase method: a saved card's id pays from that
 * card, `wallet_then_card` from the default card at the time of charging (fund id null), anything else the wallet.
 */
export function fundOfMethod(key: string | null): Fund {
  if (key?.startsWith('fnd_')) return { kind: 'cc', id: key };
  if (key === 'wallet_then_card') return { kind: 'cc', id: null };
  return { kind: 'wallet', id: null };
}

export function createRecurringPaymentsService(deps: RecurringPaymentsDeps) {
  const { db, clock } = deps;
  const repo = createRecurringPaymentsRepository();
  const recurringRepo = createRecurringRepository();
  const view = autoplayView(deps.calendar);

  /** A fund key the customer may pay recurring purchases from: the wallet or one of their unexpired cards. */
  async function usableFund(customerId: string, key: string | undefined, field: string): Promise<Fund> {
    if (key === 'wallet') return { kind: 'wallet', id: null };
    const card = key ? (await deps.cardsOf(customerId)).find((c) => c.id === key) : undefined;
    if (!key || !card) {
      const text = 'Choose your wallet or one of your saved cards.';
      throw unprocessable(text, 'invalid_recurring_purchase_method', { [field]: [text] });
    }
    if (cardExpired(card, clock.now())) {
      const text = 'This card has expired. Choose another card or your wallet.';
      throw unprocessable(text, 'card_expired', { [field]: [text] });
    }
    return { kind: 'cc', id: card.id };
  }

  /** The failed recurring purchases grouped by the fund that failed, with what the customer can do. */
  async function resolutions(customerId: string): Promise<PaymentResolution[]> {
    const [failed, cards] = await Promise.all([repo.failedOf(db, customerId), deps.cardsOf(customerId)]);
    const groups = new Map<string, RecurringRow[]>();
    for (const row of failed) {
      const key = row.fundKind === 'cc' ? (row.fundId ?? 'cc') : 'wallet';
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return Promise.all(
      [...groups.entries()].map(async ([key, rows]) => {
        const card = cards.find((c) => c.id === key);
        const fundKind: FundKind = key === 'wallet' ? 'wallet' : 'cc';
        const items: Autoplay[] = await Promise.all(rows.map(view));
        return {
          fundSource:
            fundKind === 'wallet'
              ? 'Wallet'
              : card
                ? cardLabel(card)
                : key === 'cc'
                  ? 'Your default card'
                  : 'A removed card',
          fundKind,
          reason: rows.at(-1)!.lastFailureReason,
          actions: [...RESOLUTION_ACTIONS],
          recurringPurchases: {
            subscriptions: items.filter((i) => i.type === 'subscription'),
            autoplays: items.filter((i) => i.type === 'autoplay'),
          },
        };
      }),
    );
  }

  /** The failed ones a call is about: all of the customer's, or the one named (404 if not theirs; 409 if not failed). */
  async function target(customerId: string, failed: RecurringRow[], autoplayId: string | undefined) {
    if (!autoplayId) return failed;
    const one = failed.find((r) => r.publicId === autoplayId);
    if (one) return [one];
    const row = await recurringRepo.findOwn(db, customerId, autoplayId);
    if (!row || row.status === 'cancelled')
      throw notFound('There is no such recurring purchase.', 'autoplay_not_found');
    throw new AppError(409, 'This recurring purchase has no failed payment to resolve.', { code: 'not_failed' });
  }

  return {
    /** GET /payment_resolutions. */
    resolutions,

    /** POST /payment_resolutions/change-fund: the failed recurring purchases (or the one named) pay from this fund. */
    async changeFund(customerId: string, body: { fundId: string; autoplayId?: string }): Promise<PaymentResolution[]> {
      const fund = await usableFund(customerId, body.fundId, 'fund_id');
      await db.transaction(async (tx) => {
        const rows = await target(customerId, await repo.failedOf(tx, customerId, true), body.autoplayId);
        await repo.setFund(
          tx,
          rows.map((r) => r.id),
          { fundKind: fund.kind, fundId: fund.id, updatedAt: clock.now() },
        );
      });
      return resolutions(customerId);
    },

    /**
     * POST /payment_resolutions/retry (the payment-method-updated action; docs/recurring.md "Retry and pauses"): the
     * failed recurring purchases (or the one named) have their hard-failed draw or period cleared and their failures
     * counted afresh, so it is attempted again, and the processor runs for the customer now. The retry undoes what the
     * failures did, never what the customer did: a pause the failures made is lifted (as an unpause: every offer is
     * checked first, 422 "Cannot Unpause AutoPlay" and nothing changes if one no longer sells it), while the customer's
     * own pause — timed, or paused before the failures would have paused it — holds, and nothing is bought for it
     * until it ends (its date passes, or they unpause). Those are answered as `waiting`.
     */
    async retry(customerId: string, body: { autoplayId?: string }): Promise<PaymentResolutionRetry> {
      const kept = await db.transaction(async (tx) => {
        const rows = await target(customerId, await repo.failedOf(tx, customerId, true), body.autoplayId);
        const resumed = rows.filter((r) => r.status === 'active' || pausedByFailures(r, deps.maxHardFailures));
        for (const r of resumed) if (!(await recurringOnSale(deps.calendar, r))) throw cannotUnpauseError();
        const now = clock.now();
        const kept = rows.filter((r) => !resumed.includes(r)).map((r) => r.id);
        await repo.retry(
          tx,
          resumed.map((r) => r.id),
          now,
          { resume: true },
        );
        await repo.retry(tx, kept, now, { resume: false });
        return new Set(kept);
      });
      const report = await deps.processor.run({ customerId });
      const left = await resolutions(customerId);
      // Still paused after the run (a timed pause whose date had passed was resumed by it, and is not waiting).
      const waiting = (await recurringRepo.liveForCustomer(db, customerId)).filter(
        (r) => kept.has(r.id) && (r.status === 'paused' || r.status === 'timed_paused'),
      );
      return {
        state: left.length ? 'retry_error' : 'completed',
        report,
        resolutions: left,
        waiting: await Promise.all(waiting.map(view)),
      };
    },
  };
}

export type RecurringPaymentsService = ReturnType<typeof createRecurringPaymentsService>;
