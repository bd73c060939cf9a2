// Manual wallet adjustments with four eyes (docs/operators.md): one finance operator asks for a credit or a debit with
// a reason (pending, no money moves); a different finance operator approves it, and only then does the money move,
// once, through the ledger (`ledger.adjust`, reference `adjustment:{id}`, against the manual_adjustments account), in
// the same transaction as the decision; or rejects it with a reason. The row is locked while it is decided, so two
// approvals cannot both move money, and a check constraint keeps the decider apart from the requester.
import { BACKOFFICE_TEXTS, type AdminAdjustment, type AdminAdjustmentBody, type CurrencyCode } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { publicId } from '../../lib/identifier.ts';
import { backofficeRepo, type AdjustmentRow } from './backoffice.repository.ts';

export interface AdjustmentPorts {
  /** The customer's wallet currency, or null when there is no such customer. */
  currencyOf(customerId: string): Promise<CurrencyCode | null>;
  adjust(
    tx: Executor,
    m: {
      customerId: string;
      amountCents: number;
      currency: CurrencyCode;
      reference: string;
      description: string;
      direction: 'credit' | 'debit';
    },
  ): Promise<{ entryId: string }>;
}

const view = (r: AdjustmentRow): AdminAdjustment => ({
  id: r.publicId,
  customerId: r.customerId,
  amountCents: r.amountCents,
  currency: r.currency,
  direction: r.direction as AdminAdjustment['direction'],
  reason: r.reason,
  status: r.status as AdminAdjustment['status'],
  requestedBy: r.requestedBy,
  requestedAt: r.requestedAt.toISOString(),
  decidedBy: r.decidedBy,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  rejectReason: r.rejectReason,
  entryId: r.entryId,
});

/** The adjustment a form's key already made, if the same operator asked for the same thing; else 422. */
function sameRequest(row: AdjustmentRow, body: AdminAdjustmentBody, by: string): AdminAdjustment {
  const same =
    row.customerId === body.customerId &&
    row.amountCents === body.amountCents &&
    row.direction === body.direction &&
    row.reason === body.reason &&
    row.requestedBy === by;
  if (!same) throw unprocessable('This form was already used for another request: reload it.', 'request_key_reused');
  return view(row);
}

export function createBackofficeAdjustments(deps: { db: Db; clock: Clock; ports: AdjustmentPorts }) {
  const { db, clock, ports } = deps;

  /** Locks a pending adjustment for a decision by `by`; refuses a decided one and the requester's own. */
  async function lockPending(tx: Executor, adjustmentId: string, by: string): Promise<AdjustmentRow> {
    const row = await backofficeRepo.adjustment(tx, adjustmentId, true);
    if (!row) throw notFound(BACKOFFICE_TEXTS.noAdjustment, 'adjustment_not_found');
    if (row.status !== 'pending') throw conflict(BACKOFFICE_TEXTS.adjustmentDecided, 'adjustment_decided');
    if (row.requestedBy === by) throw forbidden(BACKOFFICE_TEXTS.ownAdjustment, 'own_adjustment');
    return row;
  }

  return {
    async request(body: AdminAdjustmentBody, by: string): Promise<AdminAdjustment> {
      // A second submit of the same form (its one-time key) answers with the request the first one made.
      const earlier = body.key ? await backofficeRepo.adjustmentByKey(db, body.key) : null;
      if (earlier) return sameRequest(earlier, body, by);
      const currency = await ports.currencyOf(body.customerId);
      if (!currency) throw notFound(BACKOFFICE_TEXTS.noCustomer, 'customer_not_found');
      const row = await backofficeRepo.insertAdjustment(db, {
        publicId: publicId('adj'),
        customerId: body.customerId,
        amountCents: body.amountCents,
        currency,
        direction: body.direction,
        reason: body.reason,
        requestedBy: by,
        requestedAt: clock.now(),
        requestKey: body.key ?? null,
      });
      // null: a concurrent submit of the same form inserted first.
      return row ? view(row) : sameRequest((await backofficeRepo.adjustmentByKey(db, body.key!))!, body, by);
    },

    async approve(adjustmentId: string, by: string): Promise<AdminAdjustment> {
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, adjustmentId, by);
        const { entryId } = await ports.adjust(tx, {
          customerId: row.customerId,
          amountCents: row.amountCents,
          currency: row.currency as CurrencyCode,
          reference: `adjustment:${row.publicId}`,
          description: `Adjustment: ${row.reason}`,
          direction: row.direction as 'credit' | 'debit',
        });
        const done = await backofficeRepo.decideAdjustment(tx, row.id, {
          status: 'approved',
          decidedBy: by,
          decidedAt: clock.now(),
          entryId,
        });
        return view(done!);
      });
    },

    async reject(adjustmentId: string, by: string, reason: string): Promise<AdminAdjustment> {
      return db.transaction(async (tx) => {
        const row = await lockPending(tx, adjustmentId, by);
        const done = await backofficeRepo.decideAdjustment(tx, row.id, {
          status: 'rejected',
          decidedBy: by,
          decidedAt: clock.now(),
          rejectReason: reason,
        });
        return view(done!);
      });
    },

    async list(status: AdminAdjustment['status'] | undefined, page: { limit: number; offset: number }) {
      const { rows, total } = await backofficeRepo.adjustments(db, status, page);
      return { items: rows.map(view), total };
    },

    async get(adjustmentId: string): Promise<AdminAdjustment> {
      const row = await backofficeRepo.adjustment(db, adjustmentId);
      if (!row) throw notFound(BACKOFFICE_TEXTS.noAdjustment, 'adjustment_not_found');
      return view(row);
    },
  };
}

export type BackofficeAdjustments = ReturnType<typeof createBackofficeAdjustments>;
