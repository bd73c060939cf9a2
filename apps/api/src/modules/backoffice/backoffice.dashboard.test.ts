// The dashboard's errors panel (ADR 104) through the real app on a test database: a route that throws unexpectedly
// leaves one row per route and message (counted, with the latest request id; the pattern, never the address or the
// query; email addresses and card numbers hidden), a client error leaves none, a failure to record still answers the
// 500 envelope, and the job runner's failed jobs and the outbox's given-up emails of the last 24 hours are listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '@shop/contracts';
import { withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { backOffice } from '../../../test/helpers/operators.ts';
import type { Database } from '../../db/index.ts';
import { startJobs } from '../../jobs/runner.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';

let database: Database;
beforeAll(async () => void (database = await createTestDatabase()));
afterAll(() => database.close());

let n = 0;

/** Polls until the check answers something truthy (recording runs after the answer has gone). */
async function until<T>(check: () => Promise<T>, what: string, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rowsOf = async (t: TestApp) =>
  (
    await t.database.pool.query<{ route: string; method: string; count: string; message: string; status: number }>(
      'select route, method, count, message, status from platform_server_errors order by id',
    )
  ).rows;

const testRoutes = {
  beforeReady: (app: TestApp['app']) => {
    app.get('/api/test/boom/:orderId', async () => {
      throw new TypeError('Cannot read the order of alice@example.com paid with 4111 1111 1111 1111');
    });
    app.get('/api/test/refused', async () => {
      throw unprocessable('Not like this.', 'refused');
    });
    app.get('/api/test/missing', async () => {
      throw notFound();
    });
  },
};

async function dashboardOf(t: TestApp) {
  const office = await backOffice(t, database, `admin-dash-${++n}@ops.test`);
  const res = await office.admin('GET', '/api/admin/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.errors;
}

describe("the dashboard's errors", () => {
  it('records an unexpected failure once per route and message with a count; 4xx answers are not recorded', async () => {
    await withTestApp({ database, ...testRoutes }, async (t) => {
      await t.database.pool.query('delete from platform_server_errors');
      for (const path of ['/api/test/refused', '/api/test/missing', '/api/test/nothing-here'])
        expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBeLessThan(500);

      const first = await t.app.inject({ method: 'GET', url: '/api/test/boom/ord_1?token=s3cret&email=bob@x.test' });
      const second = await t.app.inject({ method: 'GET', url: '/api/test/boom/ord_2?token=other' });
      expect([first.statusCode, second.statusCode]).toEqual([500, 500]);
      expect(first.json().messages[0]).toMatchObject({ code: 'server_error', text: 'Something went wrong' });

      const rows = await until(async () => {
        const r = await rowsOf(t);
        return r.length === 1 && Number(r[0]!.count) === 2 ? r : null;
      }, 'the failure counted twice');
      expect(rows[0]).toMatchObject({ route: '/api/test/boom/:orderId', method: 'GET', status: 500 });
      expect(rows[0]!.message).toBe('Cannot read the order of <email> paid with <number>');

      const errors = await dashboardOf(t);
      expect(errors.server.total).toBe(2);
      expect(errors.server.latest).toEqual([
        expect.objectContaining({
          route: '/api/test/boom/:orderId',
          method: 'GET',
          status: 500,
          error_name: 'TypeError',
          count: 2,
          request_id: second.headers[HEADERS.requestId],
        }),
      ]);
      const shown = JSON.stringify(errors);
      for (const secret of ['s3cret', 'ord_1', 'ord_2', 'bob@x.test', 'alice@example.com', '4111'])
        expect(shown).not.toContain(secret);
    });
  });

  it('answers the 500 envelope even when the failure cannot be recorded', async () => {
    await withTestApp({ database, ...testRoutes }, async (t) => {
      await t.database.pool.query('alter table platform_server_errors rename to platform_server_errors_away');
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/test/boom/ord_3' });
        expect(res.statusCode).toBe(500);
        expect(res.json().messages[0]).toMatchObject({ code: 'server_error' });
        // The app keeps answering (the failed write was logged and swallowed).
        expect((await t.app.inject({ method: 'GET', url: '/api/test/boom/ord_4' })).statusCode).toBe(500);
      } finally {
        await t.database.pool.query('alter table platform_server_errors_away rename to platform_server_errors');
      }
    });
  });

  it("lists the outbox's emails given up and the job runner's failed jobs of the last 24 hours", async () => {
    const failingTransport = {
      send: async () => {
        throw new Error('550 mailbox of carol@example.com is unavailable');
      },
    };
    await withTestApp({ database, providers: { mailTransport: failingTransport } }, async (t) => {
      // pg-boss stamps a job's completion with the database's clock: the app's clock is set to now to match it.
      t.clock.set(new Date());
      await t.services.outbox.enqueueEmail(t.database.db, {
        to: 'carol@example.com',
        kind: 'test_failing',
        subject: 'A test',
        body: [],
      });
      // Each dispatch tries once; the fifth failure gives the email up.
      for (let i = 0; i < 5; i++) await t.services.outbox.dispatchOutbox(10, 'carol@example.com');

      const runner = await startJobs({
        database: t.database,
        log: { error: () => undefined },
        pollingIntervalSeconds: 0.5,
        tasks: [
          {
            name: 'test-dashboard-fails',
            everySeconds: 3600,
            run: async () => {
              throw new Error('the results feed answered 502 for dave@example.com');
            },
          },
        ],
      });
      try {
        await runner.trigger('test-dashboard-fails');
        await until(
          async () =>
            (
              await t.database.pool.query(
                "select 1 from pgboss.job where name = 'test-dashboard-fails' and state = 'failed'",
              )
            ).rowCount,
          'the failed job',
        );
      } finally {
        await runner.stop();
      }

      const errors = await dashboardOf(t);
      expect(errors.emails.total).toBe(1);
      expect(errors.emails.latest[0]).toMatchObject({
        kind: 'test_failing',
        attempts: 5,
        message: '550 mailbox of <email> is unavailable',
      });
      expect(errors.jobs.total).toBeGreaterThanOrEqual(1);
      expect(errors.jobs.latest[0]).toMatchObject({
        queue: 'test-dashboard-fails',
        message: 'the results feed answered 502 for <email>',
      });
      expect(JSON.stringify(errors)).not.toContain('@example.com');
    });
  });
});
