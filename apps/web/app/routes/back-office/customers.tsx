// /back-office/customers (support, finance, admin): find a customer by email, name or id (GET /api/admin/customers).
import { AdminCustomer } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable, pageQuery, TableSearch } from '../../features/back-office/data-table.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/customers';

export function meta() {
  return backOfficeMeta('Customers');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  const { page, limit, offset } = pageQuery(url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/customers', { q, limit, offset }));
    return { q, page, total: answer.total, rows: AdminCustomer.array().parse(answer.items) };
  } catch (error) {
    throw toRouteError(error);
  }
}

const COLUMNS: ColumnDef<AdminCustomer, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (c) => `${c.firstname} ${c.lastname}`,
    cell: (c) => (
      <Link className="font-semibold underline" to={`${BACK_OFFICE_PATH}/customers/${c.row.original.id}`}>
        {c.row.original.firstname} {c.row.original.lastname}
      </Link>
    ),
  },
  { accessorKey: 'email', header: 'Email' },
  { accessorKey: 'id', header: 'Id' },
  { accessorKey: 'status', header: 'Status' },
  { accessorKey: 'isVerified', header: 'Verified', cell: (c) => (c.row.original.isVerified ? 'Yes' : 'No') },
  { accessorKey: 'createdAt', header: 'Joined', cell: (c) => formatWhen(c.row.original.createdAt) },
];

export default function Customers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenTitle title="Customers">Find a customer to see their account, orders, tickets and wallet.</ScreenTitle>
      <TableSearch label="Email, name or customer id" defaultValue={loaderData.q} />
      <DataTable
        caption="Customers"
        columns={COLUMNS}
        rows={loaderData.rows}
        rowId={(c) => c.id}
        paging={{ page: loaderData.page, total: loaderData.total }}
        empty={loaderData.q ? `No customer matches “${loaderData.q}”.` : 'No customers yet.'}
      />
    </>
  );
}
