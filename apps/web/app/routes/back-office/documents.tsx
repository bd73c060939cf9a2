// /back-office/customers/:customerId/documents (support, admin): the identity documents a customer uploaded, waiting
// or decided (an audited read), each opened through the web server (documents/:documentId, itself an audited
// read of the file), and the decision: approve (the customer becomes verified) or reject, each with a reason and a
// confirmation step with its own address (?confirm=approve|reject), so it works without JavaScript.
import { AdminCustomerDocument, AdminCustomerOverview, AdminReasonBody } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { data, Form, Link, redirect } from 'react-router';
import { isSessionEnded } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator, toSignIn } from '../../features/back-office/back-office-session.server.ts';
import { DataTable } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { useSubmitOnce } from '../../features/back-office/submit-once.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert, inputClass } from '../../ui/form-field.tsx';
import type { Route } from './+types/documents';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';

type Decision = 'approve' | 'reject';

export function meta() {
  return backOfficeMeta('Identity documents');
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  const base = `/customers/${encodeURIComponent(params.customerId)}`;
  try {
    const [overview, files] = await Promise.all([
      orSignIn(request, api.get(base)),
      orSignIn(request, api.get(`${base}/documents`)),
    ]);
    const confirm = url.searchParams.get('confirm');
    return {
      overview: AdminCustomerOverview.parse(overview),
      files: AdminCustomerDocument.array().parse(files),
      confirm: confirm === 'approve' || confirm === 'reject' ? (confirm as Decision) : null,
      done: url.searchParams.get('done'),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent !== 'approve' && intent !== 'reject') return data({ error: 'Unknown action.' }, 400);
  const body = AdminReasonBody.safeParse({ reason: form.get('reason') });
  if (!body.success)
    return data(
      { error: intent === 'approve' ? 'Write what you checked.' : 'Write the reason the customer will read.' },
      400,
    );
  const path = `/customers/${encodeURIComponent(params.customerId)}/documents/${intent}`;
  try {
    await api.post(path, body.data);
  } catch (error) {
    if (isSessionEnded(error)) toSignIn(request, true);
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    return data({ error: error.message }, error.status);
  }
  throw redirect(`${BACK_OFFICE_PATH}/customers/${encodeURIComponent(params.customerId)}/documents?done=${intent}`);
}

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function columns(customerId: string): ColumnDef<AdminCustomerDocument, unknown>[] {
  return [
    { accessorKey: 'uploadedAt', header: 'Uploaded', cell: (c) => formatWhen(c.row.original.uploadedAt) },
    { accessorKey: 'name', header: 'File' },
    { accessorKey: 'mimeType', header: 'Type' },
    { accessorKey: 'sizeBytes', header: 'Size', cell: (c) => size(c.row.original.sizeBytes) },
    {
      accessorKey: 'status',
      header: 'Status',
      cell: (c) => (c.row.original.status === 'pending' ? 'waiting for a decision' : c.row.original.status),
    },
    { accessorKey: 'reviewReason', header: 'Decision note', enableSorting: false },
    {
      id: 'view',
      header: 'Open',
      enableSorting: false,
      cell: (c) => (
        <a
          className="font-semibold underline"
          href={`${BACK_OFFICE_PATH}/customers/${customerId}/documents/${c.row.original.id}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          View {c.row.original.name}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ),
    },
  ];
}

function Decide({ kind, error }: { kind: Decision; error: string | undefined }) {
  const { busy, onSubmit } = useSubmitOnce();
  const approving = kind === 'approve';
  return (
    <ConfirmPanel
      testId="documents-confirmation"
      title={approving ? 'Approve these documents? The customer becomes verified.' : 'Reject these documents?'}
    >
      {error ? <FormAlert messages={[error]} /> : null}
      <Form method="post" onSubmit={onSubmit} className="flex flex-wrap items-end gap-1">
        <input type="hidden" name="intent" value={kind} />
        <div className="min-w-[16rem] flex-1">
          <label htmlFor="decision-reason" className="mb-[4px] block font-semibold">
            {approving ? 'What you checked (kept in the audit log)' : 'Reason (the customer reads it)'}
          </label>
          <input id="decision-reason" name="reason" required maxLength={500} className={inputClass} />
        </div>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          {approving ? 'Yes, approve' : 'Yes, reject'}
        </button>
        <Link to="?" className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

const DONE: Record<string, string> = {
  approve: 'The documents are approved: the customer is verified.',
  reject: 'The documents are rejected; the customer sees the reason and can upload new ones.',
};

export default function Documents({ loaderData: d, actionData }: Route.ComponentProps) {
  const c = d.overview.customer;
  const done = d.done ? DONE[d.done] : undefined;
  const waiting = d.files.some((f) => f.status === 'pending');
  return (
    <>
      <ScreenTitle title={`Identity documents: ${c.firstname} ${c.lastname}`}>
        Opening these documents is recorded in the audit log.
      </ScreenTitle>
      <p className="mb-1">
        <Link className="font-semibold underline" to={`${BACK_OFFICE_PATH}/customers/${c.id}`}>
          Back to {c.firstname} {c.lastname} ({c.email})
        </Link>{' '}
        · Identity: {d.overview.verification.isVerified ? 'verified' : 'not verified'}
      </p>
      {done ? <FormAlert tone="success" messages={[done]} /> : null}
      {d.confirm && waiting ? <Decide kind={d.confirm} error={actionData?.error} /> : null}
      <DataTable
        caption="Identity documents uploaded"
        columns={columns(c.id)}
        rows={d.files}
        rowId={(f) => f.id}
        empty="This customer has not uploaded any documents."
      />
      {waiting && !d.confirm ? (
        <div className="mt-1 flex flex-wrap gap-1">
          <Link className="btn btn-primary" to="?confirm=approve">
            Approve…
          </Link>
          <Link className="btn btn-secondary" to="?confirm=reject">
            Reject…
          </Link>
        </div>
      ) : null}
    </>
  );
}
