// Load shedding (plugins/load-shedding.ts): with the event loop held up past the limit, pages get the static
// server-busy page and API calls the server_busy envelope, both 503 with Retry-After; probes still answer.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { overload: { maxEventLoopDelayMs: 50, sampleIntervalMs: 250 } } });
});
afterAll(async () => {
  await t.close();
});

/** Holds the event loop, as a process with more work than it can do does, then lets the sampler run. */
async function overload() {
  const until = performance.now() + 600;
  while (performance.now() < until) {
    /* busy */
  }
  // The sampler notices at its next tick; from then until the one after, the process counts as under pressure.
  await vi.waitFor(() => expect(t.app.isUnderPressure()).toBe(true), { timeout: 5000, interval: 5 });
}

describe('load shedding', () => {
  it('answers 503 while the event loop lags, and serves again once it keeps up', async () => {
    await overload();
    const [page, api, health] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/lotto-tickets' }),
      t.injectSigned({ method: 'GET', url: '/api/v2/config' }),
      t.app.inject({ method: 'GET', url: '/api/healthz' }),
    ]);
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('10');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('We are experiencing large load times on our server. Thank you for being patient.');
    expect(page.body).toContain("It's not you, it's us!");
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({
      status: 503,
      messages: [{ code: 'server_busy', level: 'error' }],
      result: null,
    });
    expect(health.statusCode).toBe(200);

    await vi.waitFor(
      async () => expect((await t.injectSigned({ method: 'GET', url: '/api/v2/config' })).statusCode).toBe(200),
      { timeout: 5000, interval: 50 },
    );
  });
});
