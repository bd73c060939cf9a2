// The members price list remembered per process (issue 22), with two apps over one database, each with its own pool,
// change feed and memory: two API workers. A join through one is priced at once on it and on the other as soon as the
// database announces the write; what a worker remembers is really used (not read again) until then.
import { describe, expect, it } from 'vitest';
import { useTwoWorkers, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf } from '../../../test/helpers/db.ts';
import { signUpAndLogin, type TestCustomer } from '../../../test/helpers/customers.ts';

const workers = useTwoWorkers();

const pricingOn = async (t: TestApp, c: TestCustomer) => {
  const res = await t.injectSigned({
    method: 'GET',
    url: '/api/v2/customer',
    sign: { version: '3.0' },
    headers: { authorization: `Bearer ${c.accessToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.pricing_id as string;
};
const join = (t: TestApp, c: TestCustomer) =>
  t.injectSigned({
    method: 'PUT',
    url: '/api/rewards/membership',
    sign: { version: '3.2' },
    headers: { authorization: `Bearer ${c.accessToken}` },
    payload: { membership_program: 'daily_winners', membership_status: 'member' },
  });

async function feedsLive() {
  for (const t of [workers.a, workers.b]) {
    t.database.changes.on('membership_members', () => undefined);
    await expect.poll(() => t.database.changes.isLive(), { timeout: 10_000 }).toBe(true);
  }
}

describe('the members price list remembered per process', () => {
  it('a join on one worker is priced there at once and on the other once announced', async () => {
    await feedsLive();
    const c = await signUpAndLogin(workers.a);
    expect(await pricingOn(workers.a, c)).toBe('default');
    expect(await pricingOn(workers.b, c)).toBe('default');
    await afterChangeOf(workers.b.database, 'membership_members', async () => {
      const res = await join(workers.a, c);
      expect(res.statusCode, res.body).toBe(200);
      // The worker that wrote forgets before answering anything else.
      expect(await pricingOn(workers.a, c)).toBe('members');
    });
    expect(await pricingOn(workers.b, c)).toBe('members');
  });

  it('uses what it remembers: a change nobody announced is not seen until the memory is dropped', async () => {
    await feedsLive();
    const c = await signUpAndLogin(workers.a);
    expect(await pricingOn(workers.b, c)).toBe('default');
    await workers.a.database.pool.query('ALTER TABLE membership_members DISABLE TRIGGER membership_members_changes');
    try {
      await workers.a.database.pool.query(
        `INSERT INTO membership_members (program, customer_id, status, requested_tier, joined_at, updated_at)
           VALUES ('daily_winners', $1, 'member', 'free', now(), now())`,
        [c.customerId],
      );
    } finally {
      await workers.a.database.pool.query('ALTER TABLE membership_members ENABLE TRIGGER membership_members_changes');
    }
    expect(await pricingOn(workers.b, c)).toBe('default');
    workers.b.services.memberPricing.forget();
    expect(await pricingOn(workers.b, c)).toBe('members');
  });
});
