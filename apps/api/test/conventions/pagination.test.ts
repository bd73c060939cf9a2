import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { NUMBERS, registerTestRoutes } from './test-routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ beforeReady: registerTestRoutes });
});
afterAll(() => t.close());

const page = (query: string) => t.injectSigned({ method: 'GET', url: `/api/v2/test/numbers${query}` });

describe('pagination', () => {
  it('uses the route default limit on the first page: no prev, a next link', async () => {
    const res = await page('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.page_info).toEqual({ limit: 5, offset: 0, total: NUMBERS.length });
    expect(body.result.map((r: { number_id: string }) => r.number_id)).toEqual(['n_1', 'n_2', 'n_3', 'n_4', 'n_5']);
    expect(body.links).toEqual({ next: '/api/v2/test/numbers?limit=5&offset=5', prev: null });
  });

  it('links forward and back from a middle page, keeping other parameters', async () => {
    const body = (await page('?sort_hint=newest&limit=10&offset=10')).json();
    expect(body.page_info).toEqual({ limit: 10, offset: 10, total: 23 });
    expect(body.result).toHaveLength(10);
    expect(body.links).toEqual({
      next: '/api/v2/test/numbers?sort_hint=newest&limit=10&offset=20',
      prev: '/api/v2/test/numbers?sort_hint=newest&limit=10&offset=0',
    });
  });

  it('has no next link on the last page', async () => {
    const body = (await page('?limit=10&offset=20')).json();
    expect(body.result).toHaveLength(3);
    expect(body.links).toEqual({ next: null, prev: '/api/v2/test/numbers?limit=10&offset=10' });
  });

  it.each(['?limit=0', '?limit=101', '?offset=-1', '?limit=abc', '?page=2'])('rejects %s with 422', async (q) => {
    const res = await page(q);
    expect(res.statusCode).toBe(422);
  });
});
