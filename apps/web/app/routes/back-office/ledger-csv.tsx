// /back-office/ledger/csv?from&to (finance, admin): the ledger report's CSV, passed on from the API as it streams
// (GET /api/admin/ledger/daily?format=csv) with the operator's session sent as Bearer from the server, so the
// bo_session token never reaches the browser; the API's text/csv type and its attachment file name go on unchanged.
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { ledgerRange } from '../../features/back-office/ledger-range.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { loadWebConfig } from '../../lib/web-config.server.ts';
import type { Route } from './+types/ledger-csv';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const { siteTimeZone } = await loadWebConfig(context, request);
  const { from, to } = ledgerRange(new URL(request.url), siteTimeZone);
  try {
    const csv = await orSignIn(request, api.file('/ledger/daily', { from, to, format: 'csv' }));
    return new Response(csv.body, {
      status: 200,
      headers: {
        'content-type': csv.headers.get('content-type') ?? 'text/csv; charset=utf-8',
        'content-disposition':
          csv.headers.get('content-disposition') ?? `attachment; filename="ledger-${from}-${to}.csv"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  } catch (error) {
    throw toRouteError(error);
  }
}
