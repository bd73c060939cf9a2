// /login and /checkout/login (spec core §2 Authentication, §4 Login flow steps): the login step, the register step
// (?step=register) and, when the API asks for it, the two-factor step. A signed-in visitor goes straight on.
import { IDENTITY_TEXTS } from '@shop/contracts';
import { redirect, useLocation } from 'react-router';
import { authApi, loadCustomer, safeRedirectPath } from '../../lib/auth.server.ts';
import { LoginForm, RegisterForm } from '../../features/identity/login-forms.tsx';
import { authFormAction, loadWebConfig, siteToday, type AuthActionData } from '../../features/identity/login.server.ts';
import { LOGIN_FLOW_STEPS } from '../../features/identity/login-steps.ts';
import { TwoFactorForm } from '../../features/identity/two-factor-form.tsx';
import { withAnonymousCartConverted } from '../../features/cart/cart-login.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import type { Route } from './+types/login';

export const handle = { footer: 'condensed' };

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data?.step === 'register' ? 'Create an account' : 'Log in' }];
}

function isCheckout(request: Request): boolean {
  return new URL(request.url).pathname.startsWith('/checkout/');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const checkout = isCheckout(request);
  const fallback = checkout ? '/cart' : '/my-account';
  const redirectTo = safeRedirectPath(url.searchParams.get('redirect'), fallback, url.origin);
  try {
    const auth = authApi(request, context);
    if (await loadCustomer(auth)) throw redirect(redirectTo, { headers: auth.headers() });
    const config = await loadWebConfig(request, context);
    return {
      step: url.searchParams.get('step') === 'register' ? ('register' as const) : ('login' as const),
      checkout,
      redirectTo,
      register: {
        minAge: config.minRegistrationAge,
        today: siteToday(config.siteTimeZone),
        regions: config.regions,
        marketingConsentDefault: config.signupFlags.marketingConsentDefault,
        termsUrl: '/about/terms-and-conditions',
      },
      rememberDays: config.twoFactorAuthenticationConfig.rememberDeviceDays,
      supportUrl: config.supportPageUrls.contactUs || '/about/contact-us',
      notice: url.searchParams.get('notice') === 'autologin-failed' ? IDENTITY_TEXTS.linkInvalid : null,
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const auth = authApi(request, context);
    // Login success (core §4): the anonymous cart merges into the customer's cart.
    return await withAnonymousCartConverted(request, context, auth, await authFormAction(auth, request, context));
  } catch (error) {
    throw toRouteError(error);
  }
}

function stepHref(pathname: string, step: 'login' | 'register', redirectTo: string): string {
  const params = new URLSearchParams();
  if (step === 'register') params.set('step', 'register');
  params.set('redirect', redirectTo);
  return `${pathname}?${params.toString()}`;
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const result = actionData as AuthActionData | undefined;
  const step = result?.step ?? loaderData.step;
  return (
    <div className="page-container py-2">
      {loaderData.checkout ? (
        <p className="mb-1 text-sm font-semibold text-[#4a4a4a]">
          Step {LOGIN_FLOW_STEPS[step === '2fa' ? '2fa' : step]} of {LOGIN_FLOW_STEPS.select_payment}
        </p>
      ) : null}
      {loaderData.notice && !result ? <FormAlert messages={[loaderData.notice]} /> : null}
      {result?.step === '2fa' ? (
        <TwoFactorForm
          state={result.twoFactor}
          rememberDays={loaderData.rememberDays}
          supportUrl={loaderData.supportUrl}
          redirectTo={loaderData.redirectTo}
        />
      ) : step === 'register' ? (
        <RegisterForm
          lastResult={result?.step === 'register' ? result.result : undefined}
          redirectTo={loaderData.redirectTo}
          loginHref={stepHref(pathname, 'login', loaderData.redirectTo)}
          options={loaderData.register}
        />
      ) : (
        <LoginForm
          lastResult={result?.step === 'login' ? result.result : undefined}
          redirectTo={loaderData.redirectTo}
          registerHref={stepHref(pathname, 'register', loaderData.redirectTo)}
        />
      )}
    </div>
  );
}
