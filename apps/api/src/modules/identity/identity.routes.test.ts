// Accounts and authentication through the real app and database (issue 4 "Done when"): sign-up, login, 2FA by
// authenticator (real TOTP codes) and by email (codes read from the outbox), lockout, resend lock, refresh rotation
// and reuse detection, forgot/reset, change password ending other sessions, closure, communication preferences,
// throttling and cross-customer access denial. Real argon2id, at a cheaper cost set through configuration.
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin, signupBody, TEST_PASSWORD, type TestCustomer } from '../../../test/helpers/customers.ts';
import { identityCustomers, identityTwoFactor } from './identity.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 }, rateLimit: { max: 100_000, windowMs: 60_000 } },
  });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token?: string, version?: string) =>
  t.injectSigned({ method: 'GET', url, headers: token ? bearer(token) : {}, sign: version ? { version } : undefined });
const send = (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload: unknown,
  token?: string,
  version?: string,
  remoteAddress?: string,
) =>
  t.injectSigned({
    method,
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
    sign: version ? { version } : undefined,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const login = (email: string, password: string, extra: Record<string, unknown> = {}, remoteAddress?: string) =>
  send('POST', '/api/v2/login', { email, password, ...extra }, undefined, undefined, remoteAddress);

async function latestEmail(to: string, kind: string) {
  const [row] = await t.services.outbox.outboxFor(to, [kind]);
  return row;
}
async function emailedCode(to: string) {
  const row = await latestEmail(to, '2fa_code');
  return /\b(\d{6})\b/.exec(row!.textBody)![1]!;
}
const totp = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

describe('POST /signup (v3.5)', () => {
  it('creates the customer, signs them in with cookies and the login response, and marks them new', async () => {
    const body = signupBody(t, {
      favourite_numbers: [{ lottery_key: 'oz-lotto', sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } }],
    });
    const res = await send('POST', '/api/v2/signup', body, undefined, '3.5');
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r.status).toBe('authenticated');
    expect(r.is_new).toBe(true);
    expect(r.customer.customer_id).toMatch(/^cus_[A-Za-z0-9]+$/);
    expect(r.customer.email).toBe(body.email);
    expect(r.customer.balance).toEqual({ amount: 0, currency: 'AUD' });
    expect(r.customer.email_address_confirmation_required).toBe(true);
    expect(r.customer.favourite_numbers).toEqual([
      { lottery_key: 'oz-lotto', sets: { numbers: [1, 2, 3, 4, 5, 6, 7] } },
    ]);
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies.web_access_token?.httpOnly).toBe(true);
    expect(cookies.web_refresh_token?.httpOnly).toBe(true);
    expect(cookies.web_access_token?.sameSite).toBe('Lax');
    expect(cookies.web_access_token?.secure).toBe(true);
    expect(cookies.customer_id?.value).toBe(r.customer.customer_id);
    expect(cookies.customer_id?.httpOnly).toBeFalsy();
    expect(cookies.customer_token?.maxAge).toBe(3600);
    // The cookie alone authenticates a read.
    const me = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/customer',
      cookies: { web_access_token: cookies.web_access_token!.value },
    });
    expect(me.json().result.customer_id).toBe(r.customer.customer_id);
    // A verification email waits in the outbox, with a link that confirms the address.
    const mail = await latestEmail(String(body.email), 'verify_email');
    const token = /confirm-address\/([A-Za-z0-9_-]+)\?type=email/.exec(mail!.textBody)![1]!;
    expect((await send('PATCH', '/api/v2/customer/confirm-email-address', { token })).statusCode).toBe(200);
    expect((await get('/api/v2/customer', r.access_token)).json().result.email_address_confirmation_required).toBe(
      false,
    );
    const again = await send('PATCH', '/api/v2/customer/confirm-email-address', { token });
    expect(again.statusCode).toBe(422);
    expect(again.json().messages[0].text).toBe('Email link no longer valid');
  });

  it('refuses an under-age date of birth with a field error and stores nothing', async () => {
    const now = t.clock.now();
    const dob = `${now.getUTCFullYear() - 18}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate() + 1).padStart(2, '0')}`;
    const body = signupBody(t, { date_of_birth: dob });
    const res = await send('POST', '/api/v2/signup', body, undefined, '3.5');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.date_of_birth).toEqual(['You must be at least 18 years old to sign up.']);
    const rows = await t.database.db
      .select()
      .from(identityCustomers)
      .where(eq(identityCustomers.email, String(body.email)));
    expect(rows).toHaveLength(0);
  });

  it('refuses a common password, a short one, a duplicate email (409) and the wrong version', async () => {
    const common = await send('POST', '/api/v2/signup', signupBody(t, { password: 'Password123' }), undefined, '3.5');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password[0]).toMatch(/too common/);
    const short = await send('POST', '/api/v2/signup', signupBody(t, { password: 'abc' }), undefined, '3.5');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBeDefined();
    const first = signupBody(t);
    expect((await send('POST', '/api/v2/signup', first, undefined, '3.5')).statusCode).toBe(200);
    const dup = await send(
      'POST',
      '/api/v2/signup',
      { ...first, email: String(first.email).toUpperCase() },
      undefined,
      '3.5',
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.email).toEqual(['An account with this email address already exists.']);
    expect((await send('POST', '/api/v2/signup', signupBody(t), undefined, '3.0')).statusCode).toBe(400);
    const badState = await send(
      'POST',
      '/api/v2/signup',
      signupBody(t, { state: 'XX', postcode: '20' }),
      undefined,
      '3.5',
    );
    expect(badState.statusCode).toBe(422);
    expect(badState.json().errors.postcode).toEqual(['Please enter a valid post code.']);
  });
});

