// Pure rules of the two-factor form (spec features §2, §5, §9): paste handling and titles; texts from the contracts.
import { maskEmail, TWO_FACTOR_CODE_LENGTH, TWO_FACTOR_TEXTS, type TwoFactorMethod } from '@shop/contracts';

/** Paste rule (features §5): trim, keep the first 6 characters, drop non-digits. */
export function normaliseOtpPaste(text: string): string {
  return text.trim().slice(0, TWO_FACTOR_CODE_LENGTH).replace(/\D/g, '');
}

/** The identifier may already be masked by the API; an address is masked here. */
export function maskedIdentifier(identifier: string): string {
  return identifier.includes('@') ? maskEmail(identifier) : identifier;
}

export function twoFactorTitle(method: TwoFactorMethod, identifier: string | null | undefined): string {
  if (method === 'email') return TWO_FACTOR_TEXTS.emailTitle(maskedIdentifier(identifier ?? ''));
  return TWO_FACTOR_TEXTS.authenticatorTitle;
}
