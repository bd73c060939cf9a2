// Finance's deposits desk (docs/operators.md "Deposits"): the deposits list (of a status; searched by a customer's
// email, name or id, or a deposit id), the reconciliation state and "reconcile now", and refunds to the card. The
// payments module does the work (its report, reconciliation and refunds services); this desk adds the customers'
// emails and the search, through ports the composition root fills in.
import {
  DEPOSIT_STUCK_MINUTES,
  type AdminDeposit,
  type AdminDepositRefund,
  type AdminReconcileResult,
  type AdminReconciliation,
} from '@shop/contracts';

type DepositReport = Omit<AdminDeposit, 'customerEmail'>;
type Page = { limit: number; offset: number };

/** What the desk needs of the payments and identity modules (the payments module's row types stay there). */
export interface DepositPorts<Row> {
  /** Customers whose id, email or name matches (at most 100). */
  customerIds(q: string): Promise<string[]>;
  emailsOf(customerIds: string[]): Promise<Map<string, string>>;
  list(
    filter: { status?: AdminDeposit['status']; customerIds: string[] | null; depositId?: string },
    page: Page,
  ): Promise<{ items: DepositReport[]; total: number }>;
  viewsOf(rows: Row[]): Promise<DepositReport[]>;
  state(stuckMinutes: number): Promise<{ uncredited: Row[]; stuck: Row[]; pendingRefunds: AdminDepositRefund[] }>;
  reconcile(): Promise<{ credited: Row[]; refunds: AdminDepositRefund[] }>;
  refund(request: {
    depositId: string;
    amountCents: number;
    reason: string;
    key: string;
    by: string;
  }): Promise<AdminDepositRefund>;
}

export function createBackofficeDeposits<Row>(deps: { ports: DepositPorts<Row> }) {
  const { ports } = deps;

  async function withEmails(items: DepositReport[]): Promise<AdminDeposit[]> {
    const emails = await ports.emailsOf([...new Set(items.map((d) => d.customerId))]);
    return items.map((d) => ({ ...d, customerEmail: emails.get(d.customerId) ?? null }));
  }
  const views = async (rows: Row[]) => withEmails(await ports.viewsOf(rows));

  return {
    async list(query: { status?: AdminDeposit['status']; q?: string }, page: Page) {
      const q = query.q?.trim();
      const byDeposit = q && /^dep_[A-Za-z0-9]+$/.test(q);
      const customerIds = q && !byDeposit ? await ports.customerIds(q) : null;
      const { items, total } = await ports.list(
        { status: query.status, customerIds, depositId: byDeposit ? q : undefined },
        page,
      );
      return { items: await withEmails(items), total };
    },

    async reconciliation(): Promise<AdminReconciliation> {
      const s = await ports.state(DEPOSIT_STUCK_MINUTES);
      return {
        uncredited: await views(s.uncredited),
        stuck: await views(s.stuck),
        stuckMinutes: DEPOSIT_STUCK_MINUTES,
        pendingRefunds: s.pendingRefunds,
      };
    },

    async reconcile(): Promise<AdminReconcileResult> {
      const r = await ports.reconcile();
      return { credited: await views(r.credited), refunds: r.refunds, fixed: r.credited.length + r.refunds.length };
    },

    refund: ports.refund,
  };
}

export type BackofficeDeposits = ReturnType<typeof createBackofficeDeposits<unknown>>;
