// /back-office/customers/:customerId/documents/:documentId (support, admin): the bytes of one identity document a
// customer uploaded, passed on from the API as they stream (GET /api/admin/customers/{id}/documents/{doc}, an audited
// read) with the operator's session sent as Bearer from the server; the bo_session token never reaches the browser.
// The API's type, inline disposition, nosniff and no-store headers go on unchanged.
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/document-file';

const PASSED_ON = ['content-type', 'content-length', 'content-disposition'] as const;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const path = `/customers/${encodeURIComponent(params.customerId)}/documents/${encodeURIComponent(params.documentId)}`;
  try {
    const file = await orSignIn(request, api.file(path));
    const headers = new Headers({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
    for (const name of PASSED_ON) {
      const value = file.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(file.body, { status: 200, headers });
  } catch (error) {
    throw toRouteError(error);
  }
}
