// GET /api/v2/config and /capabilities through the real app (buildApp) against a seeded database.
import { CAPABILITIES, WebConfig } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testServices, type TestApp } from '../../../test/helpers/app.ts';
import { afterChangeOf, createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { NOT_YET_BUILT } from '../../seed/segments.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function withApp<T>(overrides: Parameters<typeof buildTestApp>[0], fn: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await buildTestApp({ database, ...overrides });
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

describe('GET /api/v2/config', () => {
  it('answers every WebConfig field with the spec defaults, snake_case on the wire, baseURL from PUBLIC_URL', async () => {
    await withApp({}, async (t) => {
      const res = await t.injectSigned({ method: 'GET', url: '/api/v2/config' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      const body = res.json();
      const result = body.result;
      expect(result.base_currency).toBe('AUD');
      expect(result.site_locale).toBe('en-AU');
      expect(result.site_time_zone).toBe('Australia/Sydney');
      expect(result.session_timeout).toBe(3600);
      expect(result.session_idle_minutes).toBe(30);
      expect(result.heartbeat).toEqual({ enabled: true, interval_seconds: 60 });
      expect(result.min_registration_age).toBe(18);
      expect(result.gambling_help_line).toBe('1800 858 858');
      expect(result.support_number).toMatch(/^13 \d\d \d\d$/);
      expect(result.support_opening_hours.length).toBeGreaterThan(0);
      expect(result.cookie_consent).toEqual({
        enabled: true,
        cookie_lifetime_days: 365,
        categories: ['essential', 'non_essential'],
      });
      expect(result.supported_payment_methods).toEqual([
        'visa',
        'mastercard',
        'amex',
        'paypal',
        'apple_pay',
        'google_pay',
      ]);
      expect(result.customer_address_config.map((f: { field: string }) => f.field)).toEqual([
        'address',
        'address_line_2',
        'suburb',
        'state',
        'postcode',
        'country',
      ]);
      expect(result.two_factor_authentication_config).toEqual({
        enabled: true,
        methods: ['authenticator', 'email'],
        code_length: 6,
        resend_lock_seconds: 60,
        remember_device_days: 30,
      });
      expect(result.regions).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA', 'OTHER']);
      expect(result.maintenance_mode).toBe(false);
      expect(result.site_name).toBe('Lucky Koala Lotteries');
      expect(result.base_url).toBe(t.config.publicUrl);
      expect(result.disclaimer).toContain('1800 858 858');

      // Every field of the contract is present (compare key sets in code casing).
      const stored = await readThrough(t).platform.getWebConfig();
      expect(Object.keys(stored).sort()).toEqual(Object.keys(WebConfig.shape).sort());
      expect(Object.keys(result)).toHaveLength(Object.keys(WebConfig.shape).length);
    });
  });

  it('follows maintenance mode as the platform service sets it', async () => {
    await withApp({}, async (t) => {
      const platform = readThrough(t).platform;
      // Another process's write reaches a running API through the change feed.
      await afterChangeOf(database, 'platform_settings', () => platform.setMaintenanceMode(true));
      expect((await t.injectSigned({ method: 'GET', url: '/api/v2/config' })).json().result.maintenance_mode).toBe(
        true,
      );
      await afterChangeOf(database, 'platform_settings', () => platform.setMaintenanceMode(false));
      expect((await t.injectSigned({ method: 'GET', url: '/api/v2/config' })).json().result.maintenance_mode).toBe(
        false,
      );
    });
  });

  it('rejects a configuration the contract rejects, leaving the stored one intact', async () => {
    await withApp({}, async (t) => {
      const platform = readThrough(t).platform;
      const { baseUrl: _b, ...current } = await platform.getWebConfig();
      await expect(platform.saveWebConfig({ ...current, minRegistrationAge: 16 })).rejects.toThrow();
      expect((await platform.getWebConfig()).minRegistrationAge).toBe(18);
    });
  });
});

describe('GET /api/v2/capabilities', () => {
  const capabilitiesWith = (defaultSegment: string | undefined) =>
    withApp({ config: { defaultSegment } }, async (t) => {
      const res = await t.injectSigned({ method: 'GET', url: '/api/v2/capabilities' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, max-age=60');
      return res.json().result as {
        segments: { segment_name: string; capabilities: string[] }[];
        segment_name: string;
        capabilities: string[];
      };
    });

  it('gives anonymous visitors the stored default segment: the full site without support_faq', async () => {
    const r = await capabilitiesWith(undefined);
    expect(r.segment_name).toBe('default');
    expect(r.capabilities).toEqual(CAPABILITIES.filter((c) => c !== 'support_faq' && !NOT_YET_BUILT.includes(c)));
    // Features the shop does not have are in no segment: no link or control promises them.
    for (const segment of r.segments)
      expect(segment.capabilities.filter((c) => (NOT_YET_BUILT as readonly string[]).includes(c))).toEqual([]);
    expect(r.capabilities).toContain('syndicates');
    // Autoplay is built (issue 15): its screens are open on the default site.
    expect(r.capabilities).toContain('autoplay_manage');
    // The feedback widget is built (issue 20): the default site shows it.
    expect(r.capabilities).toContain('feedback');
    expect(NOT_YET_BUILT).not.toContain('feedback');
    // The notification feed is built (issue 20): the header's count and drawer show on the default site.
    expect(r.capabilities).toContain('notifications_feed');
    expect(NOT_YET_BUILT).not.toContain('notifications_feed');
    // Sub-variants are built (issue 19): the state's names on the cart (the sv code and sub-variant header).
    expect(r.capabilities).toContain('sub_variants');
    expect(NOT_YET_BUILT).not.toContain('sub_variants');
    // Lotto Party is built (issue 16): the social syndicates capability is on the default site.
    expect(r.capabilities).toContain('social_syndicates');
    expect(NOT_YET_BUILT).not.toContain('social_syndicates');
    expect(r.segments.map((s) => s.segment_name)).toEqual(['default', 'charity', 'no_withdrawal']);
  });

  it('lets DEFAULT_SEGMENT choose the charity-only or the no-withdrawal site', async () => {
    const charity = await capabilitiesWith('charity');
    expect(charity.segment_name).toBe('charity');
    expect(charity.capabilities).toEqual(
      expect.arrayContaining([
        'charity_lotteries',
        'causes_directory',
        'wallet_manage',
        'wallet_withdrawal',
        'wallet_balance',
      ]),
    );
    for (const absent of ['commercial_lotteries', 'multi_offer_site', 'syndicates'])
      expect(charity.capabilities).not.toContain(absent);

    const noWithdrawal = await capabilitiesWith('no_withdrawal');
    expect(noWithdrawal.capabilities).not.toContain('wallet_withdrawal');
    expect(noWithdrawal.capabilities).toContain('wallet_manage');
    expect(noWithdrawal.capabilities).toContain('commercial_lotteries');
  });

  it('falls back to the stored default when DEFAULT_SEGMENT names no segment', async () => {
    expect((await capabilitiesWith('no_such_segment')).segment_name).toBe('default');
  });

  it('follows the stored default segment when an operator changes it', async () => {
    await withApp({}, async (t) => {
      const platform = readThrough(t).platform;
      await platform.setDefaultSegment('charity');
      try {
        expect((await t.injectSigned({ method: 'GET', url: '/api/v2/capabilities' })).json().result.segment_name).toBe(
          'charity',
        );
        expect(await platform.getDefaultSegmentName()).toBe('charity');
      } finally {
        await platform.setDefaultSegment('default');
      }
      await expect(platform.setDefaultSegment('nope')).rejects.toMatchObject({ statusCode: 404 });
      expect(await platform.getDefaultSegmentName()).toBe('default');
    });
  });

  it('answers unsigned requests with a 401 envelope like every main API route', async () => {
    await withApp({}, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/capabilities' });
      expect(res.statusCode).toBe(401);
      expect(res.json().result).toBeNull();
    });
  });
});

/** The services over the same database without the app's caches: what is stored, read through. */
const readThrough = (t: TestApp) => testServices(database, { clock: t.clock, config: t.config });
