// Cookie consent (spec core §9): categories essential (always) and non_essential; the choice is kept in a cookie.
import { COOKIE_NAMES } from './cookie-names.ts';
import { parseCookies, serializeCookie } from './cookies.ts';

export const CONSENT_COOKIE = COOKIE_NAMES.consent;
export type ConsentChoice = 'all' | 'essential';
export type CookieCategory = 'essential' | 'non_essential';

export function readConsent(cookieHeader: string | null | undefined): ConsentChoice | null {
  const value = parseCookies(cookieHeader)[CONSENT_COOKIE];
  return value === 'all' || value === 'essential' ? value : null;
}

export function consentCategories(choice: ConsentChoice | null): CookieCategory[] {
  return choice === 'all' ? ['essential', 'non_essential'] : ['essential'];
}

/**
 * Whether non-essential cookies (utm, analytics ids, atv) may be written. Without the cookie_consent capability
 * the site asks nothing, so nothing is withheld; with it, only an "Accept all" allows them.
 */
export function nonEssentialAllowed(consentCapability: boolean, choice: ConsentChoice | null): boolean {
  return !consentCapability || choice === 'all';
}

/** The banner shows only with the capability and while no choice is stored. */
export function consentBannerVisible(consentCapability: boolean, choice: ConsentChoice | null): boolean {
  return consentCapability && choice === null;
}

export function consentCookie(choice: ConsentChoice, lifetimeDays: number, secure: boolean): string {
  return serializeCookie(CONSENT_COOKIE, choice, { maxAgeSeconds: lifetimeDays * 86_400, secure });
}
