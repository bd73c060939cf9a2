// Banned countries and location (issue 19): GET /locate from the bundled IP database (no table of our own), the
// test ranges only through configuration (refused in production), and a customer seen in a banned country refused at
// purchase (restriction kind licensing, the reason in the cart) until they accept the location terms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRgTestApp, type RgTestApp } from '../../../test/helpers/responsible-gambling.ts';
import { loadConfig, productionProblems } from '../../env.ts';
import { createIpLocator } from './ip-locations.ts';

let t: RgTestApp;
beforeAll(async () => {
  t = await buildRgTestApp({ argon2: { memoryKib: 1024, timeCost: 1, parallelism: 1 } });
});
afterAll(() => t.close());

const locate = async (remoteAddress: string, headers: Record<string, string> = {}) =>
  (await t.injectSigned({ method: 'GET', url: '/api/v2/locate', remoteAddress, headers })).json().result;

describe('GET /locate', () => {
  it('locates public addresses from the bundled database, private ones at home', async () => {
    expect(await locate('8.8.8.8')).toEqual({ country: 'US', country_banned: true });
    expect(await locate('1.120.0.1')).toEqual({ country: 'AU', country_banned: false });
    expect(await locate('81.2.69.160')).toEqual({ country: 'GB', country_banned: false });
    expect(await locate('2001:4860:4860::8888')).toEqual({ country: 'US', country_banned: true });
    expect(await locate('127.0.0.1')).toEqual({ country: 'AU', country_banned: false });
    expect(await locate('192.168.1.20')).toEqual({ country: 'AU', country_banned: false });
    // The test configuration's documentation ranges (RFC 5737).
    expect(await locate('198.51.100.5')).toEqual({ country: 'US', country_banned: true });
  });

  it('a header cannot move a visitor: only the configuration places test ranges', async () => {
    expect(await locate('8.8.8.8', { 'x-country': 'AU', 'cf-ipcountry': 'AU' })).toMatchObject({ country: 'US' });
    const plain = createIpLocator();
    expect(plain.countryOf('198.51.100.5')).toBeNull();
    expect(plain.countryOf('not an address')).toBeNull();
    // Configured ranges come before the home-country rule: a test run may place this machine's visitors abroad.
    const abroad = createIpLocator({ overrides: [{ subnet: '127.0.0.0', prefix: 8, country: 'US' }] });
    expect(abroad.countryOf('127.0.0.1')).toBe('US');
    expect(abroad.countryOf('::ffff:127.0.0.1')).toBe('US');
    expect(abroad.countryOf('192.168.1.20')).toBe('AU');
    const prod = loadConfig({ NODE_ENV: 'production', IP_COUNTRY_OVERRIDES: '8.8.8.0/24=AU' });
    expect(productionProblems(prod).join('\n')).toContain('IP_COUNTRY_OVERRIDES');
    expect(() => loadConfig({ IP_COUNTRY_OVERRIDES: 'nonsense' })).toThrow(/IP_COUNTRY_OVERRIDES/);
  });
});

describe('restriction kind licensing', () => {
  it('a customer logging in from a banned country buys nothing until they accept the location terms', async () => {
    const c = await t.customer();
    await t.identity.directory.setVerified(c.customerId, true);
    await t.fund(c.customerId, 5_000);
    const login = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/login',
      payload: { email: c.email, password: c.password },
      remoteAddress: '8.8.8.8',
    });
    expect(login.json().result.customer).toMatchObject({
      country_banned: true,
      country_banned_confirmation_required: true,
    });
    const add = await t.addTicket(c);
    expect(add.json().result.blocked_reasons.licensing).toMatch(/accept the location terms/);
    const refused = await t.purchaseCart(c);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().messages[0].code).toBe('licensing');
    expect((await t.ledger.fundsSummary(c.customerId)).balanceCents).toBe(5_000);

    const accept = await t.injectSigned({
      method: 'POST',
      url: '/api/v2/customer/terms-and-conditions/location',
      headers: t.auth(c),
      payload: {},
    });
    expect(accept.statusCode).toBe(200);
    const bought = await t.purchaseCart(c);
    expect(bought.statusCode, bought.body).toBe(200);
  });
});
