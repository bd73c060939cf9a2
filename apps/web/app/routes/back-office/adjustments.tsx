// /back-office/adjustments (finance, admin): manual adjustments with four eyes. One finance operator asks for a
// credit or debit with a reason (nothing moves); a second one approves it (the money moves through the ledger once)
// or rejects it, each after a confirmation step with its own address (?confirm=…&id=…, so it works without
// JavaScript). The API refuses the requester's own decision; that refusal is shown here as the API words it.
import { parseWithZod } from '@conform-to/zod/v4';
import { ADJUSTMENT_STATUSES, AdminAdjustment, AdminReasonBody } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect } from 'react-router';
import { AdjustmentForm, adjustmentBody } from '../../features/back-office/adjustment-form.ts';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import {
  orSignIn,
  requireOperator,
  writeOrRefusal as write,
} from '../../features/back-office/back-office-session.server.ts';
import { customerColumn, DataTable, pageQuery } from '../../features/back-office/data-table.tsx';
import { useSubmitOnce } from '../../features/back-office/submit-once.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert, inputClass } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/adjustments';
import { ConfirmPanel, StatusTabs, statusName } from '../../features/back-office/confirm-panel.tsx';

const PATH = `${BACK_OFFICE_PATH}/adjustments`;
type Status = (typeof ADJUSTMENT_STATUSES)[number];
type Decision = 'approve' | 'reject';

export function meta() {
  return backOfficeMeta('Adjustments');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, operator } = await requireOperator(request, context);
  const url = new URL(request.url);
  const { page, limit, offset } = pageQuery(url);
  const status: Status = ADJUSTMENT_STATUSES.find((s) => s === url.searchParams.get('status')) ?? 'pending';
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/adjustments', { status, limit, offset }));
    const rows = AdminAdjustment.array().parse(answer.items);
    const confirm = url.searchParams.get('confirm');
    const id = url.searchParams.get('id');
    let confirming: { kind: Decision; id: string; row: AdminAdjustment | null } | null = null;
    if ((confirm === 'approve' || confirm === 'reject') && id) {
      // The one asked about, even when it is not on this page (the list is newest first).
      const waiting = await orSignIn(
        request,
        api.get<AdminPage<unknown>>('/adjustments', { status: 'pending', limit: 100 }),
      );
      const row =
        AdminAdjustment.array()
          .parse(waiting.items)
          .find((r) => r.id === id) ?? null;
      confirming = { kind: confirm, id, row };
    }
    return {
      page,
      status,
      total: answer.total,
      rows,
      me: operator.id,
      confirming,
      customer: url.searchParams.get('customer') ?? '',
      done: url.searchParams.get('done'),
      // The request form's one-time key: submitting the same form twice (a double click) asks once.
      formKey: `bo-${crypto.randomUUID()}`,
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'request') {
    const submission = parseWithZod(form, { schema: AdjustmentForm });
    if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, 400);
    const sent = await write(request, api.post('/adjustments', adjustmentBody(submission.value)));
    if ('error' in sent)
      return data({ result: submission.reply({ formErrors: [sent.error] }), error: null }, sent.status);
    const made = AdminAdjustment.parse(sent.ok);
    throw redirect(`${PATH}?status=pending&done=requested-${made.id}`);
  }
  const id = String(form.get('id') ?? '');
  if (!id) return data({ result: null, error: 'Unknown adjustment.' }, 400);
  const at = `/adjustments/${encodeURIComponent(id)}`;
  if (intent === 'reject') {
    const body = AdminReasonBody.safeParse({ reason: form.get('reason') });
    if (!body.success) return data({ result: null, error: 'Write the reason for rejecting it.' }, 400);
    const sent = await write(request, api.post(`${at}/reject`, body.data));
    if ('error' in sent) return data({ result: null, error: sent.error }, sent.status);
    throw redirect(`${PATH}?status=rejected&done=rejected`);
  }
  if (intent === 'approve') {
    const sent = await write(request, api.post(`${at}/approve`));
    if ('error' in sent) return data({ result: null, error: sent.error }, sent.status);
    throw redirect(`${PATH}?status=approved&done=approved`);
  }
  return data({ result: null, error: 'Unknown action.' }, 400);
}

function doneText(done: string | null): string | null {
  if (done?.startsWith('requested-'))
    return `Adjustment ${done.slice('requested-'.length)} is waiting for another finance operator to approve it.`;
  if (done === 'approved') return 'The adjustment is approved: the money has moved in the customer’s wallet.';
  if (done === 'rejected') return 'The adjustment is rejected; nothing moved.';
  return null;
}

const signed = (r: AdminAdjustment) => `${r.direction === 'credit' ? '+' : '−'}${formCents(r.amountCents, r.currency)}`;

