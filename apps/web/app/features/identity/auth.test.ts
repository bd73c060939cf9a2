// The pure rules of the account screens: paste handling, titles, minimum age, cookies, account-flag redirects.
import { IDENTITY_TEXTS, TWO_FACTOR_TEXTS } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { accountFlagRedirect } from './account-flags.ts';
import {
  clearAnalyticsCookies,
  clearSessionCookies,
  jwtSecondsLeft,
  safeRedirectPath,
  sessionCookies,
} from '../../lib/auth.server.ts';
import { ageOn, OtpSchema, registerSchema } from './auth-schemas.ts';
import { normaliseOtpPaste, twoFactorTitle } from './two-factor.ts';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

function jwt(exp: number): string {
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part({ sub: 'cus_x', exp })}.sig`;
}

describe('two-factor form rules', () => {
  it('trims a paste, keeps the first 6 characters and drops non-digits', () => {
    expect(normaliseOtpPaste('  123456  ')).toBe('123456');
    expect(normaliseOtpPaste('1234567890')).toBe('123456');
    expect(normaliseOtpPaste('12-34 56')).toBe('1234');
    expect(normaliseOtpPaste('abc')).toBe('');
  });

  it('titles the form by method, masking an email as the part before the at-sign and asterisks', () => {
    expect(twoFactorTitle('authenticator', null)).toBe('Enter the 6 digit code from your authenticator app');
    expect(twoFactorTitle('email', 'jane.doe@example.com')).toBe('Enter the 6 digit code emailed to jane.doe****');
    expect(twoFactorTitle('email', 'jane****')).toBe('Enter the 6 digit code emailed to jane****');
  });

  it('accepts exactly 6 digits and otherwise says a 6 digit code is required', () => {
    expect(OtpSchema.safeParse({ otp: '012345' }).success).toBe(true);
    for (const otp of ['12345', '1234567', '12a456', '', undefined]) {
      const r = OtpSchema.safeParse({ otp });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(TWO_FACTOR_TEXTS.incomplete);
    }
  });
});

describe('sign-up minimum age', () => {
  it('counts whole years by calendar date', () => {
    expect(ageOn('2008-11-21', '2026-11-21')).toBe(18);
    expect(ageOn('2008-11-22', '2026-11-21')).toBe(17);
    expect(ageOn('2008-12-01', '2026-11-21')).toBe(17);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
  });

  const base = {
    firstname: 'Ann',
    lastname: 'Koala',
    email: 'ann@example.com',
    password: 'koala-wombat-42',
    phone: '0412 345 678',
    address: '1 George St',
    suburb: 'Sydney',
    state: 'NSW',
    postcode: '2000',
    terms: true,
  };
  const schema = registerSchema({
    minAge: 18,
    today: '2026-11-21',
    phoneRequired: true,
    addressRequired: true,
  });

  it('takes an 18th birthday today and refuses the day after with a field error', () => {
    expect(schema.safeParse({ ...base, dateOfBirth: '2008-11-21' }).success).toBe(true);
    const r = schema.safeParse({ ...base, dateOfBirth: '2008-11-22' });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({
        path: ['dateOfBirth'],
        message: IDENTITY_TEXTS.underAge(18),
      }),
    ]);
  });

  it('refuses an impossible date and unticked terms with the spec messages', () => {
    const r = schema.safeParse({
      ...base,
      dateOfBirth: '1990-02-30',
      terms: false,
    });
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      dateOfBirth: 'Please enter a valid date.',
      terms: 'You must agree to the terms and conditions to proceed.',
    });
  });
});

describe('session cookies', () => {
  it('sets the token cookies HttpOnly and the customer cookies at the session timeout, skipping names the API set', () => {
    const cookies = sessionCookies(
      {
        accessToken: jwt(NOW / 1000 + 900),
        refreshToken: 'r'.repeat(40),
        customerId: 'cus_abc',
        customerToken: 'tok_abc',
      },
      {
        secure: true,
        sessionTimeoutSeconds: 3600,
        alreadySet: ['customer_token=x; Path=/'],
        nowMs: NOW,
      },
    );
    expect(cookies).toHaveLength(3);
    expect(cookies[0]).toMatch(/^web_access_token=.*Max-Age=900; SameSite=Lax; HttpOnly; Secure$/);
    expect(cookies[1]).toMatch(/^web_refresh_token=r+; Path=\/; Max-Age=3600; SameSite=Lax; HttpOnly; Secure$/);
    expect(cookies[2]).toBe('customer_id=cus_abc; Path=/; Max-Age=3600; SameSite=Lax; Secure');
  });

  it('clears every customer cookie', () => {
    expect(clearSessionCookies(false).map((c) => c.split(';')[0])).toEqual([
      'web_access_token=',
      'web_refresh_token=',
      'customer_id=',
      'customer_token=',
    ]);
    expect(clearSessionCookies(false).every((c) => c.includes('Max-Age=0'))).toBe(true);
  });

  it('clears the campaign tags and the analytics anonymous id at logout (analytics data)', () => {
    const cleared = clearAnalyticsCookies(true);
    expect(cleared.map((c) => c.split(';')[0])).toEqual([
      'utm_campaign=',
      'utm_medium=',
      'utm_source=',
      'utm_term=',
      'utm_content=',
      'analytics_id=',
    ]);
    expect(cleared.every((c) => c.includes('Max-Age=0') && c.includes('Secure'))).toBe(true);
  });

  it('reads the seconds left on a JWT and nothing from junk', () => {
    expect(jwtSecondsLeft(jwt(NOW / 1000 + 60), NOW)).toBe(60);
    expect(jwtSecondsLeft('not-a-jwt', NOW)).toBeNull();
    expect(jwtSecondsLeft('a.!!!.c', NOW)).toBeNull();
  });
});

describe('redirects', () => {
  it('returns only to same-site paths', () => {
    expect(safeRedirectPath('/my-account/my-details')).toBe('/my-account/my-details');
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example', null, 42])
      expect(safeRedirectPath(evil)).toBe('/my-account');
  });

  it('sends a forced password change or a pending upgrade to its page, except from that page and logout', () => {
    const flags = (forcePasswordChange: boolean, accountUpgrade: boolean) => ({
      forcePasswordChange,
      accountUpgrade,
    });
    expect(accountFlagRedirect(flags(true, true), '/lotto-tickets')).toBe('/force-password-change');
    expect(accountFlagRedirect(flags(true, false), '/force-password-change')).toBeNull();
    // Core §2: a required account upgrade goes to the force-upgrade-account page (the ordinary one completes it too).
    expect(accountFlagRedirect(flags(false, true), '/my-account')).toBe('/force-upgrade-account');
    expect(accountFlagRedirect(flags(false, true), '/lotto-tickets')).toBe('/force-upgrade-account');
    expect(accountFlagRedirect(flags(false, true), '/force-upgrade-account')).toBeNull();
    expect(accountFlagRedirect(flags(false, true), '/my-account/upgrade-account/')).toBeNull();
    expect(accountFlagRedirect(flags(true, false), '/logout')).toBeNull();
    expect(accountFlagRedirect(flags(false, false), '/')).toBeNull();
  });
});
