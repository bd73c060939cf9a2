// Cards and accounts (/my-account/cards-and-accounts, spec features §2, §7 funds calls).
import { data, redirect } from 'react-router';
import { FundsScreen } from '../../features/wallet/funds-screen.tsx';
import { submitFundsForm } from '../../features/wallet/wallet-forms.server.ts';
import { savedFunds } from '../../features/wallet/wallet-labels.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { cardGateways, paymentMethods } from '../../features/wallet/wallet.server.ts';
import { walletContext, walletRouteError } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/cards-and-accounts';
import { usePageKey } from '../../lib/use-page-key.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Cards and accounts' }];

async function load(request: Request, context: Route.LoaderArgs['context']) {
  const wallet = await walletContext(request, context);
  try {
    const [methods, gateways] = await Promise.all([paymentMethods(wallet.api), cardGateways(wallet.api)]);
    return { wallet, methods, gateway: gateways[0] ?? null };
  } catch (error) {
    throw walletRouteError(error);
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { wallet, methods, gateway } = await load(request, context);
  return data(
    { funds: savedFunds(methods), gateway, keys: { card: newIdempotencyKey(), bank: newIdempotencyKey() } },
    { headers: wallet.headers() },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { wallet, methods, gateway } = await load(request, context);
  const outcome = await submitFundsForm(wallet.api, methods, await request.formData(), gateway?.key ?? null);
  if ('redirectTo' in outcome) throw redirect(outcome.redirectTo, { headers: wallet.headers() });
  return data(outcome, { status: 422, headers: wallet.headers() });
}

export default function CardsAndAccountsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const pageKeys = usePageKey(loaderData.keys);
  const keys = actionData
    ? { ...pageKeys, [actionData.intent === 'add-card' ? 'card' : 'bank']: actionData.idempotencyKey }
    : pageKeys;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Cards and accounts</h1>
      <FundsScreen funds={loaderData.funds} gateway={loaderData.gateway} result={actionData ?? null} keys={keys} />
    </div>
  );
}