function columns(status: Status, me: string): ColumnDef<AdminAdjustment, unknown>[] {
  const cols: ColumnDef<AdminAdjustment, unknown>[] = [
    { accessorKey: 'requestedAt', header: 'Asked', cell: (c) => formatWhen(c.row.original.requestedAt) },
    customerColumn(),
    {
      id: 'amount',
      header: 'Amount',
      accessorFn: (r) => (r.direction === 'credit' ? 1 : -1) * r.amountCents,
      cell: (c) => signed(c.row.original),
    },
    { accessorKey: 'reason', header: 'Reason', enableSorting: false },
    {
      accessorKey: 'requestedBy',
      header: 'Asked by',
      cell: (c) => (c.row.original.requestedBy === me ? 'you' : c.row.original.requestedBy),
    },
  ];
  if (status !== 'pending')
    cols.push(
      { accessorKey: 'decidedBy', header: 'Decided by', cell: (c) => c.row.original.decidedBy ?? '' },
      {
        accessorKey: 'decidedAt',
        header: 'Decided',
        cell: (c) => (c.row.original.decidedAt ? formatWhen(c.row.original.decidedAt) : ''),
      },
      {
        id: 'outcome',
        header: status === 'approved' ? 'Ledger entry' : 'Why rejected',
        enableSorting: false,
        cell: (c) =>
          status === 'approved' ? (
            <Link
              className="underline"
              to={`${BACK_OFFICE_PATH}/customers/${c.row.original.customerId}?tab=transactions`}
            >
              {c.row.original.entryId ?? 'transactions'}
            </Link>
          ) : (
            (c.row.original.rejectReason ?? '')
          ),
      },
    );
  else
    cols.push({
      id: 'decide',
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
    });
  return cols;
}

function Confirmation({
  confirming,
  me,
  error,
}: {
  confirming: { kind: Decision; id: string; row: AdminAdjustment | null };
  me: string;
  error: string | null | undefined;
}) {
  const { busy, onSubmit } = useSubmitOnce();
  const r = confirming.row;
  if (!r) return <FormAlert messages={[`Adjustment ${confirming.id} is no longer waiting for a decision.`]} />;
  const approving = confirming.kind === 'approve';
  return (
    <ConfirmPanel
      testId="adjustment-confirmation"
      title={
        approving
          ? `Approve ${signed(r)} for ${r.customerId}? The money moves at once.`
          : `Reject the adjustment of ${signed(r)} for ${r.customerId}?`
      }
    >
      <p className="my-0.5">
        Asked by {r.requestedBy === me ? 'you' : r.requestedBy} on {formatWhen(r.requestedAt)}: “{r.reason}”
      </p>
      {error ? <FormAlert messages={[error]} /> : null}
      <Form method="post" onSubmit={onSubmit} className="flex flex-wrap items-end gap-1">
        <input type="hidden" name="id" value={r.id} />
        <input type="hidden" name="intent" value={confirming.kind} />
        {approving ? null : (
          <div className="min-w-[16rem] flex-1">
            <label htmlFor="reject-reason" className="mb-[4px] block font-semibold">
              Why it is rejected
            </label>
            <input id="reject-reason" name="reason" required maxLength={500} className={inputClass} />
          </div>
        )}
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          {approving ? 'Yes, approve and move the money' : 'Yes, reject'}
        </button>
        <Link to={PATH} className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

const FIELDS = [
  { name: 'customerId', label: 'Customer id', autoComplete: 'off', hint: 'cus_…, from the customer’s screen.' },
  {
    name: 'amount',
    label: 'Amount',
    autoComplete: 'off',
    hint: 'Dollars and cents, e.g. 25.00, in the currency of the customer’s wallet.',
  },
  {
    name: 'direction',
    label: 'Credit or debit',
    type: 'select',
    options: [
      { value: 'credit', label: 'Credit: add to the customer’s wallet' },
      { value: 'debit', label: 'Debit: take from the customer’s wallet' },
    ],
  },
  {
    name: 'reason',
    label: 'Reason',
    autoComplete: 'off',
    hint: 'Required: the approving operator and the audit log keep it.',
  },
] as const;

export default function Adjustments({ loaderData: d, actionData }: Route.ComponentProps) {
  const done = doneText(d.done);
  return (
    <>
      <ScreenTitle title="Adjustments">
        Manual credits and debits of a customer’s wallet. Each needs a second finance operator’s approval.
      </ScreenTitle>
      {done ? <FormAlert tone="success" messages={[done]} /> : null}
      {d.confirming ? <Confirmation confirming={d.confirming} me={d.me} error={actionData?.error} /> : null}
      {!d.confirming && actionData?.error ? <FormAlert messages={[actionData.error]} /> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="adjustments-list">
          <h2 id="adjustments-list" className="mb-0.5 text-xl font-bold">
            Adjustments
          </h2>
          <StatusTabs label="Adjustment status" statuses={ADJUSTMENT_STATUSES} current={d.status} name={statusName} />
          <DataTable
            caption={`Adjustments: ${d.status}`}
            columns={columns(d.status, d.me)}
            rows={d.rows}
            rowId={(r) => r.id}
            paging={{ page: d.page, total: d.total }}
            empty={d.status === 'pending' ? 'No adjustments are waiting.' : 'None.'}
          />
        </section>
        <section aria-labelledby="adjustment-request">
          <h2 id="adjustment-request" className="mb-0.5 text-xl font-bold">
            Ask for an adjustment
          </h2>
          {/* A new form after each request (its key), so the fields do not keep the last one's values. */}
          <SchemaForm
            key={d.done ?? 'new'}
            id="request-adjustment"
            schema={AdjustmentForm}
            fields={FIELDS}
            hidden={{ intent: 'request', key: d.formKey }}
            defaultValue={{ customerId: d.customer, direction: 'credit' }}
            submitLabel="Ask for approval"
            lastResult={actionData?.result}
          />
        </section>
      </div>
    </>
  );
}
