// /login/autologin/:autologinToken and /login/transfer/:autologinToken (core §4 Autologin screen, features §2): shows
// "Verifying Automatic Login" while the token is exchanged (the page posts itself; without JavaScript a button does),
// then the two-factor form titled "2 factor authentication required" when needed. Any other failure goes to the
// login page with a failure notice; a 2FA error keeps the visitor on the form.
import { parseWithZod } from '@conform-to/zod/v4';
import { TWO_FACTOR_TEXTS } from '@shop/contracts';
import { z } from 'zod';
import { useEffect, useRef } from 'react';
import { data, Form, redirect, useLocation } from 'react-router';
import { withAnonymousCartConverted } from '../../features/cart/cart-login.server.ts';
import {
  authApi,
  safeRedirectPath,
  completeLogin,
  mergeSetCookieHeaders,
  REMEMBER_DEVICE_COOKIE,
  requestCookies,
  twoFactorChallengeOf,
} from '../../lib/auth.server.ts';
import {
  finishSignIn,
  IDENTITY_PATHS,
  loadWebConfig,
  resendTwoFactorAction,
  verifyTwoFactorAction,
  type AuthActionData,
} from '../../features/identity/login.server.ts';
import { TwoFactorForm } from '../../features/identity/two-factor-form.tsx';
import { ApiError } from '../../lib/api-errors.ts';
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
    if (posted.intent === 'verify-2fa') return await verifyTwoFactorAction(auth, formData, config);
    if (posted.intent === 'resend-2fa') return await resendTwoFactorAction(auth, formData);
    const transfer = new URL(request.url).pathname.startsWith('/login/transfer/');
    const redirectTo = posted.redirect;
    try {
      const res = transfer
        ? await auth.api.post<unknown>(
            'main',
            IDENTITY_PATHS.transfer,
            { token: params.autologinToken },
            { form: true, skipAuthRefresh: true },
          )
        : await auth.api.post<unknown>(
            'main',
            IDENTITY_PATHS.login,
            {
              autologinToken: params.autologinToken,
              rememberDeviceToken: requestCookies(request)[REMEMBER_DEVICE_COOKIE],
            },
            { skipAuthRefresh: true },
          );
      const outcome = completeLogin(auth, res.result, {
        sessionTimeoutSeconds: config.sessionTimeout,
        rememberDays: config.twoFactorAuthenticationConfig.rememberDeviceDays,
      });
      if (outcome.kind === '2fa')
        return data<AuthActionData>({ step: '2fa', twoFactor: outcome.challenge }, { headers: auth.headers() });
      // Login success (core §4): the anonymous cart merges into the customer's cart, as after a password login.
      return await withAnonymousCartConverted(request, context, auth, await finishSignIn(auth, redirectTo));
    } catch (error) {
      const challenge = twoFactorChallengeOf(auth, error);
      if (challenge) return data<AuthActionData>({ step: '2fa', twoFactor: challenge }, { headers: auth.headers() });
      if (error instanceof ApiError && error.status < 500)
        throw redirect(`/login?notice=${AUTOLOGIN_FAILED_NOTICE}`, {
          headers: auth.headers(),
        });
      throw error;
    }
  } catch (error) {
    throw toRouteError(error);
  }
}

/** Posts the exchange once after hydration; the button is there for visitors without JavaScript. */
function AutoSubmit({ redirectTo }: { redirectTo: string }) {
  const ref = useRef<HTMLFormElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.requestSubmit();
  }, [pathname]);
  return (
    <Form method="post" ref={ref}>
      <input type="hidden" name="intent" value="exchange" />
      <input type="hidden" name="redirect" value={redirectTo} />
      <noscript>
        <button type="submit" className="btn btn-primary">
          Continue
        </button>
      </noscript>
    </Form>
  );
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
