// The per-process memory of live sessions (ADR 033), with two apps over one database, each with its own connection
// pool, change feed and memory: two API workers. A revocation made through one ends access on it at once and on the
// other as soon as the database announces it; what a worker remembers is really used (not read again) until then.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoWorkers, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf } from '../../../test/helpers/db.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';

const workers = useTwoWorkers();
let a: TestApp;
let b: TestApp;
beforeAll(() => void ({ a, b } = workers));

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const overview = (t: TestApp, token: string) =>
  t.injectSigned({ method: 'GET', url: '/api/v2/customer', headers: bearer(token) });
const status = async (t: TestApp, token: string) => (await overview(t, token)).statusCode;

/** Both workers have checked (and so remember) the token. */
async function seenByBoth(token: string) {
  for (const t of [a, b]) {
    t.database.changes.on('identity_sessions', () => undefined);
    await expect.poll(() => t.database.changes.isLive(), { timeout: 10_000 }).toBe(true);
  }
  expect(await status(a, token)).toBe(200);
  expect(await status(b, token)).toBe(200);
}

async function login(c: TestCustomer) {
  const res = await a.injectSigned({
    method: 'POST',
    url: '/api/v2/login',
    payload: { email: c.email, password: c.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.access_token as string;
}

describe('session checks remembered per process', () => {
  it('uses what it remembers: a revocation nobody announced is not seen until the memory is dropped', async () => {
    const c = await signUpAndLogin(a);
    await seenByBoth(c.accessToken);
    // Revoke behind the API's back, with the announcement switched off for this one statement.
    await a.database.pool.query('ALTER TABLE identity_sessions DISABLE TRIGGER identity_sessions_changes');
    try {
      await a.database.pool.query(
        `UPDATE identity_sessions SET revoked_at = now(), revoked_reason = 'test'
          WHERE customer_id = (SELECT id FROM identity_customers WHERE public_id = $1)`,
        [c.customerId],
      );
    } finally {
      await a.database.pool.query('ALTER TABLE identity_sessions ENABLE TRIGGER identity_sessions_changes');
    }
    expect(await status(a, c.accessToken)).toBe(200);
    expect(await status(b, c.accessToken)).toBe(200);
    // Any logout in this process (here one that names no session) forgets what it remembered; the next check reads
    // the database and finds the revocation.
    await a.services.identity.sessions.logout(null);
    expect(await status(a, c.accessToken)).toBe(401);
  });

  it('logout ends access on the worker that served it at once, and on the other when announced', async () => {
    const c = await signUpAndLogin(a);
    await seenByBoth(c.accessToken);
    await afterChangeOf(b.database, 'identity_sessions', async () => {
      const out = await a.injectSigned({ method: 'GET', url: '/api/v2/logout', headers: bearer(c.accessToken) });
      expect(out.statusCode).toBe(200);
      // No waiting on this worker: it forgot when its own revocation committed.
      expect(await status(a, c.accessToken)).toBe(401);
    });
    expect(await status(b, c.accessToken)).toBe(401);
  });

  it('a password change ends the other sessions on both workers; the session that made it stays', async () => {
    const c = await signUpAndLogin(a);
    const other = await login(c);
    await seenByBoth(c.accessToken);
    await seenByBoth(other);
    await afterChangeOf(b.database, 'identity_sessions', async () => {
      const changed = await a.injectSigned({
        method: 'POST',
        url: '/api/v2/customer/change-password',
        payload: `current_password=${encodeURIComponent(c.password)}&new_password=fresh+passphrase+one`,
        headers: { ...bearer(c.accessToken), 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(changed.statusCode).toBe(200);
      expect(await status(a, other)).toBe(401);
    });
    expect(await status(b, other)).toBe(401);
    expect(await status(a, c.accessToken)).toBe(200);
    expect(await status(b, c.accessToken)).toBe(200);
  });

  it('closing the account ends access on both workers', async () => {
    const c = await signUpAndLogin(a);
    await seenByBoth(c.accessToken);
    await afterChangeOf(b.database, 'identity_customers', async () => {
      const closed = await a.injectSigned({
        method: 'DELETE',
        url: '/api/v2/customer',
        payload: { password: c.password },
        headers: bearer(c.accessToken),
      });
      expect(closed.statusCode).toBe(200);
      expect(await status(a, c.accessToken)).toBe(401);
    });
    expect(await status(b, c.accessToken)).toBe(401);
  });

  it('a customer suspended outside the API (a status write) is refused by every worker once announced', async () => {
    const c = await signUpAndLogin(a);
    await seenByBoth(c.accessToken);
    await afterChangeOf(b.database, 'identity_customers', async () => {
      await afterChangeOf(a.database, 'identity_customers', () =>
        a.database.pool.query("UPDATE identity_customers SET status = 'closed' WHERE public_id = $1", [c.customerId]),
      );
    });
    expect(await status(a, c.accessToken)).toBe(401);
    expect(await status(b, c.accessToken)).toBe(401);
  });
});
