// /back-office/customers/:customerId: one customer (an audited read): overview with funds, verification, 2FA,
// limits and exclusions; their tickets, orders, wallet transactions and notes (?tab=); support's actions (unlock 2FA,
// force a password change, start a break on request, write a note), each confirmed by its own button, and closing the
// account (a reason and a confirmation step of its own address, ?confirm=close) and reopening a closed one
// (?confirm=reopen, refused by the API while a self-exclusion is in force; ADR 103); links to the customer's identity
// documents (support, admin) and to ask for a manual adjustment (finance, admin).
import {
  AdminActionResult,
  AdminCloseBody,
  AdminCustomerOverview,
  AdminNote,
  AdminNoteBody,
  AdminReopenBody,
  AdminTicket,
  AdminTransaction,
  BREAK_DAYS,
  Order,
  roleCan,
} from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { z } from 'zod';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable, pageQuery } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { useSubmitOnce } from '../../features/back-office/submit-once.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert, inputClass } from '../../ui/form-field.tsx';
import type { Route } from './+types/customer';

const TABS = ['tickets', 'orders', 'transactions', 'notes'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = {
  tickets: 'Tickets',
  orders: 'Orders',
  transactions: 'Transactions',
  notes: 'Notes',
};
type Transaction = z.infer<typeof AdminTransaction>;

export function meta() {
  return backOfficeMeta('Customer');
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, operator } = await requireOperator(request, context);
  const url = new URL(request.url);
  const tab: Tab = TABS.find((t) => t === url.searchParams.get('tab')) ?? 'tickets';
  const { page, limit, offset } = pageQuery(url);
  const base = `/customers/${encodeURIComponent(params.customerId)}`;
  try {
    const [overview, list] = await Promise.all([
      orSignIn(request, api.get(base)),
      orSignIn(request, api.get<AdminPage<unknown>>(`${base}/${tab}`, { limit, offset })),
    ]);
    return {
      tab,
      page,
      total: list.total,
      items: list.items,
      overview: AdminCustomerOverview.parse(overview),
      canSupport: roleCan(operator.role, 'customers.support'),
      canReviewDocuments: roleCan(operator.role, 'kyc.review'),
      canAdjust: roleCan(operator.role, 'adjustments.manage'),
      canRefund: roleCan(operator.role, 'deposits.manage'),
      confirmClose: url.searchParams.get('confirm') === 'close',
      confirmReopen: url.searchParams.get('confirm') === 'reopen',
      closed: url.searchParams.get('done') === 'closed',
      reopened: url.searchParams.get('done') === 'reopened',
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  const base = `/customers/${encodeURIComponent(params.customerId)}`;
  const intent = form.get('intent');
  try {
    if (intent === 'note') {
      const body = AdminNoteBody.safeParse({ body: form.get('body') });
      if (!body.success) return data({ error: 'Write the note first.', done: null }, 400);
      await orSignIn(request, api.post(`${base}/notes`, body.data));
      return { error: null, done: 'Note saved.' };
    }
    if (intent === 'break') {
      await orSignIn(request, api.post(`${base}/break`, { days: Number(form.get('days')) }));
      return { error: null, done: 'The break has started.' };
    }
    if (intent === 'close') {
      const body = AdminCloseBody.safeParse({ reason: form.get('reason') });
      if (!body.success) return data({ error: 'Write why the account is closed.', done: null }, 400);
      const result = AdminActionResult.parse(await orSignIn(request, api.post(`${base}/close`, body.data)));
      if (!result.changed) return { error: null, done: result.message };
      throw redirect(`${BACK_OFFICE_PATH}/customers/${encodeURIComponent(params.customerId)}?done=closed`);
    }
    if (intent === 'reopen') {
      const body = AdminReopenBody.safeParse({ reason: form.get('reason') });
      if (!body.success) return data({ error: 'Write why the account is reopened.', done: null }, 400);
      const result = AdminActionResult.parse(await orSignIn(request, api.post(`${base}/reopen`, body.data)));
      if (!result.changed) return { error: null, done: result.message };
      throw redirect(`${BACK_OFFICE_PATH}/customers/${encodeURIComponent(params.customerId)}?done=reopened`);
    }
    if (intent === 'unlock-2fa' || intent === 'force-password-change') {
      const result = AdminActionResult.parse(await orSignIn(request, api.post(`${base}/${intent}`)));
      return { error: null, done: result.message };
    }
    return data({ error: 'Unknown action.', done: null }, 400);
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    return data({ error: error.message, done: null }, 422);
  }
}

const ticketColumns: ColumnDef<z.infer<typeof AdminTicket>, unknown>[] = [
  { accessorKey: 'id', header: 'Ticket' },
  { accessorKey: 'offerName', header: 'Game' },
  { accessorKey: 'drawNo', header: 'Draw' },
  { accessorKey: 'drawDate', header: 'Draw date', cell: (c) => formatWhen(c.row.original.drawDate) },
  { accessorKey: 'status', header: 'Status' },
  {
    id: 'numbers',
    header: 'Numbers',
    enableSorting: false,
    cell: (c) =>
      c.row.original.lines.length
        ? c.row.original.lines.map((l) => Object.values(l.sets).flat().join(' ')).join(' | ')
        : c.row.original.raffleTicketNumbers.join(', '),
  },
  {
    id: 'prize',
    header: 'Prize',
    accessorFn: (t) => t.lines.reduce((sum, l) => sum + (l.prize ? Math.round(l.prize.amount * 100) : 0), 0),
    cell: (c) => formCents(Number(c.getValue()), 'AUD'),
  },
  { accessorKey: 'orderId', header: 'Order' },
];

const orderColumns: ColumnDef<z.infer<typeof Order>, unknown>[] = [
  { accessorKey: 'id', header: 'Order' },
  { accessorKey: 'createdAt', header: 'Placed', cell: (c) => formatWhen(String(c.row.original.createdAt)) },
  { accessorKey: 'status', header: 'Status' },
];

const transactionColumns: ColumnDef<Transaction, unknown>[] = [
  { accessorKey: 'createdAt', header: 'When', cell: (c) => formatWhen(c.row.original.createdAt) },
  { accessorKey: 'kind', header: 'Kind' },
  { accessorKey: 'description', header: 'Description' },
  { accessorKey: 'reference', header: 'Reference' },
  {
    accessorKey: 'amountCents',
    header: 'Amount',
    cell: (c) => formCents(c.row.original.amountCents, c.row.original.currency),
  },
];

const noteColumns: ColumnDef<AdminNote, unknown>[] = [
  { accessorKey: 'createdAt', header: 'When', cell: (c) => formatWhen(c.row.original.createdAt) },
  { accessorKey: 'author', header: 'By' },
  { accessorKey: 'body', header: 'Note', enableSorting: false },
];

function TabTable({ tab, items, paging }: { tab: Tab; items: unknown[]; paging: { page: number; total: number } }) {
  const common = { paging, caption: TAB_LABELS[tab], empty: `No ${TAB_LABELS[tab].toLowerCase()}.` };
  if (tab === 'tickets')
    return (
      <DataTable {...common} columns={ticketColumns} rows={AdminTicket.array().parse(items)} rowId={(r) => r.id} />
    );
  if (tab === 'orders')
    return <DataTable {...common} columns={orderColumns} rows={Order.array().parse(items)} rowId={(r) => r.id} />;
  if (tab === 'transactions')
    return (
      <DataTable
        {...common}
        columns={transactionColumns}
        rows={AdminTransaction.array().parse(items)}
        rowId={(r) => r.id}
      />
    );
  return <DataTable {...common} columns={noteColumns} rows={AdminNote.array().parse(items)} rowId={(r) => r.id} />;
}

function Overview({ o }: { o: AdminCustomerOverview }) {
  const c = o.customer;
  const f = o.funds;
  const rows: [string, string][] = [
    ['Email', c.email],
    ['Customer id', c.id],
    ['Status', c.closedAt ? `closed ${formatWhen(c.closedAt)}` : c.status],
    ['Born', c.dateOfBirth],
    ['Phone', c.phone],
    ['Address', [c.address, c.addressLine2, c.suburb, c.state, c.postcode, c.country].filter(Boolean).join(', ')],
    ['Segment', c.segmentName],
    [
      'Identity',
      o.verification.isVerified ? 'verified' : o.verification.documentsPending ? 'documents waiting' : 'not verified',
    ],
    [
      'Two-factor',
      o.twoFactor.enabled ? `${o.twoFactor.method ?? 'on'}${o.twoFactor.locked ? ', locked' : ''}` : 'off',
    ],
    ['Balance', formCents(f.balanceCents, f.currency)],
    ['Withdrawable', formCents(f.withdrawableCents, f.currency)],
    ['Bonus', formCents(f.bonusCents, f.currency)],
    ['Withdrawals pending', formCents(f.pendingWithdrawalsCents, f.currency)],
    [
      'Exclusion',
      o.exclusion ? `${o.exclusion.kind.replaceAll('_', ' ')} until ${formatWhen(o.exclusion.endsAt)}` : 'none',
    ],
  ];
  return (
    <dl className="mb-2 grid gap-x-2 gap-y-0.5 sm:grid-cols-[max-content_1fr]" data-testid="customer-overview">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold">{k}</dt>
          <dd className="break-words">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function SupportActions() {
  const busy = useNavigation().state === 'submitting';
  const button = 'btn btn-secondary';
  return (
    <section aria-labelledby="support-actions" className="mb-2">
      <h2 id="support-actions" className="mb-0.5 text-xl font-bold">
        Support actions
      </h2>
      <div className="flex flex-wrap items-end gap-1">
        <Form method="post">
          <button name="intent" value="unlock-2fa" disabled={busy} className={button}>
            Unlock two-factor
          </button>
        </Form>
        <Form method="post">
          <button name="intent" value="force-password-change" disabled={busy} className={button}>
            Ask for a new password
          </button>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-0.5">
          <div>
            <label htmlFor="break-days" className="mb-[4px] block font-semibold">
              Break the customer asked for
            </label>
            <select id="break-days" name="days" className="min-h-[44px] rounded-theme border border-[#767676] px-0.5">
              {Object.entries(BREAK_DAYS).map(([days, label]) => (
                <option key={days} value={days}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button name="intent" value="break" disabled={busy} className={button}>
            Start the break
          </button>
        </Form>
      </div>
      <Form method="post" className="mt-1">
        <label htmlFor="note-body" className="mb-[4px] block font-semibold">
          Note for other operators
        </label>
        <textarea
          id="note-body"
          name="body"
          required
          maxLength={2000}
          rows={3}
          className="block w-full rounded-theme border border-[#767676] p-0.5"
        />
        <button name="intent" value="note" disabled={busy} className="btn btn-primary mt-0.5">
          Save note
        </button>
      </Form>
    </section>
  );
}

/** The confirmation step of closing the account (?confirm=close), shown above the overview. */
function CloseAccount({ name, balance }: { name: string; balance: string }) {
  const { busy, onSubmit } = useSubmitOnce();
  return (
    <section
      aria-labelledby="close-title"
      className="mb-2 rounded-theme border-2 border-[#b71c1c] bg-[#ffebee] p-1"
      data-testid="close-confirmation"
    >
      <h2 id="close-title" className="text-xl font-bold">
        Close {name}’s account?
      </h2>
      <p className="my-0.5">
        They will be signed out everywhere and can no longer sign in or buy. Their balance ({balance}) stays in the
        wallet, shown here; finance settles it with a manual adjustment.
      </p>
      <Form method="post" onSubmit={onSubmit} className="flex flex-wrap items-end gap-1">
        <input type="hidden" name="intent" value="close" />
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="close-reason" className="mb-[4px] block font-semibold">
            Why (kept with the account and in the audit log)
          </label>
          <input id="close-reason" name="reason" required maxLength={500} className={inputClass} />
        </div>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          Yes, close the account
        </button>
        <Link to="?" className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** The confirmation step of reopening a closed account (?confirm=reopen), shown above the overview. */
function ReopenAccount({ name, closure }: { name: string; closure: string }) {
  const { busy, onSubmit } = useSubmitOnce();
  return (
    <ConfirmPanel testId="reopen-confirmation" title={`Reopen ${name}’s account?`}>
      <p className="my-0.5">
        It was {closure}. Once reopened they can sign in with their password and buy again; sessions ended at the
        closure stay ended. An account closed during a self-exclusion stays closed until the self-exclusion ends.
      </p>
      <Form method="post" onSubmit={onSubmit} className="flex flex-wrap items-end gap-1">
        <input type="hidden" name="intent" value="reopen" />
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="reopen-reason" className="mb-[4px] block font-semibold">
            Why (kept in the audit log)
          </label>
          <input id="reopen-reason" name="reason" required maxLength={500} className={inputClass} />
        </div>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          Yes, reopen the account
        </button>
        <Link to="?" className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

export default function Customer({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const c = d.overview.customer;
  return (
    <>
      <ScreenTitle title={`${c.firstname} ${c.lastname}`}>
        Every look at this page is recorded in the audit log.
      </ScreenTitle>
      {actionData?.done ? <FormAlert tone="success" messages={[actionData.done]} /> : null}
      {d.closed ? (
        <FormAlert
          tone="success"
          messages={['The account is closed: the customer can no longer sign in or buy. Their balance is unchanged.']}
        />
      ) : null}
      {d.reopened ? (
        <FormAlert
          tone="success"
          messages={['The account is open again: the customer can sign in with their password and buy.']}
        />
      ) : null}
      {actionData?.error ? <FormAlert messages={[actionData.error]} /> : null}
      {d.canSupport && c.status === 'closed' && d.confirmReopen ? (
        <ReopenAccount
          name={`${c.firstname} ${c.lastname}`}
          closure={`closed ${c.closedAt ? formatWhen(c.closedAt) : ''}`.trim()}
        />
      ) : null}
      {d.canSupport && c.status === 'active' && d.confirmClose ? (
        <CloseAccount
          name={`${c.firstname} ${c.lastname}`}
          balance={formCents(d.overview.funds.balanceCents, d.overview.funds.currency)}
        />
      ) : null}
      <Overview o={d.overview} />
      <p className="mb-1 flex flex-wrap gap-1">
        {d.canReviewDocuments ? (
          <Link className="font-semibold underline" to={`${BACK_OFFICE_PATH}/customers/${c.id}/documents`}>
            Identity documents{d.overview.verification.documentsPending ? ' (waiting for a decision)' : ''}
          </Link>
        ) : null}
        {d.canAdjust ? (
          <Link className="font-semibold underline" to={`${BACK_OFFICE_PATH}/adjustments?customer=${c.id}`}>
            Ask for a manual adjustment
          </Link>
        ) : null}
        {d.canRefund ? (
          <Link className="font-semibold underline" to={`${BACK_OFFICE_PATH}/deposits?q=${c.id}`}>
            Deposits and refunds
          </Link>
        ) : null}
      </p>
      {d.canSupport && c.status === 'active' ? <SupportActions /> : null}
      {d.canSupport && c.status === 'active' && !d.confirmClose ? (
        <p className="mb-2">
          <Link to="?confirm=close" className="btn btn-secondary">
            Close the account…
          </Link>
        </p>
      ) : null}
      {d.canSupport && c.status === 'closed' && !d.confirmReopen ? (
        <p className="mb-2">
          <Link to="?confirm=reopen" className="btn btn-secondary">
            Reopen the account…
          </Link>
        </p>
      ) : null}
      <nav aria-label="Customer records" className="mb-1 flex flex-wrap gap-1 border-b border-[#d0d0d0]">
        {TABS.map((t) => (
          <Link
            key={t}
            to={`?tab=${t}`}
            aria-current={t === d.tab ? 'page' : undefined}
            className="inline-block min-h-[44px] py-0.5 font-semibold underline aria-[current=page]:no-underline aria-[current=page]:border-b-4 aria-[current=page]:border-black"
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      <TabTable tab={d.tab} items={d.items} paging={{ page: d.page, total: d.total }} />
    </>
  );
}
