// /my-account/login-and-security (protected): password and two-factor setup (features §2 Account security).
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactorStatus,
  startAuthenticator,
  startEmailTwoFactor,
} from '../../features/identity/account.server.ts';
import { AccountPage } from '../../features/identity/account-page.tsx';
import {
  ConfirmTwoFactorSchema,
  DisableTwoFactorSchema,
  LoginAndSecurity,
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  type SecurityActionData,
} from '../../features/identity/login-and-security.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import { apiErrorReply } from '../../features/identity/login.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/login-and-security';
import QRCode from 'qrcode';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Login and security' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth, customer } = await requireCustomer(request, context);
    const status = await getTwoFactorStatus(auth.api);
    return data(
      { view: { ...status, email: customer.email } },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

function messagesOf(error: unknown): string[] | null {
  if (error instanceof ApiError && error.status < 500 && error.reason === undefined)
    return [...error.generalErrors, ...Object.values(error.fieldErrors).flat()].filter(Boolean).length
      ? [...error.generalErrors, ...Object.values(error.fieldErrors).flat()]
      : [error.message];
  return null;
}

async function securityAction(request: Request, context: Route.ActionArgs['context']): Promise<SecurityActionData> {
  const { auth } = await requireCustomer(request, context);
  const formData = await request.formData();
  const intent = formData.get('intent');
  try {
    if (intent === 'start-authenticator') {
      const e = await startAuthenticator(auth.api);
      return {
        stage: 'authenticator',
        secret: e.secret,
        otpauthUri: e.otpauthUri,
        qrSvg: e.qrSvg,
      };
    }
    if (intent === 'start-email') {
      await startEmailTwoFactor(auth.api);
      return { stage: 'email' };
    }
    if (intent === 'confirm') {
      const method = formData.get('method') === 'authenticator' ? 'authenticator' : 'email';
      const submission = parseWithZod(formData, {
        schema: ConfirmTwoFactorSchema,
      });
      const again = async (
        result: NonNullable<Extract<SecurityActionData, { stage: 'email' }>['result']>,
      ): Promise<SecurityActionData> => {
        if (method === 'email') return { stage: 'email', result };
        const secret = String(formData.get('secret') ?? '');
        const otpauthUri = String(formData.get('otpauthUri') ?? '');
        const qrSvg = otpauthUri.startsWith('otpauth://')
          ? await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 })
          : '';
        return { stage: 'authenticator', secret, otpauthUri, qrSvg, result };
      };
      if (submission.status !== 'success') return again(submission.reply());
      try {
        await confirmTwoFactor(auth.api, submission.value.otp);
      } catch (error) {
        return again(apiErrorReply(submission, error));
      }
      return { stage: 'done', message: TWO_FACTOR_ENABLED };
    }
    if (intent === 'disable') {
      const submission = parseWithZod(formData, {
        schema: DisableTwoFactorSchema,
      });
      if (submission.status !== 'success')
        return {
          stage: 'disable',
          result: submission.reply({ hideFields: ['password'] }),
        };
      try {
        await disableTwoFactor(auth.api, submission.value.password);
      } catch (error) {
        return { stage: 'disable', result: apiErrorReply(submission, error) };
      }
      return { stage: 'done', message: TWO_FACTOR_DISABLED };
    }
    throw data(null, { status: 400 });
  } catch (error) {
    const messages = messagesOf(error);
    if (messages) return { stage: 'error', messages };
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    return await securityAction(request, context);
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function LoginAndSecurityRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Login and security">
      <LoginAndSecurity view={loaderData.view} actionData={actionData} />
    </AccountPage>
  );
}
