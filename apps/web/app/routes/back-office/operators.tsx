// /back-office/operators (admin): every operator account, and a form to create one. The new operator's authenticator
// secret and its QR code are shown once, in the answer to the create (they are never stored by the web app). An admin
// disables an account (its sessions end at once, sign-in is refused) or re-enables it, after a confirmation step with
// its own address (?confirm=disable|enable&id=); never their own (the API refuses it too). An admin also gives an
// operator a new authenticator (a lost phone: ?confirm=reset&id=): the old codes stop, their sessions end, and the new
// secret is shown once, as at creation.
import { parseWithZod } from '@conform-to/zod/v4';
import {
  CreatedOperator,
  CreateOperatorBody,
  Operator,
  OPERATOR_ROLES,
  OPERATOR_TEXTS,
  OperatorStatusChange,
} from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import QRCode from 'qrcode';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta, ROLE_LABELS } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/operators';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';

export function meta() {
  return backOfficeMeta('Operators');
}

const PATH = `${BACK_OFFICE_PATH}/operators`;
type Change = 'disable' | 'enable' | 'reset';
const changeOf = (v: unknown): Change | null => (v === 'disable' || v === 'enable' || v === 'reset' ? v : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, operator } = await requireOperator(request, context);
  const url = new URL(request.url);
  try {
    const operators = Operator.array().parse(await orSignIn(request, api.get('/operators')));
    const change = changeOf(url.searchParams.get('confirm'));
    const chosen = operators.find((o) => o.id === url.searchParams.get('id') && o.id !== operator.id);
    const fits =
      chosen &&
      (change === 'reset' || (change === 'disable' ? chosen.status === 'active' : chosen.status === 'disabled'));
    return {
      operators,
      me: operator.id,
      confirm: change && chosen && fits ? { change, operator: chosen } : null,
      done: url.searchParams.get('done'),
      doneId: url.searchParams.get('id'),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** Disable or re-enable an account (the confirmation step's post). */
async function changeStatus(request: Request, api: Awaited<ReturnType<typeof requireOperator>>['api'], form: FormData) {
  const change = changeOf(form.get('intent'));
  const id = String(form.get('operatorId') ?? '');
  if (!change || !/^op_[A-Za-z0-9_-]{1,40}$/.test(id))
    return data({ result: null, created: null, error: 'Unknown action.' }, 400);
  try {
    if (change === 'reset') {
      const created = CreatedOperator.parse(await orSignIn(request, api.post(`/operators/${id}/reset-authenticator`)));
      return data(
        { result: null, created: { ...created, qrSvg: await qrSvgOf(created.otpauthUri), reset: true }, error: null },
        { headers: { 'Cache-Control': 'no-store' } },
      );
    }
    const done = OperatorStatusChange.parse(await orSignIn(request, api.post(`/operators/${id}/${change}`)));
    const params = { done: change === 'disable' ? 'disabled' : 'enabled', id, ended: String(done.sessionsEnded) };
    throw redirect(`${PATH}?${new URLSearchParams(params)}`);
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    return data({ result: null, created: null, error: error.message }, error.status === 403 ? 403 : 422);
  }
}

/** The authenticator key as a QR code, drawn here as inline SVG: the page's CSP need not allow data: images. */
const qrSvgOf = (uri: string) => QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  if (changeOf(form.get('intent'))) return changeStatus(request, api, form);
  const submission = parseWithZod(form, { schema: CreateOperatorBody });
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['password'] }), created: null, error: null }, 400);
  try {
    const created = CreatedOperator.parse(await orSignIn(request, api.post('/operators', submission.value)));
    const qrSvg = await qrSvgOf(created.otpauthUri);
    return data(
      { result: submission.reply({ resetForm: true }), created: { ...created, qrSvg, reset: false }, error: null },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    const formErrors = error.status === 403 ? [OPERATOR_TEXTS.notAllowed] : [error.message];
    return data(
      {
        result: submission.reply({ formErrors, fieldErrors: error.fieldErrors, hideFields: ['password'] }),
        created: null,
        error: null,
      },
      error.status,
    );
  }
}

function columns(me: string): ColumnDef<Operator, unknown>[] {
  return [
    { accessorKey: 'name', header: 'Name' },
    { accessorKey: 'email', header: 'Email' },
    { accessorKey: 'role', header: 'Role', cell: (c) => ROLE_LABELS[c.row.original.role] },
    {
      accessorKey: 'status',
      header: 'Status',
      cell: (c) =>
        c.row.original.status === 'disabled' ? <strong className="text-[#b00020]">Disabled</strong> : 'Active',
    },
    { accessorKey: 'createdAt', header: 'Created', cell: (c) => formatWhen(c.row.original.createdAt) },
    { accessorKey: 'createdBy', header: 'Created by' },
    {
      id: 'actions',
      header: 'Account',
      enableSorting: false,
      cell: (c) => {
        const o = c.row.original;
        if (o.id === me) return <span className="text-[#4a4a4a]">You</span>;
        const change: Change = o.status === 'active' ? 'disable' : 'enable';
        return (
          <span className="flex flex-col gap-0.5">
            <Link
              className="inline-flex min-h-[44px] items-center whitespace-nowrap font-semibold underline"
              to={`?${new URLSearchParams({ confirm: change, id: o.id })}`}
              aria-label={`${change === 'disable' ? 'Disable' : 'Re-enable'} ${o.email}…`}
            >
              {change === 'disable' ? 'Disable…' : 'Re-enable…'}
            </Link>
            <Link
              className="inline-flex min-h-[44px] items-center whitespace-nowrap font-semibold underline"
              to={`?${new URLSearchParams({ confirm: 'reset', id: o.id })}`}
              aria-label={`New authenticator for ${o.email}…`}
            >
              New authenticator…
            </Link>
          </span>
        );
      },
    },
  ];
}

