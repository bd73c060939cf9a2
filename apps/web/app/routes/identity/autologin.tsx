// /login/autologin/:autologinToken and /login/transfer/:autologinToken (core §4 Autologin screen, features §2): shows
// "Verifying Automatic Login" while the token is exchanged (the page posts itself; without JavaScript a button does),
// then the two-factor form titled "2 factor authentication required" when needed. Any other failure goes to the
// login page with a failure notice; a 2FA error keeps the visitor on the form.
import { parseWithZod } from '@conform-to/zod/v4';
import { TWO_FACTOR_TEXTS } from '@shop/contracts';
import { z } from 'zod';
import { redirect } from 'react-router';
import { exchangeAutologinToken } from './autologin-exchange.server.ts';
import { authApi, safeRedirectPath, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import {
  loadWebConfig,
  resendTwoFactorAction,
  verifyTwoFactorAction,
  type AuthActionData,
} from '../../features/identity/login.server.ts';
import { AutologinAutoSubmit as AutoSubmit } from '../../features/identity/autologin-submit.tsx';
import { TwoFactorForm } from '../../features/identity/two-factor-form.tsx';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/autologin';

export const handle = { footer: 'condensed' };
export const headers = mergeSetCookieHeaders;
export const AUTOLOGIN_FAILED_NOTICE = 'autologin-failed';

/** The page's posts: the token exchange (with where to go next), or a step of the two-factor form (its own schema). */
const AutologinForm = z.object({ intent: z.string().optional(), redirect: z.string().optional() });

export function meta() {
  return [{ title: TWO_FACTOR_TEXTS.verifyingAutologin }, { name: 'robots', content: 'noindex' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const config = await loadWebConfig(request, context);
    return {
      rememberDays: config.twoFactorAuthenticationConfig.rememberDeviceDays,
      supportUrl: config.supportPageUrls.contactUs || '/about/contact-us',
      redirectTo: safeRedirectPath(
        new URL(request.url).searchParams.get('redirect'),
        '/my-account',
        new URL(request.url).origin,
      ),
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const auth = authApi(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: AutologinForm });
  const posted = submission.status === 'success' ? submission.value : {};
  try {
    const config = await loadWebConfig(request, context);
    if (posted.intent === 'verify-2fa') return await verifyTwoFactorAction(auth, formData, config, request);
    if (posted.intent === 'resend-2fa') return await resendTwoFactorAction(auth, formData);
    const transfer = new URL(request.url).pathname.startsWith('/login/transfer/');
    const outcome = await exchangeAutologinToken(request, context, auth, config, {
      token: params.autologinToken,
      transfer,
      redirectTo: posted.redirect,
    });
    if (outcome === 'failed') throw redirect(`/login?notice=${AUTOLOGIN_FAILED_NOTICE}`, { headers: auth.headers() });
    return outcome;
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function Autologin({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AuthActionData | undefined;
  return (
    <div className="page-container py-2">
      {result?.step === '2fa' ? (
        <TwoFactorForm
          state={result.twoFactor}
          rememberDays={loaderData.rememberDays}
          supportUrl={loaderData.supportUrl}
          redirectTo={loaderData.redirectTo}
          heading={TWO_FACTOR_TEXTS.autologinTitle}
        />
      ) : (
        <section aria-live="polite" className="mx-auto max-w-[460px] text-center">
          <h1 className="mb-1 text-2xl font-bold">{TWO_FACTOR_TEXTS.verifyingAutologin}</h1>
          <AutoSubmit redirectTo={loaderData.redirectTo} />
        </section>
      )}
    </div>
  );
}
