// Deposit (/deposit and /my-account/deposit, spec core §2, features §2): fund the wallet from a saved card.
import { moneyToCents } from '@shop/contracts';
import { data, redirect } from 'react-router';
import { DepositForm } from '../../features/wallet/deposit-form.tsx';
import { NO_FEEDBACK } from '../../features/wallet/form-parts.tsx';
import { submitDeposit } from '../../features/wallet/wallet-forms.server.ts';
import { depositSources } from '../../features/wallet/wallet-labels.ts';
import { depositPresets, newIdempotencyKey } from '../../features/wallet/wallet-rules.ts';
import { DEPOSIT_FILTER, paymentMethods } from '../../features/wallet/wallet.server.ts';
import { walletContext, walletRouteError } from './wallet-route.server.ts';
import type { Route } from './+types/deposit';

export const meta: Route.MetaFunction = () => [{ title: 'Deposit' }];

async function load(request: Request, context: Route.LoaderArgs['context']) {
  const wallet = await walletContext(request, context);
  try {
    const methods = await paymentMethods(wallet.api, DEPOSIT_FILTER);
    return { wallet, methods };
  } catch (error) {
    throw walletRouteError(error);
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { wallet, methods } = await load(request, context);
  const sources = depositSources(methods);
  const first = sources[0];
  const presets = depositPresets({ minCents: first ? moneyToCents(first.method.rules.minAmount) : null, maxCents: first ? moneyToCents(first.method.rules.maxAmount) : null });
  return data({ sources, presets, site: wallet.site, idempotencyKey: newIdempotencyKey() }, { headers: wallet.headers() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { wallet, methods } = await load(request, context);
  const outcome = await submitDeposit(wallet.api, methods, await request.formData(), wallet.origin, wallet.site);
  if ('redirectTo' in outcome) throw redirect(outcome.redirectTo, { headers: wallet.headers() });
  return data(outcome, { status: 422, headers: wallet.headers() });
}

export default function DepositRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { sources, presets, site } = loaderData;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Deposit</h1>
      <DepositForm
        key={actionData?.idempotencyKey ?? loaderData.idempotencyKey}
        sources={sources}
        presets={presets}
        currency={site.currency}
        locale={site.locale}
        idempotencyKey={actionData?.idempotencyKey ?? loaderData.idempotencyKey}
        feedback={actionData?.feedback ?? NO_FEEDBACK}
        values={actionData?.values ?? {}}
        weeklyLimitHelp
      />
    </div>
  );
}