function StatusConfirmation({
  change,
  operator,
  error,
}: {
  change: Change;
  operator: Operator;
  error?: string | null;
}) {
  const busy = useNavigation().state === 'submitting';
  const who = `${operator.name} (${operator.email})`;
  const text = {
    disable: {
      title: `Disable ${who}?`,
      body: 'Their sessions end at once and they cannot sign in until an admin re-enables the account.',
      yes: 'Yes, disable the account',
    },
    enable: {
      title: `Re-enable ${who}?`,
      body: 'They can sign in again with their password and authenticator code.',
      yes: 'Yes, re-enable the account',
    },
    reset: {
      title: `Give ${who} a new authenticator?`,
      body: 'Codes from their current authenticator stop working and their sessions end at once. The new key is shown once, here: give it to them to add to their authenticator app.',
      yes: 'Yes, make a new authenticator key',
    },
  }[change];
  return (
    <ConfirmPanel testId="operator-confirmation" title={text.title}>
      <p className="my-0.5">{text.body}</p>
      {error ? <FormAlert messages={[error]} /> : null}
      <Form method="post" className="flex flex-wrap gap-1">
        <input type="hidden" name="operatorId" value={operator.id} />
        <button name="intent" value={change} disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          {text.yes}
        </button>
        <Link to={PATH} className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

function doneText(d: { done: string | null; doneId: string | null; operators: Operator[] }): string | null {
  const who = d.operators.find((o) => o.id === d.doneId);
  if (!who) return null;
  if (d.done === 'disabled') return `${who.email} is disabled: their sessions have ended and sign-in is refused.`;
  if (d.done === 'enabled') return `${who.email} can sign in again.`;
  return null;
}

const FIELDS = [
  { name: 'name', label: 'Name', autoComplete: 'off' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'off' },
  {
    name: 'role',
    label: 'Role',
    type: 'select',
    options: OPERATOR_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
  },
  {
    name: 'password',
    label: 'First password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters; give it to the operator in person or through your password manager.',
  },
] as const;

function NewOperatorSecret({ created }: { created: CreatedOperator & { qrSvg: string; reset: boolean } }) {
  return (
    <section
      aria-labelledby="new-operator-title"
      data-testid="new-operator-secret"
      className="mb-2 rounded-theme border-2 border-[#1b5e20] bg-[#e8f5e9] p-1"
    >
      <h2 id="new-operator-title" className="text-xl font-bold">
        {created.reset
          ? `${created.operator.name} has a new authenticator`
          : `${created.operator.name} (${ROLE_LABELS[created.operator.role]}) can now sign in`}
      </h2>
      <p className="my-0.5" role="status">
        {created.reset
          ? `The old authenticator of ${created.operator.email} no longer works and their sessions have ended.`
          : `Operator ${created.operator.email} created.`}{' '}
        Their authenticator secret is shown <strong>this once</strong>: scan the QR code with their authenticator app,
        or type the key. It cannot be shown again.
      </p>
      <div className="flex flex-wrap items-center gap-1">
        <div
          className="size-[180px] bg-white"
          role="img"
          aria-label={`QR code of the authenticator key for ${created.operator.email}`}
          dangerouslySetInnerHTML={{ __html: created.qrSvg }}
        />
        <dl>
          <dt className="font-semibold">Authenticator key</dt>
          <dd>
            <code data-testid="new-operator-totp-secret" className="break-all text-lg">
              {created.totpSecret}
            </code>
          </dd>
        </dl>
      </div>
    </section>
  );
}

export default function Operators({ loaderData, actionData }: Route.ComponentProps) {
  const done = doneText(loaderData);
  return (
    <>
      <ScreenTitle title="Operators">The people who run the shop, their roles, and new accounts.</ScreenTitle>
      {done ? <FormAlert tone="success" messages={[done]} /> : null}
      {loaderData.confirm && !actionData?.created ? (
        <StatusConfirmation
          change={loaderData.confirm.change}
          operator={loaderData.confirm.operator}
          error={actionData?.error}
        />
      ) : actionData?.error ? (
        <FormAlert messages={[actionData.error]} />
      ) : null}
      {actionData?.created ? <NewOperatorSecret created={actionData.created} /> : null}
      <div className="grid gap-2 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="operators-list" className="min-w-0">
          <h2 id="operators-list" className="mb-0.5 text-xl font-bold">
            Accounts
          </h2>
          <DataTable
            caption="Operator accounts"
            columns={columns(loaderData.me)}
            rows={loaderData.operators}
            rowId={(o) => o.id}
            empty="No operators yet."
          />
        </section>
        <section aria-labelledby="operators-create">
          <h2 id="operators-create" className="mb-0.5 text-xl font-bold">
            Create an operator
          </h2>
          <SchemaForm
            id="create-operator"
            schema={CreateOperatorBody}
            fields={FIELDS}
            submitLabel="Create operator"
            lastResult={actionData?.result ?? undefined}
          />
        </section>
      </div>
    </>
  );
}
