// Withdraw (/my-account/withdraw, spec features §2, §7): winnings out to a saved bank account.
import { moneyToCents } from '@shop/contracts';
import { data, redirect } from 'react-router';
import { NO_FEEDBACK } from '../../features/wallet/form-parts.tsx';
import { usePageKey } from '../../lib/use-page-key.ts';
import { submitWithdrawal } from '../../features/wallet/wallet-forms.server.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { paymentMethods, WITHDRAW_FILTER, withdrawableFunds } from '../../features/wallet/wallet.server.ts';
import { WithdrawForm } from '../../features/wallet/withdraw-form.tsx';
import { walletContext, walletRouteError } from '../../features/wallet/wallet-route.server.ts';
import type { Route } from './+types/withdraw';

export const meta: Route.MetaFunction = () => [{ title: 'Withdraw' }];

async function load(request: Request, context: Route.LoaderArgs['context']) {
  const wallet = await walletContext(request, context);
  try {
    const [methods, funds] = await Promise.all([
      paymentMethods(wallet.api, WITHDRAW_FILTER),
      withdrawableFunds(wallet.api),
    ]);
    return {
      wallet,
      methods: methods.filter((m) => m.kind === 'withdrawal' && m.rules.enabled && m.withdrawalPath),
      funds,
    };
  } catch (error) {
    throw walletRouteError(error);
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { wallet, methods, funds } = await load(request, context);
  const saved = methods.flatMap((m) => m.funds);
  return data(
    {
      withdrawable: funds.withdrawableFunds,
      balance: funds.balance,
      funds: saved,
      site: wallet.site,
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: wallet.headers() },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { wallet, methods, funds } = await load(request, context);
  const outcome = await submitWithdrawal(
    wallet.api,
    methods,
    moneyToCents(funds.withdrawableFunds),
    await request.formData(),
    wallet.site,
  );
  if ('redirectTo' in outcome) throw redirect(outcome.redirectTo, { headers: wallet.headers() });
  return data(outcome, { status: 422, headers: wallet.headers() });
}

export default function WithdrawRoute({ loaderData, actionData }: Route.ComponentProps) {
  const withdrawKey = usePageKey(loaderData.idempotencyKey);
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Withdraw</h1>
      <WithdrawForm
        withdrawable={loaderData.withdrawable}
        balance={loaderData.balance}
        funds={loaderData.funds}
        idempotencyKey={actionData?.idempotencyKey ?? withdrawKey}
        feedback={actionData?.feedback ?? NO_FEEDBACK}
        values={actionData?.values ?? {}}
        locale={loaderData.site.locale}
      />
    </div>
  );
}
