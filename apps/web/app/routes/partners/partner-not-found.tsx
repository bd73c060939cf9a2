// /purchase/:partnerSlug/* (spec core §2): a 404 page in the partner's layout, branded when the partner exists.
import { data } from 'react-router';
import { loadPartner } from '../../features/partners/partners.server.ts';
import { authApi } from '../../lib/auth.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { PartnerErrorBoundary, partnerHandle } from './partner-pages.tsx';
import type { Route } from './+types/partner-not-found';

export const handle = partnerHandle;
export const meta: Route.MetaFunction = () => [{ title: 'Page not found' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  let partner;
  try {
    partner = await loadPartner(authApi(request, context).api, params.partnerSlug);
  } catch (error) {
    throw toRouteError(error);
  }
  throw data({ partner }, { status: 404 });
}

export const ErrorBoundary = PartnerErrorBoundary;

export default function PartnerNotFoundRoute() {
  return null;
}
