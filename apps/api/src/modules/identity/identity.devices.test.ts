// The new-device sign-in email (issue 20 "security events (new device login …)") through the real app and database:
// the storefront's device id (x-device-id) plus the user agent's browser and OS name a device; a sign-in from one not
// on record for that customer emails "New sign-in to your account", the sign-up's device never does.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signupBody, TEST_PASSWORD } from '../../../test/helpers/customers.ts';
import { agentFamily } from './identity.devices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 }, rateLimit: { max: 100_000, windowMs: 60_000 } },
  });
});
afterAll(() => t.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const newDevice = () => randomBytes(18).toString('base64url');
const device = (id: string | null, ua = FIREFOX_LINUX) => ({ 'user-agent': ua, ...(id ? { 'x-device-id': id } : {}) });

async function signUp(deviceId: string) {
  const body = signupBody(t);
  const res = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/signup',
    payload: body,
    headers: device(deviceId),
    sign: { version: '3.5' },
  });
  expect(res.statusCode).toBe(200);
  return String(body.email);
}
async function login(email: string, headers: Record<string, string>) {
  const res = await t.injectSigned({
    method: 'POST',
    url: '/api/v2/login',
    payload: { email, password: TEST_PASSWORD },
    headers,
  });
  expect(res.json().result.status).toBe('authenticated');
  return res.json().result as { access_token: string };
}
const newSignInEmails = (email: string) => t.services.outbox.outboxFor(email, ['security_new_sign_in']);

describe('new-device sign-in email', () => {
  it('is not sent for the sign-up device, is sent once for a new device, and not again for that device', async () => {
    const laptop = newDevice();
    const email = await signUp(laptop);
    await login(email, device(laptop));
    expect(await newSignInEmails(email)).toHaveLength(0);

    const phone = newDevice();
    await login(email, device(phone, SAFARI_IPHONE));
    const sent = await newSignInEmails(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('New sign-in to your account');
    expect(sent[0]!.textBody).toContain('Device: Mobile Safari on iOS');
    expect(sent[0]!.textBody).toMatch(/When: .*AE[DS]T/);
    expect(sent[0]!.textBody).toContain('/my-account/change-Password');
    // The email is the shop's HTML template, with the change-password button.
    expect(sent[0]!.htmlBody).toMatch(/^<!DOCTYPE html/);
    expect(sent[0]!.htmlBody).toContain('New sign-in to your account');
    expect(sent[0]!.htmlBody).toContain('Mobile Safari on iOS');
    expect(sent[0]!.htmlBody).toContain('Change my password');

    await login(email, device(phone, SAFARI_IPHONE));
    await login(email, device(laptop));
    expect(await newSignInEmails(email)).toHaveLength(1);
  });

  it("counts devices per customer: another customer's device is new to this one", async () => {
    const mine = newDevice();
    const theirs = newDevice();
    const email = await signUp(mine);
    const other = await signUp(theirs);
    await login(other, device(theirs));
    expect(await newSignInEmails(other)).toHaveLength(0);
    await login(email, device(theirs));
    expect(await newSignInEmails(email)).toHaveLength(1);
    expect(await newSignInEmails(other)).toHaveLength(0);
  });

  it('the same device id in another browser is another device; a sign-in naming no device records nothing', async () => {
    const laptop = newDevice();
    const email = await signUp(laptop);
    await login(email, device(null));
    await login(email, { 'x-device-id': 'short' });
    expect(await newSignInEmails(email)).toHaveLength(0);
    await login(email, device(laptop, SAFARI_IPHONE));
    expect(await newSignInEmails(email)).toHaveLength(1);
  });

  it('a sign-in with a transfer (autologin) token is noted too', async () => {
    const laptop = newDevice();
    const email = await signUp(laptop);
    const session = await login(email, device(laptop));
    const minted = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/customer/autologin-token',
      payload: {},
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    const token = minted.json().result.token as string;
    const tablet = newDevice();
    const res = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/transfer',
      payload: { token },
      headers: device(tablet),
    });
    expect(res.json().result.status).toBe('authenticated');
    expect(await newSignInEmails(email)).toHaveLength(1);
  });
});

describe('agentFamily', () => {
  it('names the browser and system without versions', () => {
    expect(agentFamily(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(agentFamily(SAFARI_IPHONE)).toBe('Mobile Safari on iOS');
    expect(agentFamily(undefined)).toBe('Unknown browser on unknown system');
  });
});
