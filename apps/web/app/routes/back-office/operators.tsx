// /back-office/operators (admin): every operator account, and a form to create one. The new operator's authenticator
// secret and its QR code are shown once, in the answer to the create (they are never stored by the web app).
import { parseWithZod } from '@conform-to/zod/v4';
import { CreatedOperator, CreateOperatorBody, Operator, OPERATOR_ROLES, OPERATOR_TEXTS } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import QRCode from 'qrcode';
import { data } from 'react-router';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { backOfficeMeta, ROLE_LABELS } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable } from '../../features/back-office/data-table.tsx';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/operators';

export function meta() {
  return backOfficeMeta('Operators');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  try {
    return { operators: Operator.array().parse(await orSignIn(request, api.get('/operators'))) };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const submission = parseWithZod(await request.formData(), { schema: CreateOperatorBody });
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['password'] }), created: null }, 400);
  try {
    const created = CreatedOperator.parse(await orSignIn(request, api.post('/operators', submission.value)));
    // Drawn here as inline SVG: the page's CSP need not allow data: images.
    const qrSvg = await QRCode.toString(created.otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return data(
      { result: submission.reply({ resetForm: true }), created: { ...created, qrSvg } },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    const formErrors = error.status === 403 ? [OPERATOR_TEXTS.notAllowed] : [error.message];
    return data(
      {
        result: submission.reply({ formErrors, fieldErrors: error.fieldErrors, hideFields: ['password'] }),
        created: null,
      },
      error.status,
    );
  }
}

const COLUMNS: ColumnDef<Operator, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'email', header: 'Email' },
  { accessorKey: 'role', header: 'Role', cell: (c) => ROLE_LABELS[c.row.original.role] },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'createdAt', header: 'Created', cell: (c) => formatWhen(c.row.original.createdAt) },
  { accessorKey: 'createdBy', header: 'Created by' },
];

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

function NewOperatorSecret({ created }: { created: CreatedOperator & { qrSvg: string } }) {
  return (
    <section
      aria-labelledby="new-operator-title"
      data-testid="new-operator-secret"
      className="mb-2 rounded-theme border-2 border-[#1b5e20] bg-[#e8f5e9] p-1"
    >
      <h2 id="new-operator-title" className="text-xl font-bold">
        {created.operator.name} ({ROLE_LABELS[created.operator.role]}) can now sign in
      </h2>
      <p className="my-0.5" role="status">
        Operator {created.operator.email} created. Their authenticator secret is shown <strong>this once</strong>: scan
        the QR code with their authenticator app, or type the key. It cannot be shown again.
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
  return (
    <>
      <ScreenTitle title="Operators">The people who run the shop, their roles, and new accounts.</ScreenTitle>
      {actionData?.created ? <NewOperatorSecret created={actionData.created} /> : null}
      <div className="grid gap-2 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="operators-list">
          <h2 id="operators-list" className="mb-0.5 text-xl font-bold">
            Accounts
          </h2>
          <DataTable
            caption="Operator accounts"
            columns={COLUMNS}
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
            lastResult={actionData?.result}
          />
        </section>
      </div>
    </>
  );
}
