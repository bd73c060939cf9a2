// @fastify/cookie and light-my-request depend on cookie@2, whose package.json asks for Node >= 22; the shop runs on
// Node 20, so this proves setting and reading cookies really works here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { registerTestRoutes } from './test-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: registerTestRoutes });
});
afterAll(() => t.close());

describe('cookies on this Node version', () => {
  it('sets a cookie with its attributes and reads it back', async () => {
    const set = await t.injectSigned({ method: 'GET', url: '/api/v2/test/cookie/set' });
    expect(set.statusCode).toBe(200);
    const cookie = set.cookies.find((c) => c.name === 'customer_segment_name');
    expect(cookie).toMatchObject({ value: 'charity', path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 3600 });
    expect(String(set.headers['set-cookie'])).toMatch(
      /^customer_segment_name=charity; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/,
    );

    const read = await t.injectSigned({
      method: 'GET',
      url: '/api/v2/test/cookie/read',
      headers: { cookie: 'customer_segment_name=charity; other=1' },
    });
    expect(read.json().result).toEqual({ segment: 'charity' });

    const none = await t.injectSigned({ method: 'GET', url: '/api/v2/test/cookie/read' });
    expect(none.json().result).toEqual({ segment: null });
  });
});
