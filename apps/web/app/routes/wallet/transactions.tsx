// Transactions (/my-account/transactions/:page?, spec features §7 GET /transactions with limit and offset).
import { PAGE_SIZES } from '@shop/contracts';
import { data } from 'react-router';
import { TransactionsList } from '../../features/wallet/wallet-views.tsx';
import { offsetOf, pageFromParam } from '../../features/wallet/wallet-rules.ts';
import { transactions } from '../../features/wallet/wallet.server.ts';
import { notFound } from '../../lib/route-errors.ts';
import { walletContext, walletRouteError } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/transactions';

export const meta: Route.MetaFunction = () => [{ title: 'Transactions' }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const page = pageFromParam(params.page);
  if (page === null) notFound();
  const wallet = await walletContext(request, context);
  const limit = PAGE_SIZES.default;
  try {
    const { items, pageInfo } = await transactions(wallet.api, { limit, offset: offsetOf(page, limit) });
    if (page > 1 && items.length === 0) notFound();
    const hasNext = pageInfo ? pageInfo.offset + items.length < pageInfo.total : items.length === limit;
    return data({ items, page, hasNext, site: wallet.site }, { headers: wallet.headers() });
  } catch (error) {
    throw walletRouteError(error);
  }
}

export default function TransactionsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Transactions</h1>
      <TransactionsList
        items={loaderData.items}
        page={loaderData.page}
        hasNext={loaderData.hasNext}
        site={loaderData.site}
      />
    </div>
  );
}
