// /back-office/ledger?from&to (finance, admin): the ledger report, daily totals per account between two site days
// (default the last 7), and its CSV, downloaded through the web server (ledger/csv) so the session stays server-side.
import { AdminLedgerDay } from '@shop/contracts';
import type { ColumnDef } from '@tanstack/react-table';
import { Form } from 'react-router';
import type { z } from 'zod';
import type { AdminPage } from '../../features/back-office/back-office-api.server.ts';
import { ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { DataTable } from '../../features/back-office/data-table.tsx';
import { ledgerRange } from '../../features/back-office/ledger-range.ts';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { loadWebConfig } from '../../lib/web-config.server.ts';
import { FormAlert, inputClass } from '../../ui/form-field.tsx';
import type { Route } from './+types/ledger';

type Day = z.infer<typeof AdminLedgerDay>;

export function meta() {
  return backOfficeMeta('Ledger report');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const { siteTimeZone } = await loadWebConfig(context, request);
  const { from, to } = ledgerRange(new URL(request.url), siteTimeZone);
  try {
    const answer = await orSignIn(request, api.get<AdminPage<unknown>>('/ledger/daily', { from, to }));
    return { from, to, timeZone: siteTimeZone, rows: AdminLedgerDay.array().parse(answer.items), error: null };
  } catch (error) {
    // Days the API refuses (not a date, from after to) are shown with its reason, the form kept as typed.
    if (isApiError(error) && error.status === 422) {
      const reasons = Object.values(error.fieldErrors ?? {}).flat();
      return { from, to, timeZone: siteTimeZone, rows: [] as Day[], error: reasons[0] ?? error.message };
    }
    throw toRouteError(error);
  }
}

const COLUMNS: ColumnDef<Day, unknown>[] = [
  { accessorKey: 'day', header: 'Day' },
  { accessorKey: 'account', header: 'Account' },
  { accessorKey: 'currency', header: 'Currency' },
  { accessorKey: 'inCents', header: 'In', cell: (c) => formCents(c.row.original.inCents, c.row.original.currency) },
  {
    accessorKey: 'outCents',
    header: 'Out',
    cell: (c) => formCents(Math.abs(c.row.original.outCents), c.row.original.currency),
  },
  { accessorKey: 'entries', header: 'Entries' },
];

export default function Ledger({ loaderData: d }: Route.ComponentProps) {
  const csv = `${BACK_OFFICE_PATH}/ledger/csv?${new URLSearchParams({ from: d.from, to: d.to })}`;
  return (
    <>
      <ScreenTitle title="Ledger report">
        Money in and out of each ledger account per day ({d.timeZone} days); customers’ accounts are summed by kind.
      </ScreenTitle>
      <Form method="get" className="mb-1 flex flex-wrap items-end gap-1" aria-label="Days of the report">
        <div>
          <label htmlFor="ledger-from" className="mb-[4px] block font-semibold">
            From
          </label>
          <input id="ledger-from" name="from" type="date" defaultValue={d.from} required className={inputClass} />
        </div>
        <div>
          <label htmlFor="ledger-to" className="mb-[4px] block font-semibold">
            To
          </label>
          <input id="ledger-to" name="to" type="date" defaultValue={d.to} required className={inputClass} />
        </div>
        <button type="submit" className="btn btn-primary">
          Show
        </button>
      </Form>
      {d.error ? (
        <FormAlert messages={[d.error]} />
      ) : (
        <>
          <p className="mb-1">
            <a href={csv} download className="font-semibold underline" data-testid="ledger-csv">
              Download CSV ({d.from} to {d.to})
            </a>
          </p>
          <DataTable
            caption={`Daily totals from ${d.from} to ${d.to}`}
            columns={COLUMNS}
            rows={d.rows}
            rowId={(r) => `${r.day}|${r.account}|${r.currency}`}
            empty="No money moved on these days."
          />
        </>
      )}
    </>
  );
}
