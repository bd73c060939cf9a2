// app:links, offer:suspend / offer:resume and customer:confirm-address through runOps, read back through the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';
import { afterChangeOf } from '../../../test/helpers/db.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
/** A command that writes `table`, once the running app's caches have heard of the write (the change feed). */
const opsWriting = (table: string, ...argv: string[]) => afterChangeOf(t.database, table, () => ops(...argv));
const apiGet = async (url: string, headers: Record<string, string> = {}) =>
  (await t.injectSigned({ method: 'GET', url: `/api/v2${url}`, headers })).json().result;

describe('app:links', () => {
  it('sets and takes down the store links the config answers; anything but https or "none" changes nothing', async () => {
    const play = 'https://play.google.com/store/apps/details?id=au.com.luckykoala';
    expect(await opsWriting('platform_settings', 'app:links', '--android', play)).toMatchObject({ code: 0 });
    expect((await apiGet('/config')).app_store_links).toEqual({ android: play, ios: null });
    expect(
      (await opsWriting('platform_settings', 'app:links', '--ios', 'https://apps.apple.com/au/app/id1')).code,
    ).toBe(0);
    expect((await apiGet('/config')).app_store_links).toEqual({
      android: play,
      ios: 'https://apps.apple.com/au/app/id1',
    });

    for (const bad of ['javascript:alert(1)', 'http://play.example', 'not a url']) {
      const r = await ops('app:links', '--android', bad);
      expect(r.code).toBe(1);
      expect(r.err).toContain('--android takes an https address or "none".');
    }
    expect((await apiGet('/config')).app_store_links.android).toBe(play);
    expect((await opsWriting('platform_settings', 'app:links', '--android', 'none', '--ios', 'none')).out).toBe(
      'Android: none\niOS: none',
    );
    expect((await apiGet('/config')).app_store_links).toEqual({ android: null, ios: null });
  });
});

describe('offer:suspend and offer:resume', () => {
  const listed = async () =>
    Object.values((await apiGet('/pricing/default/product_offers')) as Record<string, { suspended: boolean }>).filter(
      (o) => !o.suspended,
    ).length;

  it('take offers off sale and back; --all suspends every offer', async () => {
    const before = await listed();
    expect(before).toBeGreaterThan(1);
    expect((await opsWriting('catalogue_offers', 'offer:suspend', 'oz-lotto')).out).toBe('Suspended: oz-lotto.');
    // Oz Lotto and its syndicate offer (ADR 095: a lottery's syndicate follows its suspension).
    expect(await listed()).toBe(before - 2);
    const offers = (await apiGet('/pricing/default/product_offers')) as Record<string, { suspended: boolean }>;
    expect([offers['oz-lotto']?.suspended, offers['oz-lotto-syndicate']?.suspended]).toEqual([true, true]);
    expect((await opsWriting('catalogue_offers', 'offer:suspend', '--all')).code).toBe(0);
    expect(await listed()).toBe(0);
    expect((await opsWriting('catalogue_offers', 'offer:resume', '--all')).code).toBe(0);
    expect(await listed()).toBe(before);
  });

  it('refuses an unknown offer and a call without offers', async () => {
    const r = await ops('offer:suspend', 'no-such-offer');
    expect(r.code).not.toBe(0);
    expect((await ops('offer:resume')).code).toBe(1);
    expect((await ops('offer:resume', 'oz-lotto', '--all')).code).toBe(1);
  });
});

describe('customer:confirm-address', () => {
  it('makes the address confirmation due; refuses an unknown email', async () => {
    const c = await signUpAndLogin(t);
    const due = async () =>
      (await apiGet('/customer', { authorization: `Bearer ${t.tokenFor(c.customerId)}` }))
        .address_confirmation_required;
    expect(await due()).toBe(false);
    expect(await ops('customer:confirm-address', c.email)).toMatchObject({
      code: 0,
      out: `${c.email} will be asked to confirm their address.`,
    });
    expect(await due()).toBe(true);
    expect(await ops('customer:confirm-address', 'nobody@example.test')).toMatchObject({
      code: 1,
      err: 'No open account has the email nobody@example.test.',
    });
  });
});
