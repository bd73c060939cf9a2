// /purchase/:partnerSlug/receipt/:checkoutID (spec core §2): the shop's receipt of a partner purchase, in the
// partner's layout, with the way back to the partner's checkout. Another customer's or an unknown checkout is the
// partner 404 page; a visitor who is not signed in goes to the partner checkout (its inline log in).
import { data, Link, redirect } from 'react-router';
import { getReceipt } from '../../features/cart/checkout.server.ts';
import { ReceiptView } from '../../features/cart/receipt-view.tsx';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { loadPartner } from '../../features/partners/partners.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { authApi, loadCustomer } from '../../lib/auth.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { PartnerErrorBoundary, PartnerFrame, partnerHandle } from './partner-pages.tsx';
import type { Route } from './+types/partner-receipt';

export const handle = partnerHandle;
export const meta: Route.MetaFunction = ({ data }) => [{ title: `Receipt | ${data?.partner.name ?? ''}` }];

const CHECKOUT_ID = /^chk_[A-Za-z0-9]+$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const auth = authApi(request, context);
    const partner = await loadPartner(auth.api, params.partnerSlug);
    if (!(await loadCustomer(auth))) throw redirect(`/purchase/${partner.slug}`, { headers: auth.headers() });
    if (!CHECKOUT_ID.test(params.checkoutID)) throw data({ partner }, { status: 404 });
    try {
      const receipt = await getReceipt(auth.api, params.checkoutID);
      return data({ partner, receipt }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 403))
        throw data({ partner }, { status: 404 });
      throw error;
    }
  } catch (error) {
    throw toRouteError(error);
  }
}

export const ErrorBoundary = PartnerErrorBoundary;

export default function PartnerReceiptRoute({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { partner, receipt } = loaderData;
  return (
    <PartnerFrame partner={partner}>
      <p className="page-container pt-1.5 text-lg font-bold" data-testid="partner-thanks">
        Thank you for supporting {partner.name}.
      </p>
      <ReceiptView receipt={receipt} site={site} />
      <div className="page-container pb-1.5">
        <Link to={`/purchase/${partner.slug}`} className="underline">
          Buy more tickets for {partner.name}
        </Link>
      </div>
    </PartnerFrame>
  );
}
