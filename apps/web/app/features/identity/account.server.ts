// Account calls of the storefront (spec core §7 Session and account calls; features §2 Account security, §7). Each
// takes the request's api client (built by the route with the auth feature), so refresh and cookies stay in one place.
import {
  AuthenticatorEnrolment,
  CommunicationPreferences,
  CustomerDetails,
  TwoFactorStatus,
  type CommunicationChannel,
  type DevMailMessage,
  DevMailboxResult,
} from '@shop/contracts';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';

export const ACCOUNT_PATHS = {
  details: '/customer/details',
  customer: '/customer',
  changePassword: '/customer/change-password',
  forceChange: '/password/force-change',
  forgotPassword: '/password/forgot',
  resetPassword: '/password/reset',
  twoFactor: '/customer/two-factor',
  twoFactorAuthenticator: '/customer/two-factor/authenticator',
  twoFactorEmail: '/customer/two-factor/email',
  twoFactorConfirm: '/customer/two-factor/confirm',
  confirmAddress: '/customer/confirm-address',
  confirmEmail: '/customer/confirm-email-address',
  communicationPreferences: (customerId: string) =>
    `/customer/${encodeURIComponent(customerId)}/communication-preferences`,
  unsubscribe: (customerId: string, productOfferKey?: string) =>
    `/customer/${encodeURIComponent(customerId)}/communication-preferences${productOfferKey ? `/${encodeURIComponent(productOfferKey)}` : ''}`,
  devMailbox: '/dev/mailbox',
} as const;

export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
export type AuthenticatorEnrolment = z.infer<typeof AuthenticatorEnrolment>;
export type CommunicationPreferences = z.infer<typeof CommunicationPreferences>;

export async function getDetails(api: ApiClient): Promise<CustomerDetails> {
  const res = await api.get<unknown>('main', ACCOUNT_PATHS.details, {
    version: '3.2',
    cache: false,
  });
  return CustomerDetails.parse(res.result);
}

export async function updateDetails(api: ApiClient, body: Record<string, unknown>): Promise<{ messages: string[] }> {
  const res = await api.post<unknown>('main', ACCOUNT_PATHS.details, body, {
    version: '3.2',
  });
  return { messages: res.messages.map((m) => m.text) };
}

export async function changePassword(api: ApiClient, currentPassword: string, newPassword: string): Promise<void> {
  await api.post('main', ACCOUNT_PATHS.changePassword, { currentPassword, newPassword }, { form: true });
}

export async function closeAccount(api: ApiClient, password: string, reason?: string): Promise<void> {
  await api.delete('main', ACCOUNT_PATHS.customer, { password, reason }, { form: true });
}

export async function getTwoFactorStatus(api: ApiClient): Promise<TwoFactorStatus> {
  const res = await api.get<unknown>('main', ACCOUNT_PATHS.twoFactor, {
    cache: false,
  });
  return TwoFactorStatus.parse(res.result);
}

export async function startAuthenticator(api: ApiClient): Promise<AuthenticatorEnrolment & { qrSvg: string }> {
  const res = await api.post<unknown>('main', ACCOUNT_PATHS.twoFactorAuthenticator, {});
  const enrolment = AuthenticatorEnrolment.parse(res.result);
  // Drawn here as inline SVG: the page's CSP need not allow data: images, and the secret never leaves our server.
  const qrSvg = await QRCode.toString(enrolment.otpauthUri, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
  });
  return { ...enrolment, qrSvg };
}

export async function startEmailTwoFactor(api: ApiClient): Promise<void> {
  await api.post('main', ACCOUNT_PATHS.twoFactorEmail, {});
}

export async function confirmTwoFactor(api: ApiClient, otp: string): Promise<void> {
  await api.post('main', ACCOUNT_PATHS.twoFactorConfirm, { otp });
}

export async function disableTwoFactor(api: ApiClient, password: string): Promise<void> {
  await api.delete('main', ACCOUNT_PATHS.twoFactor, { password });
}

export async function getCommunicationPreferences(
  api: ApiClient,
  customerId: string,
): Promise<CommunicationPreferences> {
  const res = await api.get<unknown>('main', ACCOUNT_PATHS.communicationPreferences(customerId), {
    version: '3.2',
    cache: false,
  });
  return CommunicationPreferences.parse(res.result);
}

export async function putCommunicationPreferences(
  api: ApiClient,
  path: string,
  body: {
    preferences: Partial<Record<CommunicationChannel, boolean>>;
    unsubscribeReasons?: string[];
    token?: string;
  },
): Promise<void> {
  await api.put('main', path, body, { version: '3.2' });
}

/** Returns the API's message: confirmed, or (email, signed in, no token) a new confirmation email sent. */
export async function confirmAddress(
  api: ApiClient,
  kind: 'address' | 'email',
  token?: string,
): Promise<string | null> {
  const res = await api.patch(
    'main',
    kind === 'address' ? ACCOUNT_PATHS.confirmAddress : ACCOUNT_PATHS.confirmEmail,
    token ? { token } : {},
  );
  return res.messages[0]?.text ?? null;
}

export async function devMailbox(api: ApiClient, to?: string): Promise<DevMailMessage[]> {
  const res = await api.get<unknown>('main', ACCOUNT_PATHS.devMailbox, {
    query: { to, limit: 50 },
    cache: false,
  });
  return DevMailboxResult.parse(res.result);
}

/** Links in an email's text, for the dev mailbox to make clickable (our own origin's paths included). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}
