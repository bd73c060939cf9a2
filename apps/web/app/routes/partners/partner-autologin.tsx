// /purchase/:partnerSlug/autologin/:autologinToken (spec core §2, §4 Autologin screen): 'Verifying Automatic Login' in
// the partner's layout while the token is exchanged, the two-factor form when asked, then the partner's checkout
// signed in. A forged or expired token goes to the partner's checkout with the failure notice, and no session.
import { parseWithZod } from '@conform-to/zod/v4';
import { TWO_FACTOR_TEXTS } from '@shop/contracts';
import { redirect } from 'react-router';
import { z } from 'zod';
import { AutologinAutoSubmit } from '../../features/identity/autologin-submit.tsx';
import {
  loadWebConfig,
  resendTwoFactorAction,
  verifyTwoFactorAction,
  type AuthActionData,
} from '../../features/identity/login.server.ts';
import { TwoFactorForm } from '../../features/identity/two-factor-form.tsx';
import { loadPartner } from '../../features/partners/partners.server.ts';
import { authApi, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { exchangeAutologinToken } from '../identity/autologin-exchange.server.ts';
import { PartnerErrorBoundary, PartnerFrame, partnerHandle } from './partner-pages.tsx';
import type { Route } from './+types/partner-autologin';

export const handle = partnerHandle;
export const headers = mergeSetCookieHeaders;
export const PARTNER_AUTOLOGIN_FAILED = 'autologin-failed';

const Posted = z.object({ intent: z.string().optional() });

export function meta() {
  return [{ title: TWO_FACTOR_TEXTS.verifyingAutologin }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const [partner, config] = await Promise.all([
      loadPartner(authApi(request, context).api, params.partnerSlug),
      loadWebConfig(request, context),
    ]);
    return {
      partner,
      rememberDays: config.twoFactorAuthenticationConfig.rememberDeviceDays,
      supportUrl: config.supportPageUrls.contactUs || '/about/contact-us',
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const auth = authApi(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: Posted });
  const intent = submission.status === 'success' ? submission.value.intent : undefined;
  try {
    const [partner, config] = await Promise.all([
      loadPartner(auth.api, params.partnerSlug),
      loadWebConfig(request, context),
    ]);
    if (intent === 'verify-2fa') return await verifyTwoFactorAction(auth, formData, config, request);
    if (intent === 'resend-2fa') return await resendTwoFactorAction(auth, formData);
    const checkout = `/purchase/${partner.slug}`;
    const outcome = await exchangeAutologinToken(request, context, auth, config, {
      token: params.autologinToken,
      transfer: false,
      redirectTo: checkout,
    });
    if (outcome === 'failed')
      throw redirect(`${checkout}?notice=${PARTNER_AUTOLOGIN_FAILED}`, { headers: auth.headers() });
    return outcome;
  } catch (error) {
    throw toRouteError(error);
  }
}

export const ErrorBoundary = PartnerErrorBoundary;

export default function PartnerAutologin({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AuthActionData | undefined;
  const checkout = `/purchase/${loaderData.partner.slug}`;
  return (
    <PartnerFrame partner={loaderData.partner}>
      <div className="page-container py-2">
        {result?.step === '2fa' ? (
          <TwoFactorForm
            state={result.twoFactor}
            rememberDays={loaderData.rememberDays}
            supportUrl={loaderData.supportUrl}
            redirectTo={checkout}
            heading={TWO_FACTOR_TEXTS.autologinTitle}
          />
        ) : (
          <section aria-live="polite" className="mx-auto max-w-[460px] text-center">
            <h1 className="mb-1 text-2xl font-bold">{TWO_FACTOR_TEXTS.verifyingAutologin}</h1>
            <AutologinAutoSubmit redirectTo={checkout} />
          </section>
        )}
      </div>
    </PartnerFrame>
  );
}
