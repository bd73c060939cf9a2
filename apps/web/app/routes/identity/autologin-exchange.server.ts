// The autologin and transfer token exchange (spec core §4 Autologin screen), shared by /login/autologin/:token,
// /login/transfer/:token and the partner's /purchase/:partnerSlug/autologin/:token: POST /login with the token (or
// POST /transfer), then the two-factor step when asked, else the login's success (the anonymous cart merges).
// 'failed' when the API refuses the token: the caller shows its failure notice, and no session is set.
import type { WebConfig } from '@shop/contracts';
import { data, type AppLoadContext } from 'react-router';
import { withAnonymousCartConverted } from '../../features/cart/cart-login.server.ts';
import { finishSignIn, IDENTITY_PATHS, type AuthActionData } from '../../features/identity/login.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import {
  completeLogin,
  REMEMBER_DEVICE_COOKIE,
  requestCookies,
  signInDeviceHeaders,
  twoFactorChallengeOf,
  type AuthApi,
} from '../../lib/auth.server.ts';

export async function exchangeAutologinToken(
  request: Request,
  context: AppLoadContext,
  auth: AuthApi,
  config: WebConfig,
  exchange: { token: string; transfer: boolean; redirectTo: string | undefined },
) {
  try {
    const res = exchange.transfer
      ? await auth.api.post<unknown>(
          'main',
          IDENTITY_PATHS.transfer,
          { token: exchange.token },
          { form: true, skipAuthRefresh: true, headers: signInDeviceHeaders(auth, request) },
        )
      : await auth.api.post<unknown>(
          'main',
          IDENTITY_PATHS.login,
          {
            autologinToken: exchange.token,
            rememberDeviceToken: requestCookies(request)[REMEMBER_DEVICE_COOKIE],
          },
          { skipAuthRefresh: true, headers: signInDeviceHeaders(auth, request) },
        );
    const outcome = completeLogin(auth, res.result, {
      sessionTimeoutSeconds: config.sessionTimeout,
      rememberDays: config.twoFactorAuthenticationConfig.rememberDeviceDays,
    });
    if (outcome.kind === '2fa')
      return data<AuthActionData>({ step: '2fa', twoFactor: outcome.challenge }, { headers: auth.headers() });
    // Login success (core §4): the anonymous cart merges into the customer's cart, as after a password login.
    return await withAnonymousCartConverted(request, context, auth, await finishSignIn(auth, exchange.redirectTo));
  } catch (error) {
    const challenge = twoFactorChallengeOf(auth, error);
    if (challenge) return data<AuthActionData>({ step: '2fa', twoFactor: challenge }, { headers: auth.headers() });
    if (error instanceof ApiError && error.status < 500) return 'failed' as const;
    throw error;
  }
}
