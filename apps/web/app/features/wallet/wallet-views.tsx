// Read-only wallet screens: deposit details (success and failure variants), the 3-D Secure hand-off, withdrawal
// details, the transactions list with paging and one transaction's detail.
import type { Deposit, Transaction, TransactionDetail, Withdrawal } from '@shop/contracts';
import { Link } from 'react-router';
import {
  DEPOSIT_FAILURE_TEXT,
  formatDateTime,
  moneyLabel,
  TRANSACTION_KIND_LABELS,
  WITHDRAWAL_STATUS_LABELS,
} from './wallet-labels.ts';
import type { WalletLocale } from './wallet-rules.ts';

export interface SiteView {
  locale: WalletLocale;
  timeZone: string;
}

export type DepositVariant = 'success' | 'failure' | 'pending' | 'cancelled';

export function depositVariant(deposit: Deposit): DepositVariant {
  if (deposit.status === 'approved') return 'success';
  if (deposit.status === 'failed') return 'failure';
  if (deposit.status === 'cancelled') return 'cancelled';
  return 'pending';
}

export function DepositDetails({ deposit, site }: { deposit: Deposit; site: SiteView }) {
  const variant = depositVariant(deposit);
  const amount = moneyLabel(deposit.amount, site.locale);
  return (
    <div className="flex flex-col gap-1" data-testid={`deposit-${variant}`}>
      {variant === 'success' ? (
        <>
          <h1 className="text-3xl font-extrabold text-brand">Deposit successful</h1>
          <p>{amount} has been added to your account.</p>
        </>
      ) : variant === 'failure' ? (
        <>
          <h1 className="text-3xl font-extrabold text-brand">Deposit failed</h1>
          <p role="alert">{deposit.failureReason ?? DEPOSIT_FAILURE_TEXT}</p>
          <p>No money was taken.</p>
        </>
      ) : variant === 'cancelled' ? (
        <>
          <h1 className="text-3xl font-extrabold text-brand">Deposit cancelled</h1>
          <p>You cancelled the payment. No money was taken.</p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-extrabold text-brand">Deposit pending</h1>
          <p>Your deposit of {amount} is being processed.</p>
        </>
      )}
      <dl className="grid max-w-[32rem] grid-cols-2 gap-0.5 wrap-anywhere">
        <dt className="font-bold">Amount</dt>
        <dd>{amount}</dd>
        <dt className="font-bold">Date</dt>
        <dd>{formatDateTime(deposit.createdAt, site.locale, site.timeZone)}</dd>
        <dt className="font-bold">Reference</dt>
        <dd>{deposit.id}</dd>
      </dl>
      <div className="flex flex-wrap gap-0.5">
        {variant === 'failure' || variant === 'cancelled' ? (
          <Link to="/my-account/deposit" className="btn btn-primary">
            Try again
          </Link>
        ) : (
          <Link to="/lotto-tickets" className="btn btn-primary">
            Play now
          </Link>
        )}
        {deposit.transactionId ? (
          <Link to={`/my-account/deposit/summary/${deposit.transactionId}`} className="btn btn-secondary">
            View summary
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The 3-D Secure hand-off: the card issuer's challenge page takes over, then returns to /3ds/notify. */
export function DepositAuthorisation({ deposit, site }: { deposit: Deposit; site: SiteView }) {
  return (
    <div className="flex flex-col gap-1">
      <h1 className="text-3xl font-extrabold text-brand">Authorise your deposit</h1>
      <p>Your card issuer needs to confirm the deposit of {moneyLabel(deposit.amount, site.locale)}.</p>
      {deposit.challengeUrl ? (
        <a href={deposit.challengeUrl} className="btn btn-primary self-start" data-testid="three-ds-continue">
          Continue to your bank
        </a>
      ) : (
        <p>Waiting for your card issuer. Check again in a moment.</p>
      )}
    </div>
  );
}

const WITHDRAWAL_HEADINGS: Record<Withdrawal['status'], string> = {
  pending: 'Withdrawal requested',
  approved: 'Withdrawal approved',
  paid: 'Withdrawal paid',
  rejected: 'Withdrawal rejected',
};

/** What each withdrawal state means for the customer: pending, approved, paid, or rejected with the funds returned. */
export function withdrawalStateText(status: Withdrawal['status'], amount: string): string {
  switch (status) {
    case 'pending':
      return `Your withdrawal of ${amount} has been received. We'll pay it into your account once it is approved.`;
    case 'approved':
      return `Your withdrawal of ${amount} has been approved and is being paid into your account.`;
    case 'paid':
      return `Your withdrawal of ${amount} has been paid into your account.`;
    case 'rejected':
      return `Your withdrawal of ${amount} was rejected and the funds were returned to your account.`;
  }
}

export function WithdrawalDetails({ withdrawal, site }: { withdrawal: Withdrawal; site: SiteView }) {
  const amount = moneyLabel(withdrawal.amount, site.locale);
  return (
    <div className="flex flex-col gap-1" data-testid="withdrawal-details">
      <h1 className="text-3xl font-extrabold text-brand">{WITHDRAWAL_HEADINGS[withdrawal.status]}</h1>
      <p data-testid="withdrawal-state">{withdrawalStateText(withdrawal.status, amount)}</p>
      <dl className="grid max-w-[32rem] grid-cols-2 gap-0.5 wrap-anywhere">
        <dt className="font-bold">Amount</dt>
        <dd>{amount}</dd>
        <dt className="font-bold">Status</dt>
        <dd>{WITHDRAWAL_STATUS_LABELS[withdrawal.status] ?? withdrawal.status}</dd>
        <dt className="font-bold">Requested</dt>
        <dd>{formatDateTime(withdrawal.createdAt, site.locale, site.timeZone)}</dd>
        {withdrawal.reason ? (
          <>
            <dt className="font-bold">Reason</dt>
            <dd>{withdrawal.reason}</dd>
          </>
        ) : null}
        <dt className="font-bold">Reference</dt>
        <dd>{withdrawal.id}</dd>
      </dl>
      <Link to="/my-account/transactions" className="btn btn-secondary self-start">
        View transactions
      </Link>
    </div>
  );
}

export function TransactionsList({
  items,
  page,
  hasNext,
  site,
}: {
  items: Transaction[];
  page: number;
  hasNext: boolean;
  site: SiteView;
}) {
  return (
    <div className="flex flex-col gap-1">
      {items.length === 0 ? (
        <p>You have no transactions yet.</p>
      ) : (
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Your transactions, page {page}</caption>
          <thead>
            <tr className="border-b border-black/20">
              <th scope="col" className="py-0.5">
                Date
              </th>
              <th scope="col">Description</th>
              <th scope="col" className="text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((t) => (
              <tr key={t.id} className="border-b border-black/10" data-testid="transaction-row">
                <td className="py-0.5">{formatDateTime(t.createdAt, site.locale, site.timeZone)}</td>
                <td>
                  <Link to={`/my-account/transactions/transaction/${t.id}`} className="underline">
                    {t.description || TRANSACTION_KIND_LABELS[t.kind]}
                  </Link>
                </td>
                <td className="text-right">{moneyLabel(t.amount, site.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Transaction pages" className="flex gap-0.5">
        {page > 1 ? (
          <Link
            to={page === 2 ? '/my-account/transactions' : `/my-account/transactions/${page - 1}`}
            className="btn btn-secondary"
            rel="prev"
          >
            Previous
          </Link>
        ) : null}
        {hasNext ? (
          <Link to={`/my-account/transactions/${page + 1}`} className="btn btn-secondary" rel="next">
            Next
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export function TransactionView({
  transaction,
  site,
  heading = 'Transaction details',
}: {
  transaction: TransactionDetail;
  site: SiteView;
  heading?: string;
}) {
  return (
    <div className="flex flex-col gap-1" data-testid="transaction-detail">
      <h1 className="text-3xl font-extrabold text-brand">{heading}</h1>
      <dl className="grid max-w-[32rem] grid-cols-2 gap-0.5 wrap-anywhere">
        <dt className="font-bold">Type</dt>
        <dd>{TRANSACTION_KIND_LABELS[transaction.kind] ?? transaction.kind}</dd>
        <dt className="font-bold">Description</dt>
        <dd>{transaction.description}</dd>
        <dt className="font-bold">Amount</dt>
        <dd>{moneyLabel(transaction.amount, site.locale)}</dd>
        <dt className="font-bold">Date</dt>
        <dd>{formatDateTime(transaction.createdAt, site.locale, site.timeZone)}</dd>
        <dt className="font-bold">Reference</dt>
        <dd>{transaction.reference}</dd>
      </dl>
      <Link to="/my-account/transactions" className="btn btn-secondary self-start">
        All transactions
      </Link>
    </div>
  );
}
