// Payment resolution (/my-account/payment-resolution, spec features §3 Payments, §4, §7 "GET /payment_resolutions"):
// the customer's recurring purchases whose payment failed; change the fund, add a card, retry.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { PAYMENT_RESOLUTION_PATH } from '../../features/payment-resolution/payment-resolution-banner.tsx';
import {
  PaymentResolutionScreen,
  RESOLUTION_TEXTS,
} from '../../features/payment-resolution/payment-resolution-screen.tsx';
import {
  changeFund,
  paymentResolutions,
  recurringPurchaseMethods,
  retryResolutions,
} from '../../features/payment-resolution/payment-resolution.server.ts';
import { ResolutionForm } from '../../features/payment-resolution/payment-resolution-forms.ts';
import { AddCardForm } from '../../features/wallet/funds-screen.tsx';
import { submitFundsForm } from '../../features/wallet/wallet-forms.server.ts';
import { newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { cardGateways, paymentMethods } from '../../features/wallet/wallet.server.ts';
import { walletContext } from '../../features/wallet/wallet-route.server.ts';
import { ApiError, formErrorsOf } from '../../lib/api-errors.ts';
import { submissionErrors } from '../../lib/form-data.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/payment-resolution';
import { usePageKey } from '../../lib/use-page-key.ts';

export const meta: Route.MetaFunction = () => [{ title: RESOLUTION_TEXTS.title }];

async function load(request: Request, context: Route.LoaderArgs['context']) {
  const wallet = await walletContext(request, context);
  try {
    const [resolutions, methods, gateways] = await Promise.all([
      paymentResolutions(wallet.api),
      recurringPurchaseMethods(wallet.api),
      cardGateways(wallet.api),
    ]);
    return { wallet, resolutions, methods, gateway: gateways[0] ?? null };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { wallet, ...screen } = await load(request, context);
  return data({ ...screen, cardKey: newIdempotencyKey() }, { headers: wallet.headers() });
}

type FundsResult = Exclude<Awaited<ReturnType<typeof submitFundsForm>>, { redirectTo: string }>;

/** A refusal the customer can act on (422, 409, 404) as the form's message; anything else is the error page. */
function refused(error: unknown) {
  if (!(error instanceof ApiError) || error.status >= 500 || error.reason) throw toRouteError(error);
  const { fieldErrors, generalErrors } = formErrorsOf(error);
  return { fieldErrors: {}, generalErrors: [...Object.values(fieldErrors).flat(), ...generalErrors].slice(0, 3) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const wallet = await walletContext(request, context);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: ResolutionForm });
  const answer = (feedback: { generalErrors: string[] } | null, result: FundsResult | null = null) =>
    data({ retry: null, result, feedback }, { status: 422, headers: wallet.headers() });
  if (submission.status !== 'success') {
    const { fieldErrors, generalErrors } = submissionErrors(submission);
    return answer({ generalErrors: [...Object.values(fieldErrors).flat(), ...generalErrors] });
  }
  const posted = submission.value;
  try {
    if (posted.intent === 'change-fund') {
      await changeFund(wallet.api, posted.fundId);
      throw redirect(PAYMENT_RESOLUTION_PATH, { headers: wallet.headers() });
    }
    if (posted.intent === 'retry') {
      const retry = await retryResolutions(wallet.api);
      return data({ retry, result: null, feedback: null }, { headers: wallet.headers() });
    }
    const [methods, gateways] = await Promise.all([paymentMethods(wallet.api), cardGateways(wallet.api)]);
    const outcome = await submitFundsForm(wallet.api, methods, form, gateways[0]?.key ?? null);
    // The card is saved: back to this screen (not the cards page the add-card flow goes to on its own).
    if ('redirectTo' in outcome) throw redirect(PAYMENT_RESOLUTION_PATH, { headers: wallet.headers() });
    return answer(null, outcome);
  } catch (error) {
    if (error instanceof Response) throw error;
    return answer(refused(error));
  }
}

export default function PaymentResolutionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const pageCardKey = usePageKey(loaderData.cardKey);
  const cardKey = actionData?.result?.idempotencyKey ?? pageCardKey;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">{RESOLUTION_TEXTS.title}</h1>
      <PaymentResolutionScreen
        resolutions={actionData?.retry ? actionData.retry.resolutions : loaderData.resolutions}
        methods={loaderData.methods}
        retry={actionData?.retry ?? null}
        errors={actionData?.feedback?.generalErrors ?? []}
        site={useSiteFormat()}
        addCard={
          loaderData.gateway ? (
            <AddCardForm gateway={loaderData.gateway} result={actionData?.result ?? null} idempotencyKey={cardKey} />
          ) : null
        }
      />
    </div>
  );
}
