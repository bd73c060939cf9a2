// /back-office/deposits (finance, admin): the customers' deposits (of a status; searched by a customer's email, name
// or id, or a deposit id), the reconciliation state with "Reconcile now" (?confirm=reconcile), and a refund of an
// approved deposit to its card (?confirm=refund&id=dep_…). Both writes ask first on their own address, so they work
// without JavaScript; the refund form carries a one-time key, so a double submit refunds once.
import { parseWithZod } from '@conform-to/zod/v4';
import {
  ADMIN_DEPOSIT_STATUSES,
  AdminDeposit,
  AdminReconcileResult,
  AdminReconciliation,
  type AdminDepositRefund,
} from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect } from 'react-router';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import {
  orSignIn,
  requireOperator,
  writeOrRefusal as write,
} from '../../features/back-office/back-office-session.server.ts';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';
import { DataTable, pageQuery } from '../../features/back-office/data-table.tsx';
import { RefundForm, refundBody } from '../../features/back-office/refund-form.ts';
import { useSubmitOnce } from '../../features/back-office/submit-once.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert, inputClass } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/deposits';

const PATH = `${BACK_OFFICE_PATH}/deposits`;
type Status = (typeof ADMIN_DEPOSIT_STATUSES)[number];

const STATUS_NAMES: Record<Status, string> = {
  pending: 'Pending',
  challenge: '3-D Secure',
  approved: 'Approved',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function meta() {
  return backOfficeMeta('Deposits');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  const { page, limit, offset } = pageQuery(url);
  const status = ADMIN_DEPOSIT_STATUSES.find((s) => s === url.searchParams.get('status')) ?? null;
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const confirm = url.searchParams.get('confirm');
  const id = url.searchParams.get('id') ?? '';
  try {
    const query = { ...(status ? { status } : {}), ...(q ? { q } : {}), limit, offset };
    const [answer, state] = await Promise.all([
      orSignIn(request, api.get<AdminPage<unknown>>('/deposits', query)),
      orSignIn(request, api.get<unknown>('/deposits/reconciliation')),
    ]);
    let refunding: { id: string; row: AdminDeposit | null; key: string } | null = null;
    if (confirm === 'refund' && /^dep_[A-Za-z0-9]+$/.test(id)) {
      const one = await orSignIn(request, api.get<AdminPage<unknown>>('/deposits', { q: id, limit: 1 }));
      // The form's one-time key, drawn with the form: submitting it twice refunds once.
      refunding = { id, row: AdminDeposit.array().parse(one.items)[0] ?? null, key: `bo-${crypto.randomUUID()}` };
    }
    return {
      page,
      status,
      q,
      total: answer.total,
      rows: AdminDeposit.array().parse(answer.items),
      state: AdminReconciliation.parse(state),
      confirmReconcile: confirm === 'reconcile',
      refunding,
      done: doneText(url.searchParams),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

const listOf = (ids: string[]) => ids.slice(0, 10).join(',') + (ids.length > 10 ? `,+${ids.length - 10}` : '');

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'reconcile') {
    const sent = await write(request, api.post('/deposits/reconcile'));
    if ('error' in sent) return data({ result: null, error: sent.error }, sent.status);
    const r = AdminReconcileResult.parse(sent.ok);
    const params = new URLSearchParams({ done: 'reconciled', fixed: String(r.fixed) });
    if (r.credited.length) params.set('credited', listOf(r.credited.map((d) => d.id)));
    if (r.refunds.length) params.set('refunds', listOf(r.refunds.map((f) => `${f.id}:${f.status}`)));
    throw redirect(`${PATH}?${params}`);
  }
  if (intent === 'refund') {
    const id = String(form.get('id') ?? '');
    const submission = parseWithZod(form, { schema: RefundForm });
    if (submission.status !== 'success' || !/^dep_[A-Za-z0-9]+$/.test(id))
      return data({ result: submission.reply(), error: null }, 400);
    const sent = await write(
      request,
      api.post<unknown>(`/deposits/${encodeURIComponent(id)}/refund`, refundBody(submission.value)),
    );
    if ('error' in sent)
      return data({ result: submission.reply({ formErrors: [sent.error] }), error: null }, sent.status);
    const made = sent.ok as AdminDepositRefund;
    const params = new URLSearchParams({ q: id, done: 'refunded', refund: made.id });
    params.set('amount', formCents(made.amountCents, made.currency));
    throw redirect(`${PATH}?${params}`);
  }
  return data({ result: null, error: 'Unknown action.' }, 400);
}

function doneText(params: URLSearchParams): string | null {
  const done = params.get('done');
  if (done === 'refunded')
    return `Refunded ${params.get('amount') ?? ''} to the card (${params.get('refund') ?? ''}); it has left the customer’s wallet.`;
  if (done !== 'reconciled') return null;
  const fixed = Number(params.get('fixed') ?? '0');
  if (!fixed) return 'Reconciled: nothing needed fixing.';
  const parts = [
    params.get('credited') ? `credited ${params.get('credited')!.split(',').join(', ')}` : null,
    params.get('refunds') ? `finished refunds ${params.get('refunds')!.split(',').join(', ')}` : null,
  ].filter(Boolean);
  return `Reconciled: fixed ${fixed} (${parts.join('; ')}).`;
}

const methodText = (d: AdminDeposit) => (d.cardLast4 ? `${d.cardBrand ?? 'card'} •••• ${d.cardLast4}` : d.method);
const refundable = (d: AdminDeposit) => d.status === 'approved' && d.refundedCents < d.amountCents;

function columns(): ColumnDef<AdminDeposit, unknown>[] {
  return [
    { accessorKey: 'createdAt', header: 'Created', cell: (c) => formatWhen(c.row.original.createdAt) },
    { accessorKey: 'id', header: 'Deposit', enableSorting: false },
    {
      id: 'customer',
      header: 'Customer',
      accessorFn: (d) => d.customerEmail ?? d.customerId,
      cell: (c) => (
        <Link
          className="underline [overflow-wrap:anywhere]"
          to={`${BACK_OFFICE_PATH}/customers/${c.row.original.customerId}`}
        >
          {c.row.original.customerEmail ?? c.row.original.customerId}
        </Link>
      ),
    },
    {
      accessorKey: 'amountCents',
      header: 'Amount',
      cell: (c) => formCents(c.row.original.amountCents, c.row.original.currency),
    },
    { accessorKey: 'currency', header: 'Currency' },
    { id: 'method', header: 'Method', accessorFn: methodText },
    { accessorKey: 'status', header: 'Status', cell: (c) => STATUS_NAMES[c.row.original.status] },
    {
      accessorKey: 'gatewayReference',
      header: 'Gateway reference',
      enableSorting: false,
      cell: (c) => c.row.original.gatewayReference ?? '',
    },
    {
      accessorKey: 'refundedCents',
      header: 'Refunded',
      cell: (c) =>
        c.row.original.refundedCents ? formCents(c.row.original.refundedCents, c.row.original.currency) : '',
    },
    { accessorKey: 'updatedAt', header: 'Updated', cell: (c) => formatWhen(c.row.original.updatedAt) },
    {
      id: 'refund',
      header: 'Refund',
      enableSorting: false,
      cell: (c) =>
        refundable(c.row.original) ? (
          <Link className="font-semibold underline" to={`?confirm=refund&id=${c.row.original.id}`}>
            Refund…
          </Link>
        ) : (
          ''
        ),
    },
  ];
}

function RefundConfirmation({
  refunding,
  lastResult,
}: {
  refunding: { id: string; row: AdminDeposit | null; key: string };
  lastResult: Parameters<typeof SchemaForm>[0]['lastResult'];
}) {
  const d = refunding.row;
  if (!d || d.status !== 'approved')
    return <FormAlert messages={[`Deposit ${refunding.id} is not an approved deposit: it cannot be refunded.`]} />;
  const left = d.amountCents - d.refundedCents;
  return (
    <ConfirmPanel
      testId="refund-confirmation"
      title={`Refund deposit ${d.id} of ${formCents(d.amountCents, d.currency)} to ${methodText(d)}?`}
    >
      <p className="my-0.5">
        Customer {d.customerEmail ?? d.customerId}. Already refunded {formCents(d.refundedCents, d.currency)}; at most{' '}
        {formCents(left, d.currency)} is left. The amount leaves the customer’s wallet (deposits, then winnings) at once
        and goes back to the card; the customer is emailed.
      </p>
      {d.refunds.length ? (
        <ul className="my-0.5 list-disc pl-1.5">
          {d.refunds.map((r) => (
            <li key={r.id}>
              {formatWhen(r.createdAt)}: {formCents(r.amountCents, r.currency)} {r.status} — “{r.reason}”
              {r.failureReason ? ` (${r.failureReason})` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <SchemaForm
        id="refund-deposit"
        schema={RefundForm}
        fields={REFUND_FIELDS}
        hidden={{ intent: 'refund', id: d.id, key: refunding.key }}
        submitLabel="Yes, refund to the card"
        lastResult={lastResult}
      />
      <Link to={PATH} className="btn btn-secondary mt-1">
        Cancel
      </Link>
    </ConfirmPanel>
  );
}

const REFUND_FIELDS = [
  { name: 'amount', label: 'Amount to refund', autoComplete: 'off', hint: 'Dollars and cents, e.g. 20.00.' },
  { name: 'reason', label: 'Reason', autoComplete: 'off', hint: 'Required: the audit log keeps it.' },
] as const;

function ReconcileConfirmation({ state }: { state: AdminReconciliation }) {
  const { busy, onSubmit } = useSubmitOnce();
  return (
    <ConfirmPanel testId="reconcile-confirmation" title="Reconcile now?">
      <p className="my-0.5">
        This credits the {state.uncredited.length} deposit(s) the gateway approved that the ledger has not, and finishes
        the {state.pendingRefunds.length} refund(s) waiting for the gateway. Each is done once, however often it runs;
        stuck deposits without a gateway answer stay as they are.
      </p>
      <Form method="post" onSubmit={onSubmit} className="flex flex-wrap gap-1">
        <input type="hidden" name="intent" value="reconcile" />
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          Yes, reconcile now
        </button>
        <Link to={PATH} className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

function Reconciliation({ state }: { state: AdminReconciliation }) {
  const item = (d: AdminDeposit) => (
    <li key={d.id}>
      {d.id}: {formCents(d.amountCents, d.currency)} by {d.customerEmail ?? d.customerId}, {STATUS_NAMES[d.status]}{' '}
      since {formatWhen(d.updatedAt)}
    </li>
  );
  return (
    <section aria-labelledby="reconciliation" className="mb-2">
      <h2 id="reconciliation" className="mb-0.5 text-xl font-bold">
        Reconciliation
      </h2>
      <p className="my-0.5">
        Approved by the gateway, not credited: <strong>{state.uncredited.length}</strong>. Pending or in 3-D Secure for
        more than {state.stuckMinutes} minutes: <strong>{state.stuck.length}</strong>. Refunds waiting for the gateway:{' '}
        <strong>{state.pendingRefunds.length}</strong>. (The reconciliation job runs every minute.)
      </p>
      {state.uncredited.length ? (
        <>
          <h3 className="font-semibold">Approved, not credited</h3>
          <ul className="my-0.5 list-disc pl-1.5">{state.uncredited.map(item)}</ul>
        </>
      ) : null}
      {state.stuck.length ? (
        <>
          <h3 className="font-semibold">Stuck</h3>
          <ul className="my-0.5 list-disc pl-1.5">{state.stuck.map(item)}</ul>
        </>
      ) : null}
      {state.pendingRefunds.length ? (
        <>
          <h3 className="font-semibold">Refunds waiting for the gateway</h3>
          <ul className="my-0.5 list-disc pl-1.5">
            {state.pendingRefunds.map((r) => (
              <li key={r.id}>
                {r.id}: {formCents(r.amountCents, r.currency)} of {r.depositId} since {formatWhen(r.createdAt)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link to="?confirm=reconcile" className="btn btn-secondary">
        Reconcile now…
      </Link>
    </section>
  );
}

function Filters({ q, status }: { q: string; status: Status | null }) {
  return (
    <Form method="get" role="search" className="mb-1 flex flex-wrap items-end gap-0.5">
      <div className="min-w-[16rem] flex-1">
        <label htmlFor="deposit-search" className="mb-[4px] block font-semibold">
          Customer email, name or id, or deposit id
        </label>
        <input id="deposit-search" name="q" type="search" defaultValue={q} className={inputClass} />
      </div>
      <div>
        <label htmlFor="deposit-status" className="mb-[4px] block font-semibold">
          Status
        </label>
        <select id="deposit-status" name="status" defaultValue={status ?? ''} className={inputClass}>
          <option value="">Any</option>
          {ADMIN_DEPOSIT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_NAMES[s]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </Form>
  );
}

export default function Deposits({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenTitle title="Deposits">Customers’ deposits, reconciliation with the gateway, and refunds.</ScreenTitle>
      {d.done ? <FormAlert tone="success" messages={[d.done]} /> : null}
      {actionData?.error ? <FormAlert messages={[actionData.error]} /> : null}
      {d.confirmReconcile ? <ReconcileConfirmation state={d.state} /> : null}
      {d.refunding ? <RefundConfirmation refunding={d.refunding} lastResult={actionData?.result} /> : null}
      <Reconciliation state={d.state} />
      <section aria-labelledby="deposits-list">
        <h2 id="deposits-list" className="mb-0.5 text-xl font-bold">
          Deposits
        </h2>
        <Filters q={d.q} status={d.status} />
        <DataTable
          caption={`Deposits${d.status ? `: ${STATUS_NAMES[d.status]}` : ''}${d.q ? ` matching “${d.q}”` : ''}`}
          columns={columns()}
          rows={d.rows}
          rowId={(r) => r.id}
          paging={{ page: d.page, total: d.total }}
          empty={d.q ? `No deposit matches “${d.q}”.` : 'No deposits.'}
        />
      </section>
    </>
  );
}
