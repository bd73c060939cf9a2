// /back-office/withdrawals (finance, admin): the withdrawals waiting (or of another status), approve (pay) or reject
// one with a reason, or approve several at once. Each write asks for a confirmation first (a step with its own
// address, so it works without JavaScript); the API pays a withdrawal once however often it is approved.
import { ADMIN_WITHDRAWAL_STATUSES, AdminBulkApproveResult, AdminReasonBody, AdminWithdrawal } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { customerColumn, DataTable, pageQuery } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import type { Route } from './+types/withdrawals';
import { ConfirmPanel, StatusTabs, statusName } from '../../features/back-office/confirm-panel.tsx';

const PATH = `${BACK_OFFICE_PATH}/withdrawals`;
type Status = (typeof ADMIN_WITHDRAWAL_STATUSES)[number];

export function meta() {
  return backOfficeMeta('Withdrawals');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  const { page, limit, offset } = pageQuery(url);
  const status: Status = ADMIN_WITHDRAWAL_STATUSES.find((s) => s === url.searchParams.get('status')) ?? 'pending';
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/withdrawals', { status, limit, offset }));
    const rows = AdminWithdrawal.array().parse(answer.items);
    const confirmIds = url.searchParams.getAll('id');
    const confirm = url.searchParams.get('confirm');
    return {
      page,
      status,
      total: answer.total,
      rows,
      confirm:
        confirm === 'approve' || confirm === 'reject'
          ? {
              kind: confirm as 'approve' | 'reject',
              rows: rows.filter((r) => confirmIds.includes(r.id) && r.status === 'pending'),
            }
          : null,
      done: url.searchParams.get('done'),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  const ids = form.getAll('id').filter((v): v is string => typeof v === 'string');
  try {
    if (form.get('intent') === 'reject') {
      const body = AdminReasonBody.safeParse({ reason: form.get('reason') });
      if (!body.success || ids.length !== 1) return data({ error: 'Write the reason the customer will read.' }, 400);
      await orSignIn(request, api.post(`/withdrawals/${encodeURIComponent(ids[0]!)}/reject`, body.data));
      throw redirect(`${PATH}?done=rejected`);
    }
    if (ids.length === 1) {
      await orSignIn(request, api.post(`/withdrawals/${encodeURIComponent(ids[0]!)}/approve`));
      throw redirect(`${PATH}?done=paid-1`);
    }
    const result = AdminBulkApproveResult.parse(await orSignIn(request, api.post('/withdrawals/approve', { ids })));
    const paid = result.items.filter((i) => i.outcome === 'paid').length;
    throw redirect(`${PATH}?done=paid-${paid}&failed=${result.items.length - paid}`);
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    return data({ error: error.message }, error.status === 409 ? 409 : 422);
  }
}

function doneText(done: string | null): string | null {
  if (done === 'rejected') return 'The withdrawal was rejected; the money is back in the customer’s winnings.';
  const paid = /^paid-(\d+)$/.exec(done ?? '');
  if (paid) return `${paid[1]} withdrawal${paid[1] === '1' ? '' : 's'} approved and paid.`;
  return null;
}

function columns(selectable: boolean): ColumnDef<AdminWithdrawal, unknown>[] {
  const cols: ColumnDef<AdminWithdrawal, unknown>[] = [
    { accessorKey: 'createdAt', header: 'Requested', cell: (c) => formatWhen(c.row.original.createdAt) },
    customerColumn(),
    {
      accessorKey: 'amountCents',
      header: 'Amount',
      cell: (c) => formCents(c.row.original.amountCents, c.row.original.currency),
    },
    { accessorKey: 'methodCode', header: 'Method' },
    { accessorKey: 'destination', header: 'To', cell: (c) => c.row.original.destination ?? '' },
    { accessorKey: 'status', header: 'Status' },
    { accessorKey: 'reason', header: 'Reason', cell: (c) => c.row.original.reason ?? '' },
  ];
  if (!selectable) return cols;
  return [
    {
      id: 'select',
      enableSorting: false,
      header: () => <span className="sr-only">Select</span>,
      cell: (c) => (
        <input
          type="checkbox"
          name="id"
          value={c.row.original.id}
          form="bulk-approve"
          aria-label={`Select the withdrawal of ${formCents(c.row.original.amountCents, c.row.original.currency)} by ${c.row.original.customerId}`}
          className="size-[24px]"
        />
      ),
    },
    ...cols,
    {
      id: 'actions',
      header: 'Decide',
      enableSorting: false,
      cell: (c) => (
        <span className="flex gap-0.5 whitespace-nowrap">
          <Link className="font-semibold underline" to={`?confirm=approve&id=${c.row.original.id}`}>
            Approve…
          </Link>
          <Link className="font-semibold underline" to={`?confirm=reject&id=${c.row.original.id}`}>
            Reject…
          </Link>
        </span>
      ),
    },
  ];
}

function Confirmation({
  confirm,
  error,
}: {
  confirm: { kind: 'approve' | 'reject'; rows: AdminWithdrawal[] };
  error?: string | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  const total = confirm.rows.reduce((sum, r) => sum + r.amountCents, 0);
  const currency = confirm.rows[0]?.currency ?? 'AUD';
  if (!confirm.rows.length) return <FormAlert messages={['These withdrawals are no longer waiting.']} />;
  const approving = confirm.kind === 'approve';
  return (
    <ConfirmPanel
      testId="withdrawal-confirmation"
      title={
        approving
          ? `Approve and pay ${confirm.rows.length} withdrawal${confirm.rows.length === 1 ? '' : 's'} (${formCents(total, currency)})?`
          : `Reject the withdrawal of ${formCents(total, currency)}?`
      }
    >
      <ul className="my-0.5 list-disc pl-1.5">
        {confirm.rows.map((r) => (
          <li key={r.id}>
            {formCents(r.amountCents, r.currency)} to {r.destination ?? r.methodCode} for {r.customerId}
          </li>
        ))}
      </ul>
      {error ? <FormAlert messages={[error]} /> : null}
      <Form method="post" className="flex flex-wrap items-end gap-1">
        {confirm.rows.map((r) => (
          <input key={r.id} type="hidden" name="id" value={r.id} />
        ))}
        {approving ? null : (
          <div className="min-w-[16rem] flex-1">
            <input type="hidden" name="intent" value="reject" />
            <label htmlFor="reject-reason" className="mb-[4px] block font-semibold">
              Reason (the customer reads it)
            </label>
            <input
              id="reject-reason"
              name="reason"
              required
              maxLength={500}
              className="block min-h-[44px] w-full rounded-theme border border-[#767676] px-0.5"
            />
          </div>
        )}
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          {approving ? 'Yes, approve and pay' : 'Yes, reject'}
        </button>
        <Link to={PATH} className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

export default function Withdrawals({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const pending = d.status === 'pending';
  const done = doneText(d.done);
  return (
    <>
      <ScreenTitle title="Withdrawals">Customers’ requests to be paid their winnings.</ScreenTitle>
      {done ? <FormAlert tone="success" messages={[done]} /> : null}
      {d.confirm ? <Confirmation confirm={d.confirm} error={actionData?.error} /> : null}
      <StatusTabs label="Withdrawal status" statuses={ADMIN_WITHDRAWAL_STATUSES} current={d.status} name={statusName} />
      <DataTable
        caption={`Withdrawals: ${d.status}`}
        columns={columns(pending)}
        rows={d.rows}
        rowId={(r) => r.id}
        paging={{ page: d.page, total: d.total }}
        empty={pending ? 'No withdrawals are waiting.' : 'None.'}
      />
      {pending && d.rows.length ? (
        <Form id="bulk-approve" method="get" className="mt-1">
          <input type="hidden" name="confirm" value="approve" />
          <button type="submit" className="btn btn-secondary">
            Approve the selected…
          </button>
        </Form>
      ) : null}
    </>
  );
}
