import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '@shop/contracts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { registerTestRoutes } from './test-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: registerTestRoutes });
});
afterAll(() => t.close());

const query = '/api/v2/test/query?draw_date=d&num_draws=1';

describe('version header', () => {
  it('defaults to 3.0', async () => {
    const res = await t.injectSigned({ method: 'GET', url: query });
    expect(res.json().result.version).toBe('3.0');
  });

  it.each(['3.0', '3.5', '3.9'])('accepts %s', async (version) => {
    const res = await t.injectSigned({ method: 'GET', url: query, headers: { version } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.version).toBe(version);
  });

  it.each([
    ['4.0', 'unsupported_version'],
    ['2.9', 'unsupported_version'],
    ['3.10', 'unsupported_version'],
    ['latest', 'invalid_version'],
    ['3', 'invalid_version'],
    ['3.0; DROP TABLE x', 'invalid_version'],
  ])('rejects %s with a clear 400', async (version, code) => {
    const res = await t.injectSigned({ method: 'GET', url: query, headers: { version } });
    expect(res.statusCode).toBe(400);
    const body = ErrorEnvelope.parse(res.json());
    expect(body.messages[0]?.code).toBe(code);
    expect(body.messages[0]?.text).toMatch(/3\.0/);
  });

  it('rejects a known version the route does not serve', async () => {
    const served = await t.injectSigned({ method: 'GET', url: '/api/v2/test/versions', headers: { version: '3.4' } });
    expect(served.statusCode).toBe(200);
    expect(served.json().result.version).toBe('3.4');

    const notServed = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/test/versions',
      headers: { version: '3.2' },
    });
    expect(notServed.statusCode).toBe(400);
    expect(notServed.json().messages[0]).toMatchObject({ code: 'version_not_served' });
    expect(notServed.json().messages[0].text).toContain('3.3, 3.4');

    // The default 3.0 is a known version this route does not serve either.
    expect((await t.injectSigned({ method: 'GET', url: '/api/v2/test/versions' })).statusCode).toBe(400);
  });
});
