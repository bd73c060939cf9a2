// /back-office/audit (admin): the append-only audit log, newest first: who did what, to what, with what outcome.
import { AuditEntry } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable, pageQuery } from '../../features/back-office/data-table.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import { backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import type { Route } from './+types/audit';

export function meta() {
  return backOfficeMeta('Audit log');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const { page, limit, offset } = pageQuery(new URL(request.url));
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/audit', { limit, offset }));
    return { page, total: answer.total, entries: AuditEntry.array().parse(answer.items) };
  } catch (error) {
    throw toRouteError(error);
  }
}

/** The details without empty values, as short `key: value` text. */
function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('; ');
}

const COLUMNS: ColumnDef<AuditEntry, unknown>[] = [
  { accessorKey: 'at', header: 'When', cell: (c) => formatWhen(c.row.original.at) },
  { accessorKey: 'actor', header: 'Who', cell: (c) => c.row.original.actor ?? 'unknown' },
  { accessorKey: 'action', header: 'Action' },
  { accessorKey: 'target', header: 'Target', cell: (c) => c.row.original.target ?? '' },
  { accessorKey: 'outcome', header: 'Outcome' },
  {
    id: 'detail',
    header: 'Details',
    enableSorting: false,
    cell: (c) => <span className="break-all">{detailText(c.row.original.detail)}</span>,
  },
  { accessorKey: 'ip', header: 'Address', cell: (c) => c.row.original.ip ?? '' },
];

export default function Audit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenTitle title="Audit log">
        Every operator action and every refusal, newest first. No one can change or delete an entry.
      </ScreenTitle>
      <DataTable
        caption="Audit log entries"
        columns={COLUMNS}
        rows={loaderData.entries}
        rowId={(e) => String(e.id)}
        paging={{ page: loaderData.page, total: loaderData.total }}
        empty="Nothing recorded yet."
      />
    </>
  );
}
