// Housekeeping removes what has served its purpose and nothing a live customer still uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } } });
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

describe('identity housekeeping', () => {
  it('keeps live sessions, removes ended ones after 30 days and throttle records after a day', async () => {
    const ended = await signUpAndLogin(t);
    const live = await signUpAndLogin(t);
    const logout = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/logout',
      headers: { authorization: `Bearer ${ended.accessToken}` },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect(await count('identity_login_attempts')).toBeGreaterThan(0);
    const sessionsBefore = await count('identity_sessions');

    const identity = t.services.identity.sessions;
    expect((await identity.purgeExpired()).sessions).toBe(0);

    t.clock.advance(31 * 86_400_000);
    const over = await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM identity_sessions WHERE revoked_at IS NOT NULL',
    );
    expect(over.rows[0]!.n).toBeGreaterThan(0);
    const removed = await identity.purgeExpired();
    expect(removed.sessions).toBe(over.rows[0]!.n);
    expect(removed.loginAttempts).toBeGreaterThan(0);
    expect(await count('identity_sessions')).toBe(sessionsBefore - over.rows[0]!.n);
    expect(await count('identity_login_attempts')).toBe(0);
    // The other session expired a day ago (30-day lifetime) but has not been over for 30 days yet: it stays.
    const liveRows = await t.database.pool.query(
      'SELECT 1 FROM identity_sessions s JOIN identity_customers c ON c.id = s.customer_id WHERE c.public_id = $1',
      [live.customerId],
    );
    expect(liveRows.rowCount).toBeGreaterThan(0);
  });
});
