// customer:unlock-2fa through runOps: a customer locked out by wrong codes can log in with a right one again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } } });
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });

describe('customer:unlock-2fa', () => {
  it('lifts a two-factor lock, says when there was none, and refuses an unknown email', async () => {
    const c = await signUpAndLogin(t);
    await t.database.pool.query(
      `INSERT INTO identity_two_factor (customer_id, method, failed_attempts, locked_at)
       SELECT id, 'email', 5, now() FROM identity_customers WHERE public_id = $1`,
      [c.customerId],
    );
    const locked = async () =>
      (
        await t.database.pool.query(
          'SELECT locked_at, failed_attempts FROM identity_two_factor t JOIN identity_customers c ON c.id = t.customer_id WHERE c.public_id = $1',
          [c.customerId],
        )
      ).rows[0];
    expect((await locked()).locked_at).not.toBeNull();

    expect(await ops('customer:unlock-2fa', c.email.toUpperCase())).toMatchObject({
      code: 0,
      out: `Two-factor authentication for ${c.email.toUpperCase()} is unlocked.`,
    });
    expect(await locked()).toEqual({ locked_at: null, failed_attempts: 0 });
    expect((await ops('customer:unlock-2fa', c.email)).out).toContain('was not locked');
    expect(await ops('customer:unlock-2fa', 'nobody@example.test')).toMatchObject({
      code: 1,
      err: 'No open account has the email nobody@example.test.',
    });
    expect((await ops('customer:unlock-2fa')).code).toBe(1);
  });
});

// Issue 20 item 8: the force-upgrade-account page needs a way for a customer to owe an upgrade, and a way out.
describe('customer:require-upgrade', () => {
  it('flags the account upgrade on the overview until the customer saves their details', async () => {
    const c = await signUpAndLogin(t);
    const overview = async () =>
      (
        await t.injectSigned({
          method: 'GET',
          url: '/api/v2/customer',
          headers: { authorization: `Bearer ${c.accessToken}` },
        })
      ).json().result.account_upgrade;
    expect(await overview()).toBe(false);
    expect(await ops('customer:require-upgrade', c.email)).toMatchObject({
      code: 0,
      out: `${c.email} must check and complete their details before they continue.`,
    });
    expect(await overview()).toBe(true);
    expect((await ops('customer:require-upgrade', c.email)).out).toContain('already had to complete');
    // Saving the details (POST /customer/details, v3.2) completes the upgrade.
    const details = (
      await t.injectSigned({
        method: 'GET',
        url: '/api/v2/customer/details',
        headers: { authorization: `Bearer ${c.accessToken}`, version: '3.2' },
      })
    ).json().result;
    const saved = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/customer/details',
      headers: { authorization: `Bearer ${c.accessToken}`, version: '3.2' },
      payload: { phone: details.phone ?? '0412345678', address: '1 George St', suburb: 'Sydney', postcode: '2000' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await overview()).toBe(false);
    expect(await ops('customer:require-upgrade', 'nobody@example.test')).toMatchObject({
      code: 1,
      err: 'No open account has the email nobody@example.test.',
    });
    expect((await ops('customer:require-upgrade')).code).toBe(1);
  });
});