describe('POST /login', () => {
  it('answers one generic message for a wrong password and an unknown email', async () => {
    const c = await signUpAndLogin(t);
    const wrong = await login(c.email, 'not the password at all');
    const unknown = await login('nobody.here@example.test', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().messages[0].text).toBe('The email or password you entered is incorrect.');
    expect(unknown.json().messages).toEqual(wrong.json().messages);
  });

  it('checks an email for the login/register step', async () => {
    const c = await signUpAndLogin(t);
    expect((await send('POST', '/api/v2/login', { email: c.email })).json().result).toEqual({
      email: c.email,
      registered: true,
    });
    expect((await send('POST', '/api/v2/login', { email: 'new.person@example.test' })).json().result.registered).toBe(
      false,
    );
  });

  it('rejects a tampered access token with 401', async () => {
    const c = await signUpAndLogin(t);
    const [h, p, s] = c.accessToken.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'cus_someoneelse' })).toString('base64url')}.${s}`;
    expect((await get('/api/v2/customer', forged)).statusCode).toBe(401);
    expect((await get('/api/v2/customer', `${c.accessToken}x`)).statusCode).toBe(401);
    expect((await get('/api/v2/customer', c.accessToken)).statusCode).toBe(200);
  });

  it("slows an attacker's address with growing delays but never locks the owner out from another address", async () => {
    const c = await signUpAndLogin(t);
    const ATTACKER = '203.0.113.9';
    const OWNER = '198.51.100.10';
    // The first 5 failures from the attacker's address are answered at once; then it has to wait, longer each time.
    for (let i = 0; i < 5; i++)
      expect((await login(c.email, `wrong-${i}-password`, {}, ATTACKER)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 5; i < 12; i++) {
      const slowed = await login(c.email, `wrong-${i}-password`, {}, ATTACKER);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json().status).toBe(429);
      expect(slowed.json().messages[0].code).toBe('too_many_attempts');
      const wait = Number(slowed.headers['retry-after']);
      waits.push(wait);
      // Waiting it out allows one more try (wrong again), and the next wait is longer.
      t.clock.advance(wait * 1000);
      expect((await login(c.email, `wrong-${i}-password`, {}, ATTACKER)).statusCode).toBe(401);
    }
    expect(waits.length).toBe(7);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]!);
    // Even the right password waits at the attacker's address...
    expect((await login(c.email, c.password, {}, ATTACKER)).statusCode).toBe(429);
    // ...while the owner, from their own address, signs in at once.
    expect((await login(c.email, c.password, {}, OWNER)).statusCode).toBe(200);
    // The owner heard about it, once for the hour however many failures there were.
    const alerts = await t.services.outbox.outboxFor(c.email, ['security_alert']);
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(alerts[0]!.textBody).toMatch(/wrong password \d+ times in the last hour/);
    const alertsBefore = alerts.length;
    expect((await login(c.email, 'one-more-wrong-password', {}, OWNER)).statusCode).toBe(401);
    expect((await t.services.outbox.outboxFor(c.email, ['security_alert'])).length).toBe(alertsBefore);
  });

  it('stops unknown addresses after 100 failures on one account in an hour, not the addresses the owner uses', async () => {
    const c = await signUpAndLogin(t, {}); // signed in once from 127.0.0.1: a known address
    const seen = await login(c.email, c.password, {}, '198.51.100.77');
    expect(seen.statusCode).toBe(200);
    // A botnet: 100 addresses, one wrong password each (each address stays within its free attempts).
    for (let i = 0; i < 100; i++)
      expect(
        (await login(c.email, `wrong-${i}-password`, {}, `10.9.${Math.floor(i / 200)}.${i % 200}`)).statusCode,
      ).toBe(401);
    const stranger = await login(c.email, c.password, {}, '10.9.9.9');
    expect(stranger.statusCode).toBe(429);
    expect((await login(c.email, c.password, {}, '198.51.100.77')).statusCode).toBe(200);
  });

  it('logs in with a single-use autologin token, and GET /logout ends the session', async () => {
    const c = await signUpAndLogin(t);
    const minted = await send('POST', '/api/v2/customer/autologin-token', {}, c.accessToken);
    const token = minted.json().result.token;
    const first = await send('POST', '/api/v2/login', { autologin_token: token });
    expect(first.json().result.customer.customer_id).toBe(c.customerId);
    const reuse = await send('POST', '/api/v2/login', { autologin_token: token });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().messages[0].text).toBe('Email link no longer valid');
    const transferToken = (await send('POST', '/api/v2/customer/autologin-token', {}, c.accessToken)).json().result
      .token;
    const transfer = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/transfer',
      payload: `token=${transferToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(transfer.json().result.status).toBe('authenticated');

    const logout = await get('/api/v2/logout', c.accessToken);
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.find((k) => k.name === 'web_access_token')?.value).toBe('');
    expect((await get('/api/v2/customer', c.accessToken)).statusCode).toBe(401);
    expect(
      (
        await t.injectSigned({
          method: 'POST',
          url: '/api/v2/refresh',
          payload: `refresh_token=${c.refreshToken}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('two-factor authentication', () => {
  async function enrolAuthenticator(c: TestCustomer) {
    const start = await send('POST', '/api/v2/customer/two-factor/authenticator', {}, c.accessToken);
    expect(start.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_data_url } = start.json().result;
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(
      (
        await send(
          'POST',
          '/api/v2/customer/two-factor/confirm',
          { otp: String((Number(await totp(secret)) + 1) % 1_000_000).padStart(6, '0') },
          c.accessToken,
        )
      ).statusCode,
    ).toBe(422);
    const confirmed = await send(
      'POST',
      '/api/v2/customer/two-factor/confirm',
      { otp: await totp(secret) },
      c.accessToken,
    );
    expect(confirmed.json().result).toMatchObject({ enabled: true, method: 'authenticator' });
    // A security event: emailed (HTML and text), whatever the marketing preferences.
    const notice = await latestEmail(c.email, 'security_2fa_changed');
    expect(notice!.subject).toBe('Two-factor authentication is on');
    expect(notice!.textBody).toContain('a code from your authenticator app');
    expect(notice!.htmlBody).toContain('Two-factor authentication is on');
    return secret as string;
  }

  it('enrols an authenticator, requires it at login, and verifies a real TOTP code (v3.3)', async () => {
    const c = await signUpAndLogin(t);
    const secret = await enrolAuthenticator(c);
    // The secret is never shown again and is stored encrypted.
    const status = await get('/api/v2/customer/two-factor', c.accessToken);
    expect(JSON.stringify(status.json())).not.toContain(secret);
    const [row] = await t.database.db.select().from(identityTwoFactor);
    expect(JSON.stringify(row)).not.toContain(secret);

    const first = await login(c.email, c.password);
    const r = first.json();
    expect(r.result.status).toBe('2fa_required');
    expect(r.result.two_factor_auth).toEqual({ method: 'authenticator', identifier: 'authenticator' });
    expect(r.messages[0].code).toBe('2fa_required');
    expect(r.result.access_token).toBeNull();
    expect(first.cookies.find((k) => k.name === 'web_access_token')).toBeUndefined();
    // Token login is a v3.3 call.
    expect((await send('POST', '/api/v2/login', { token: r.result.token, otp: '000000' })).statusCode).toBe(400);
    t.clock.advance(30_000);
    const done = await send(
      'POST',
      '/api/v2/login',
      { token: r.result.token, otp: await totp(secret) },
      undefined,
      '3.3',
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().result.customer.customer_id).toBe(c.customerId);
    // The challenge is spent.
    expect(
      (await send('POST', '/api/v2/login', { token: r.result.token, otp: await totp(secret) }, undefined, '3.3'))
        .statusCode,
    ).toBe(401);
  });

  it('sends email codes (masked identifier), remembers a device, and disabling needs the password', async () => {
    const c = await signUpAndLogin(t);
    const start = await send('POST', '/api/v2/customer/two-factor/email', {}, c.accessToken);
    expect(start.json().result.identifier).toBe(`${c.email.split('@')[0]}****`);
    const enrolCode = await emailedCode(c.email);
    expect(
      (await send('POST', '/api/v2/customer/two-factor/confirm', { otp: enrolCode }, c.accessToken)).json().result
        .method,
    ).toBe('email');

    t.clock.advance(61_000);
    const challenge = (await login(c.email, c.password)).json().result;
    expect(challenge.two_factor_auth).toEqual({ method: 'email', identifier: `${c.email.split('@')[0]}****` });
    const code = await emailedCode(c.email);
    expect(code).not.toBe(enrolCode);
    const done = await send(
      'POST',
      '/api/v2/login',
      { token: challenge.token, otp: code, remember_device: true },
      undefined,
      '3.3',
    );
    expect(done.statusCode).toBe(200);
    const device = done.cookies.find((k) => k.name === 'remember_2fa_device');
    expect(device?.httpOnly).toBe(true);
    expect(device?.maxAge).toBe(30 * 86_400);
    // A remembered device skips the second factor; another device does not.
    const remembered = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: c.email, password: c.password },
      cookies: { remember_2fa_device: device!.value },
    });
    expect(remembered.json().result.status).toBe('authenticated');
    t.clock.advance(61_000);
    expect((await login(c.email, c.password)).json().result.status).toBe('2fa_required');
    // An email code is single use and lives 10 minutes.
    const reused = await send('POST', '/api/v2/login', { token: challenge.token, otp: code }, undefined, '3.3');
    expect(reused.statusCode).toBe(401);

    expect(
      (await send('DELETE', '/api/v2/customer/two-factor', { password: 'not my password' }, c.accessToken)).statusCode,
    ).toBe(422);
    expect(
      (await send('DELETE', '/api/v2/customer/two-factor', { password: c.password }, c.accessToken)).json().result
        .enabled,
    ).toBe(false);
    expect((await latestEmail(c.email, 'security_2fa_changed'))!.subject).toBe(
      'Two-factor authentication was turned off',
    );
    expect((await login(c.email, c.password)).json().result.status).toBe('authenticated');
  });

  it('expires email codes after 10 minutes', async () => {
    const c = await signUpAndLogin(t);
    await send('POST', '/api/v2/customer/two-factor/email', {}, c.accessToken);
    await send('POST', '/api/v2/customer/two-factor/confirm', { otp: await emailedCode(c.email) }, c.accessToken);
    const challenge = (await login(c.email, c.password)).json().result;
    const code = await emailedCode(c.email);
    t.clock.advance(10 * 60_000 + 1000);
    const late = await send('POST', '/api/v2/login', { token: challenge.token, otp: code }, undefined, '3.3');
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(late.statusCode).toBeLessThan(500);
  });

  it('locks resend for 60 seconds', async () => {
    const c = await signUpAndLogin(t);
    await send('POST', '/api/v2/customer/two-factor/email', {}, c.accessToken);
    await send('POST', '/api/v2/customer/two-factor/confirm', { otp: await emailedCode(c.email) }, c.accessToken);
    const challenge = (await login(c.email, c.password)).json().result;
    const locked = await send('POST', '/api/v2/login/2fa/resend', { token: challenge.token }, undefined, '3.3');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().messages[0].code).toBe('2fa_resend_locked');
    t.clock.advance(59_000);
    expect(
      (await send('POST', '/api/v2/login/2fa/resend', { token: challenge.token }, undefined, '3.3')).statusCode,
    ).toBe(429);
    t.clock.advance(2_000);
    const sentBefore = (await latestEmail(c.email, '2fa_code'))!.id;
    const resent = await send('POST', '/api/v2/login/2fa/resend', { token: challenge.token }, undefined, '3.3');
    expect(resent.statusCode).toBe(200);
    expect((await latestEmail(c.email, '2fa_code'))!.id).toBeGreaterThan(sentBefore);
    const ok = await send(
      'POST',
      '/api/v2/login',
      { token: challenge.token, otp: await emailedCode(c.email) },
      undefined,
      '3.3',
    );
    expect(ok.statusCode).toBe(200);
  });

  it('locks the account after 5 wrong codes (2fa_account_locked), even for the right code afterwards', async () => {
    const c = await signUpAndLogin(t);
    const secret = await enrolAuthenticator(c);
    t.clock.advance(30_000);
    const challenge = (await login(c.email, c.password)).json().result;
    const right = await totp(secret);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) {
      const res = await send('POST', '/api/v2/login', { token: challenge.token, otp: wrong }, undefined, '3.3');
      expect(res.statusCode).toBe(422);
      expect(res.json().messages[0].code).toBe('2fa_incorrect');
      expect(res.json().errors.otp).toEqual(['Code is incorrect or expired. Try again or contact support']);
    }
    const fifth = await send('POST', '/api/v2/login', { token: challenge.token, otp: wrong }, undefined, '3.3');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().messages[0]).toMatchObject({
      code: '2fa_account_locked',
      text: 'Your account has been locked due to too many incorrect 2FA attempts. Please contact support.',
    });
    expect(
      (await send('POST', '/api/v2/login', { token: challenge.token, otp: right }, undefined, '3.3')).json().messages[0]
        .code,
    ).toBe('2fa_account_locked');
    expect((await login(c.email, c.password)).json().messages[0].code).toBe('2fa_account_locked');
  });
});

describe('POST /refresh', () => {
  it('rotates the refresh token and revokes the family when a rotated token comes back', async () => {
    const c = await signUpAndLogin(t);
    const form = (token: string) =>
      t.injectSigned({
        method: 'POST',
        url: '/api/v2/refresh',
        payload: `refresh_token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const first = await form(c.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json().result;
    expect(next.refresh_token).not.toBe(c.refreshToken);
    expect((await get('/api/v2/customer', next.access_token)).statusCode).toBe(200);
    // The cookie works too.
    const viaCookie = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/refresh',
      cookies: { web_refresh_token: next.refresh_token },
    });
    expect(viaCookie.statusCode).toBe(200);
    const latest = viaCookie.json().result;

    const reuse = await form(c.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().messages[0].code).toBe('refresh_token_reused');
    // The whole family is gone: the newest refresh token and the access tokens of the session.
    expect((await form(latest.refresh_token)).statusCode).toBe(401);
    expect((await get('/api/v2/customer', latest.access_token)).statusCode).toBe(401);
    expect((await form('x'.repeat(43))).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('forgot/reset: same answer for unknown emails, single-use 1-hour link, every session ended', async () => {
    const c = await signUpAndLogin(t);
    const known = await send('POST', '/api/v2/password/forgot', { email: c.email });
    const unknown = await send('POST', '/api/v2/password/forgot', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await latestEmail('ghost@example.test', 'password_reset')).toBeUndefined();
    const link = (await latestEmail(c.email, 'password_reset'))!.textBody;
    const token = /token=([A-Za-z0-9_-]+)/.exec(link)![1]!;

    expect(
      (await send('POST', '/api/v2/password/reset', { token, password: 'password123' })).json().errors.password[0],
    ).toMatch(/too common/);
    const reset = await send('POST', '/api/v2/password/reset', { token, password: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    // The account's address is told its password changed (a reset it did not ask for is noticed).
    expect((await latestEmail(c.email, 'password_changed'))!.subject).toBe('Your password was changed');
    const reused = await send('POST', '/api/v2/password/reset', { token, password: 'another new passphrase' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().messages[0].text).toBe('Email link no longer valid');
    expect((await get('/api/v2/customer', c.accessToken)).statusCode).toBe(401);
    expect((await login(c.email, c.password)).statusCode).toBe(401);
    expect((await login(c.email, 'a brand new passphrase')).statusCode).toBe(200);

    await send('POST', '/api/v2/password/forgot', { email: c.email });
    const late = /token=([A-Za-z0-9_-]+)/.exec((await latestEmail(c.email, 'password_reset'))!.textBody)![1]!;
    t.clock.advance(60 * 60_000 + 1000);
    expect(
      (await send('POST', '/api/v2/password/reset', { token: late, password: 'yet another passphrase' })).json()
        .messages[0].text,
    ).toBe('Email link no longer valid');
  });

  it('change-password needs the current password and ends the other sessions only', async () => {
    const c = await signUpAndLogin(t);
    const other = (await login(c.email, c.password)).json().result;
    const wrong = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/customer/change-password',
      payload: 'current_password=nope-nope&new_password=fresh+passphrase+one',
      headers: { ...bearer(c.accessToken), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['Your current password is incorrect.']);
    const changed = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/customer/change-password',
      payload: `current_password=${encodeURIComponent(c.password)}&new_password=fresh+passphrase+one`,
      headers: { ...bearer(c.accessToken), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get('/api/v2/customer', c.accessToken)).statusCode).toBe(200);
    expect((await get('/api/v2/customer', other.access_token)).statusCode).toBe(401);
    expect((await login(c.email, 'fresh passphrase one')).statusCode).toBe(200);
  });

  it('force-change only when flagged, and the overview carries the flag', async () => {
    const c = await signUpAndLogin(t);
    expect(
      (await send('POST', '/api/v2/password/force-change', { password: 'forced new passphrase' }, c.accessToken))
        .statusCode,
    ).toBe(422);
    await t.database.db
      .update(identityCustomers)
      .set({ forcePasswordChange: true })
      .where(eq(identityCustomers.publicId, c.customerId));
    expect((await get('/api/v2/customer', c.accessToken)).json().result.force_password_change).toBe(true);
    expect(
      (await send('POST', '/api/v2/password/force-change', { password: 'forced new passphrase' }, c.accessToken))
        .statusCode,
    ).toBe(200);
    expect((await get('/api/v2/customer', c.accessToken)).json().result.force_password_change).toBe(false);
  });
});

describe('profile and preferences', () => {
  it('details (v3.2): moving state makes a verified customer unverified; names are immutable', async () => {
    const c = await signUpAndLogin(t);
    await t.database.db
      .update(identityCustomers)
      .set({ isVerified: true })
      .where(eq(identityCustomers.publicId, c.customerId));
    expect((await get('/api/v2/customer/details', c.accessToken)).statusCode).toBe(400);
    const details = await get('/api/v2/customer/details', c.accessToken, '3.2');
    expect(details.json().result).toMatchObject({ firstname: 'Casey', state: 'NSW', postcode: '2000' });
    const moved = await send(
      'POST',
      '/api/v2/customer/details',
      { state: 'VIC', postcode: '3000', suburb: 'Melbourne' },
      c.accessToken,
      '3.2',
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().messages[0].text).toMatch(/verify your account again/);
    expect((await get('/api/v2/customer', c.accessToken)).json().result.is_verified).toBe(false);
    const renamed = await send('POST', '/api/v2/customer/details', { firstname: 'Someone' }, c.accessToken, '3.2');
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().errors.firstname).toBeDefined();
  });

  it('details (v3.2): the sign-in email changes only with the current password, and the old address is told', async () => {
    const c = await signUpAndLogin(t);
    const newEmail = `moved-${c.customerId.toLowerCase()}@example.test`;
    const email = async () =>
      (await t.database.db.select().from(identityCustomers).where(eq(identityCustomers.publicId, c.customerId)))[0]!
        .email;
    // A session alone cannot move the account to another address (then reset its password from there).
    const bare = await send('POST', '/api/v2/customer/details', { email: newEmail }, c.accessToken, '3.2');
    expect(bare.statusCode).toBe(422);
    expect(bare.json().messages[0].code).toBe('reauthentication_required');
    expect(bare.json().errors.current_password).toEqual([
      'Please enter your current password to change your email address.',
    ]);
    const wrong = await send(
      'POST',
      '/api/v2/customer/details',
      { email: newEmail, current_password: 'not my password', phone: '0499 111 222' },
      c.accessToken,
      '3.2',
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['Your current password is incorrect.']);
    expect(await email()).toBe(c.email);
    expect((await get('/api/v2/customer/details', c.accessToken, '3.2')).json().result.phone).not.toBe('0499 111 222');
    expect(await latestEmail(c.email, 'security_email_changed')).toBeUndefined();
    // Other details still change without it.
    expect((await send('POST', '/api/v2/customer/details', { suburb: 'Glebe' }, c.accessToken, '3.2')).statusCode).toBe(
      200,
    );

    const moved = await send(
      'POST',
      '/api/v2/customer/details',
      { email: newEmail, current_password: c.password },
      c.accessToken,
      '3.2',
    );
    expect(moved.statusCode).toBe(200);
    expect(await email()).toBe(newEmail);
    const notice = await latestEmail(c.email, 'security_email_changed');
    expect(notice!.subject).toBe('Your email address was changed');
    expect(notice!.textBody).toContain(`moved-${c.customerId.toLowerCase()}****`);
    expect(notice!.textBody).not.toContain(newEmail);
    expect(await latestEmail(newEmail, 'verify_email')).toBeDefined();
    expect((await login(c.email, c.password)).statusCode).toBe(401);
    expect((await login(newEmail, c.password)).statusCode).toBe(200);
  });

  it('communication preferences (v3.2): channels, update, unsubscribe with reasons and by signed link', async () => {
    const c = await signUpAndLogin(t);
    const url = `/api/v2/customer/${c.customerId}/communication-preferences`;
    const initial = (await get(url, c.accessToken, '3.2')).json().result;
    expect(initial.features.methods.map((m: { key: string }) => m.key)).toEqual([
      'email',
      'phone',
      'sms',
      'directmail',
      'push',
    ]);
    expect(initial.features.methods.find((m: { key: string }) => m.key === 'push').hidden).toBe(true);
    expect(initial.preferences.email).toEqual({ enabled: false });
    const updated = await send(
      'PUT',
      url,
      { preferences: { email: true, sms: { enabled: true } } },
      c.accessToken,
      '3.2',
    );
    expect(updated.json().result.preferences).toMatchObject({
      email: { enabled: true },
      sms: { enabled: true },
      phone: { enabled: false },
    });
    const unsub = await send(
      'PUT',
      `${url}/oz-lotto`,
      { preferences: { email: false }, unsubscribe_reasons: ['too_many_emails'] },
      c.accessToken,
      '3.2',
    );
    // The offer's unsubscribe link turns off that offer's emails only: email stays on for the others.
    expect(unsub.json().result.preferences.email).toEqual({ enabled: true });
    const [row] = await t.database.db
      .select()
      .from(identityCustomers)
      .where(eq(identityCustomers.publicId, c.customerId));
    expect(row!.unsubscribeReasons).toEqual(['too_many_emails']);
    // Signed out, only a valid unsubscribe token works.
    expect((await send('PUT', url, { preferences: { email: true } }, undefined, '3.2')).statusCode).toBe(401);
    expect(
      (await send('PUT', url, { preferences: { email: true }, token: 'x'.repeat(43) }, undefined, '3.2')).statusCode,
    ).toBe(401);
  });

  it('favourite numbers, terms, recurring purchase method, locate and confirm-address', async () => {
    const c = await signUpAndLogin(t);
    const fav = await send(
      'PUT',
      '/api/v2/favourite-numbers',
      { favourite_numbers: [{ lottery_key: 'powerball', sets: { numbers: [1, 2, 3, 4, 5, 6, 7], powerball: [9] } }] },
      c.accessToken,
    );
    expect(fav.json().result.favourite_numbers[0].sets.powerball).toEqual([9]);
    // Numbers that break the game's rules: 422 naming the entry, the game's number set and the rule; nothing stored.
    const bad = await send(
      'PUT',
      '/api/v2/favourite-numbers',
      {
        favourite_numbers: [
          { lottery_key: 'powerball', sets: { numbers: [1, 2, 36], powerball: [21] } },
          { lottery_key: 'oz-lotto', sets: { numbers: [5, 5] } },
        ],
      },
      c.accessToken,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'favourite_numbers.0.sets.numbers': ['Powerball Numbers must be between 1 and 35.'],
      'favourite_numbers.0.sets.powerball': ['Powerball Powerball must be between 1 and 20.'],
      'favourite_numbers.1.sets.numbers': ["Oz Lotto Numbers can't repeat a number."],
    });
    expect((await get('/api/v2/customer', c.accessToken)).json().result.favourite_numbers[0].sets.powerball).toEqual([
      9,
    ]);
    expect(
      (await send('POST', '/api/v2/customer/terms-and-conditions', {}, c.accessToken)).json().result.accepted,
    ).toBe(true);
    const rpm = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/customer/recurring-purchase-method?recurring_purchase_method=wallet',
      headers: bearer(c.accessToken),
    });
    expect(rpm.json().result.selected_recurring_purchase_method_key).toBe('wallet');
    expect(
      (
        await t.injectSigned({
          method: 'POST',
          url: '/api/v2/customer/recurring-purchase-method?recurring_purchase_method=bitcoin',
          headers: bearer(c.accessToken),
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await t.injectSigned({ method: 'GET', url: '/api/v2/locate', remoteAddress: '203.0.113.5' })).json().result,
    ).toEqual({ country: 'AU', country_banned: false });
    expect(
      (await t.injectSigned({ method: 'GET', url: '/api/v2/locate', remoteAddress: '198.51.100.5' })).json().result,
    ).toEqual({ country: 'US', country_banned: true });
    // Logging in from a banned country flags the customer until they accept the location terms.
    const abroad = (await login(c.email, c.password, {}, '198.51.100.7')).json().result;
    expect(abroad.customer.country_banned_confirmation_required).toBe(true);
    await send('POST', '/api/v2/customer/terms-and-conditions/location', {}, abroad.access_token);
    expect(
      (await get('/api/v2/customer', abroad.access_token)).json().result.country_banned_confirmation_required,
    ).toBe(false);
    await t.database.db
      .update(identityCustomers)
      .set({ addressConfirmationRequired: true })
      .where(eq(identityCustomers.publicId, c.customerId));
    expect((await send('PATCH', '/api/v2/customer/confirm-address', {}, c.accessToken)).statusCode).toBe(200);
    expect((await get('/api/v2/customer', c.accessToken)).json().result.address_confirmation_required).toBe(false);
  });
});

describe('DELETE /customer (closure)', () => {
  it('is refused while funds remain (ADR 010), then closes, logs out and frees nothing else', async () => {
    const c = await signUpAndLogin(t);
    const ledger = t.services.ledger;
    await t.database.db.transaction((tx) =>
      ledger.creditPrize(tx, {
        customerId: c.customerId,
        amountCents: 1250,
        currency: 'AUD',
        reference: `test-prize-${c.customerId}`,
        description: 'Test prize',
      }),
    );
    expect((await get('/api/v2/customer', c.accessToken)).json().result.balance).toEqual({
      amount: 12.5,
      currency: 'AUD',
    });
    const refused = await send('DELETE', '/api/v2/customer', { password: c.password }, c.accessToken);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages[0]).toMatchObject({
      code: 'account_has_funds',
      text: 'Please withdraw your remaining balance before closing your account.',
    });

    const empty = await signUpAndLogin(t);
    expect(
      (await send('DELETE', '/api/v2/customer', { password: 'wrong password!' }, empty.accessToken)).statusCode,
    ).toBe(422);
    const closed = await send('DELETE', '/api/v2/customer', { password: empty.password }, empty.accessToken);
    expect(closed.statusCode).toBe(200);
    expect((await get('/api/v2/customer', empty.accessToken)).statusCode).toBe(401);
    expect((await login(empty.email, empty.password)).statusCode).toBe(401);
  });
});

describe('cross-customer access', () => {
  it("never lets customer B read or change customer A's data", async () => {
    const a = await signUpAndLogin(t);
    const b = await signUpAndLogin(t);
    const before = (
      await t.database.db.select().from(identityCustomers).where(eq(identityCustomers.publicId, a.customerId))
    )[0]!;
    const attempts: Array<{
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      url: string;
      payload?: unknown;
      version?: string;
    }> = [
      { method: 'GET', url: `/api/v2/customer/${a.customerId}/communication-preferences`, version: '3.2' },
      {
        method: 'PUT',
        url: `/api/v2/customer/${a.customerId}/communication-preferences`,
        payload: { preferences: { email: true } },
        version: '3.2',
      },
      {
        method: 'PUT',
        url: `/api/v2/customer/${a.customerId}/communication-preferences/oz-lotto`,
        payload: { preferences: { email: true }, unsubscribe_reasons: ['other'] },
        version: '3.2',
      },
    ];
    for (const at of attempts) {
      const res = await send(at.method as 'PUT', at.url, at.payload ?? {}, b.accessToken, at.version);
      expect([401, 403, 404], `${at.method} ${at.url}`).toContain(res.statusCode);
    }
    // Routes scoped by the token ignore any client-supplied customer id.
    const spoofed = { authorization: `Bearer ${b.accessToken}`, 'x-customer-id': a.customerId };
    const routes: Array<{
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      url: string;
      payload?: unknown;
      version?: string;
    }> = [
      { method: 'GET', url: '/api/v2/customer' },
      { method: 'GET', url: '/api/v2/customer/details', version: '3.2' },
      { method: 'POST', url: '/api/v2/customer/details', payload: { phone: '0499 999 999' }, version: '3.2' },
      { method: 'PUT', url: '/api/v2/favourite-numbers', payload: { favourite_numbers: [] } },
      { method: 'GET', url: '/api/v2/customer/two-factor' },
      { method: 'GET', url: '/api/v2/customer/recurring-purchase-method' },
    ];
    for (const r of routes) {
      const res = await t.injectSigned({
        method: r.method,
        url: r.url,
        payload: r.payload as object,
        headers: spoofed,
        sign: r.version ? { version: r.version } : undefined,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(200);
      expect(res.body).not.toContain(a.email);
      const id = res.json().result?.customer_id;
      if (id !== undefined) expect(id).toBe(b.customerId);
    }
    // An unknown field naming another customer is refused, not ignored.
    expect(
      (
        await send(
          'POST',
          '/api/v2/customer/details',
          { customer_id: a.customerId, phone: '0400 000 000' },
          b.accessToken,
          '3.2',
        )
      ).statusCode,
    ).toBe(422);
    const after = (
      await t.database.db.select().from(identityCustomers).where(eq(identityCustomers.publicId, a.customerId))
    )[0]!;
    expect(after).toEqual(before);
    expect((await get('/api/v2/customer', a.accessToken)).statusCode).toBe(200);
  });
});

describe('signUpAndLogin helper', () => {
  it('returns a working session', async () => {
    const c = await signUpAndLogin(t, { firstname: 'Helper' });
    expect((await get('/api/v2/customer', c.accessToken)).json().result.firstname).toBe('Helper');
    expect(c.password).toBe(TEST_PASSWORD);
  });
});
