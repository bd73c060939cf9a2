// /back-office/verifications (support, admin): identity documents waiting for a decision, oldest first
// (GET /api/admin/verifications); each links to the customer's documents, where they are opened and decided.
import { AdminVerification } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable, pageQuery } from '../../features/back-office/data-table.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/verifications';

export function meta() {
  return backOfficeMeta('Verifications');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const { page, limit, offset } = pageQuery(new URL(request.url));
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/verifications', { limit, offset }));
    return { page, total: answer.total, rows: AdminVerification.array().parse(answer.items) };
  } catch (error) {
    throw toRouteError(error);
  }
}

const COLUMNS: ColumnDef<AdminVerification, unknown>[] = [
  { accessorKey: 'createdAt', header: 'Uploaded', cell: (c) => formatWhen(c.row.original.createdAt) },
  {
    accessorKey: 'customerId',
    header: 'Customer',
    cell: (c) => (
      <Link
        className="font-semibold underline"
        to={`${BACK_OFFICE_PATH}/customers/${c.row.original.customerId}/documents`}
      >
        {c.row.original.customerId}
      </Link>
    ),
  },
  { accessorKey: 'method', header: 'Method', cell: (c) => c.row.original.method.replaceAll('_', ' ') },
  {
    id: 'files',
    header: 'Files',
    accessorFn: (v) => v.files.length,
    cell: (c) => c.row.original.files.map((f) => f.name).join(', '),
  },
];

export default function Verifications({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <ScreenTitle title="Verifications">
        Identity documents customers uploaded, waiting for a decision. Opening a customer’s documents is recorded in the
        audit log.
      </ScreenTitle>
      <DataTable
        caption="Documents waiting"
        columns={COLUMNS}
        rows={d.rows}
        rowId={(v) => v.id}
        paging={{ page: d.page, total: d.total }}
        empty="No documents are waiting."
      />
    </>
  );
}
