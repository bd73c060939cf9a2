// /receipt/:checkoutID and /receipt (the latest purchase) (spec core §2, features §4 Receipt). Another customer's or
// an unknown checkout id is the 404 page.
import { data, useRouteLoaderData } from 'react-router';
import { usePurchaseEvent } from '../../features/analytics/analytics.ts';
import { recordExperimentPurchase } from '../../features/experiments/experiments.server.ts';
import { DailyWinnersBanner } from '../../features/membership/membership-banner.tsx';
import { hasCapability } from '../../lib/capabilities.ts';
import type { ShellData } from '../../lib/shell.ts';
import { requireCustomer } from '../../lib/auth.server.ts';
import { getReceipt, latestCheckoutId } from '../../features/cart/checkout.server.ts';
import { ReceiptView } from '../../features/cart/receipt-view.tsx';
import { sessionOrderNoteOf } from '../../features/lotto-party/session-order-note.tsx';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/receipt';

export const meta: Route.MetaFunction = () => [{ title: 'Receipt' }];

const CHECKOUT_ID = /^chk_[A-Za-z0-9]+$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { auth } = await requireCustomer(request, context);
  if (params.checkoutID !== undefined && !CHECKOUT_ID.test(params.checkoutID)) notFound();
  try {
    const checkoutId = params.checkoutID ?? (await latestCheckoutId(auth.api));
    if (!checkoutId) notFound();
    const receipt = await getReceipt(auth.api, checkoutId);
    // The purchase converts the experiments this visitor saw (counted once per purchase).
    await recordExperimentPurchase(request, auth.api, receipt.checkoutId);
    return data({ receipt }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) notFound();
    throw toRouteError(error);
  }
}

export default function ReceiptRoute({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const shell = useRouteLoaderData<{ shell: ShellData }>('root')?.shell;
  const { receipt } = loaderData;
  usePurchaseEvent(
    shell?.analytics ?? null,
    shell?.api ?? { appKey: '', appSecret: '' },
    `/receipt/${receipt.checkoutId}`,
    {
      ...receipt.trackingData,
      transactionId: receipt.checkoutId,
    },
  );
  return (
    <>
      <ReceiptView receipt={loaderData.receipt} site={site} orderNote={sessionOrderNoteOf} />
      {shell?.membership?.marketing ? (
        <div className="page-container pb-1.5">
          <DailyWinnersBanner
            membership={shell.membership}
            entryPoint="receipt_page"
            returnTo={`/receipt/${loaderData.receipt.checkoutId}`}
            myGiveaways={hasCapability(shell.capabilities, 'giveaway_entries')}
          />
        </div>
      ) : null}
    </>
  );
}
