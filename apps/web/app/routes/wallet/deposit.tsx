// Deposit (/deposit and /my-account/deposit, spec core §2, features §2): fund the wallet from a saved card, the test
// deposit or a linked PayPal account; Apple Pay and Google Pay buttons; link PayPal; BPAY's biller code and reference.
import { moneyToCents } from '@shop/contracts';
import { data, Form, redirect } from 'react-router';
import { DepositForm } from '../../features/wallet/deposit-form.tsx';
import { Field, FormErrors, IdempotencyKeyInput, NO_FEEDBACK } from '../../features/wallet/form-parts.tsx';
import { usePageKey } from '../../lib/use-page-key.ts';
import { submitDeposit, submitLinkPayPal } from '../../features/wallet/wallet-forms.server.ts';
import { depositSources, payPalLink, walletButtons } from '../../features/wallet/wallet-labels.ts';
import { depositPresets } from '../../features/wallet/wallet-rules.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { flashToast } from '../../lib/toast.server.ts';
import { apiMessageToast } from '../../lib/toasts.ts';
import { DEPOSIT_FILTER, depositForm, paymentMethods } from '../../features/wallet/wallet.server.ts';
import { walletContext, walletRouteError } from '../../features/wallet/wallet-route.server.ts';
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
  const wallets = walletButtons(methods);
  const first = sources[0]?.method ?? wallets[0]?.method;
  const presets = depositPresets({
    minCents: first ? moneyToCents(first.rules.minAmount) : null,
    maxCents: first ? moneyToCents(first.rules.maxAmount) : null,
  });
  let bpay = null;
  if (methods.some((m) => m.code === 'bp' && m.kind === 'deposit' && m.rules.enabled)) {
    try {
      bpay = (await depositForm(wallet.api, 'bp')).bpay;
    } catch (error) {
      throw walletRouteError(error);
    }
  }
  const canLinkPayPal = payPalLink(methods) !== null;
  return data(
    {
      sources,
      wallets,
      presets,
      bpay,
      canLinkPayPal,
      site: wallet.site,
      idempotencyKey: newIdempotencyKey(),
      linkKey: newIdempotencyKey(),
    },
    { headers: wallet.headers() },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { wallet, methods } = await load(request, context);
  const form = await request.formData();
  const intent = form.get('intent') === 'link-paypal' ? 'link-paypal' : 'deposit';
  const outcome =
    intent === 'link-paypal'
      ? await submitLinkPayPal(wallet.api, methods, form)
      : await submitDeposit(wallet.api, methods, form, wallet.origin, wallet.site);
  if ('redirectTo' in outcome) {
    const headers = wallet.headers();
    // Features §8 API-message notifications: deposit_pending ("Action Required") on the page the deposit goes to.
    for (const message of outcome.messages ?? []) flashToast(headers, apiMessageToast(message));
    throw redirect(outcome.redirectTo, { headers });
  }
  return data({ ...outcome, intent }, { status: 422, headers: wallet.headers() });
}

export default function DepositRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { sources, wallets, presets, site, bpay, canLinkPayPal } = loaderData;
  const deposit = actionData?.intent === 'deposit' ? actionData : undefined;
  const link = actionData?.intent === 'link-paypal' ? actionData : undefined;
  const depositKey = usePageKey(loaderData.idempotencyKey);
  const linkKey = usePageKey(loaderData.linkKey);
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Deposit</h1>
      <DepositForm
        key={deposit?.idempotencyKey ?? depositKey}
        sources={sources}
        wallets={wallets}
        presets={presets}
        currency={site.currency}
        locale={site.locale}
        idempotencyKey={deposit?.idempotencyKey ?? depositKey}
        feedback={deposit?.feedback ?? NO_FEEDBACK}
        values={deposit?.values ?? {}}
        weeklyLimitHelp
      />
      {canLinkPayPal ? (
        <section aria-labelledby="link-paypal-heading" className="flex max-w-[32rem] flex-col gap-0.5">
          <h2 id="link-paypal-heading" className="text-xl font-bold">
            PayPal
          </h2>
          <p>Link your PayPal account to deposit from it.</p>
          <Form method="post" className="flex flex-col gap-0.5" noValidate>
            <FormErrors errors={link?.feedback.generalErrors ?? []} />
            <input type="hidden" name="intent" value="link-paypal" />
            <IdempotencyKeyInput value={link?.idempotencyKey ?? linkKey} />
            <Field
              name="paypalEmail"
              label="PayPal email address"
              type="email"
              autoComplete="email"
              defaultValue={link?.values.paypalEmail ?? ''}
              errors={link?.feedback.fieldErrors.paypalEmail}
            />
            <button type="submit" className="btn btn-secondary self-start">
              Link PayPal
            </button>
          </Form>
        </section>
      ) : null}
      {bpay ? (
        <section aria-labelledby="bpay-heading" className="flex max-w-[32rem] flex-col gap-0.5" data-testid="bpay">
          <h2 id="bpay-heading" className="text-xl font-bold">
            BPAY
          </h2>
          <p>
            Pay from your bank's online or phone banking with these details. The deposit reaches your account once your
            bank sends it.
          </p>
          <dl className="grid grid-cols-2 gap-0.5">
            <dt className="font-bold">Biller code</dt>
            <dd data-testid="bpay-biller-code">{bpay.billerCode}</dd>
            <dt className="font-bold">Reference number</dt>
            <dd data-testid="bpay-reference">{bpay.reference}</dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
