// The back office's view of deposits (docs/payments.md "Deposits in the back office"): a page of deposits newest first
// (of a status, of some customers, or one deposit), each with its method (a card's brand and last 4 digits), the
// gateway's reference and its refunds. Reads only.
import type { AdminDeposit, AdminDepositRefund } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import { depositMethod } from './payments.methods.ts';
import { depositsRepository as repo, fundsRepository, type DepositRow } from './payments.repository.ts';
import type { RefundsService } from './payments.refunds.service.ts';

export type DepositReport = Omit<AdminDeposit, 'customerEmail'>;

export interface DepositFilter {
  status?: AdminDeposit['status'];
  /** Only these customers' deposits (null: anyone's). */
  customerIds: string[] | null;
  depositId?: string;
}

export function createDepositsReport(deps: { db: Db; refunds: Pick<RefundsService, 'ofDeposits'> }) {
  const { db } = deps;

  /** Deposit rows as the back office shows them, with their card and refunds. */
  async function viewsOf(rows: DepositRow[]): Promise<DepositReport[]> {
    const fundIds = [...new Set(rows.flatMap((d) => (d.fundId ? [d.fundId] : [])))];
    const [funds, refunds] = await Promise.all([
      fundsRepository.byPublicIds(db, fundIds),
      deps.refunds.ofDeposits(rows.map((d) => d.publicId)),
    ]);
    const fundById = new Map(funds.map((f) => [f.publicId, f]));
    const refundsOf = new Map<string, AdminDepositRefund[]>();
    for (const r of refunds) refundsOf.set(r.depositId, [...(refundsOf.get(r.depositId) ?? []), r]);
    return rows.map((d) => {
      const fund = d.fundId ? fundById.get(d.fundId) : undefined;
      return {
        id: d.publicId,
        customerId: d.customerId,
        amountCents: d.amountCents,
        currency: d.currency,
        status: d.status as AdminDeposit['status'],
        method: depositMethod(d.methodCode)?.name ?? d.methodCode,
        methodCode: d.methodCode,
        cardBrand: fund?.type === 'card' ? fund.brand : null,
        cardLast4: fund?.type === 'card' ? fund.last4 : null,
        gatewayReference: d.gatewayReference,
        failureReason: d.failureReason,
        refundedCents: d.refundedCents,
        refunds: refundsOf.get(d.publicId) ?? [],
        createdAt: d.createdAt.toISOString(),
        updatedAt: d.updatedAt.toISOString(),
      };
    });
  }

  return {
    viewsOf,
    async list(filter: DepositFilter, page: { limit: number; offset: number }) {
      if (filter.customerIds && !filter.customerIds.length) return { items: [], total: 0 };
      const { rows, total } = await repo.page(db, filter, page);
      return { items: await viewsOf(rows), total };
    },
  };
}

export type DepositsReport = ReturnType<typeof createDepositsReport>;
