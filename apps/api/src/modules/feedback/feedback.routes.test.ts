// The feedback widget's POST /event (features §3, §5, §7) through the real app on a test database: a guest's event
// stored with their email, a customer's with their account's email (a typed one ignored), every bad input refused in
// the error envelope, and operators reading it (CLI feedback:list; GET /api/admin/feedback for feedback.read only).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { signUpAndLogin } from '../../../test/helpers/customers.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'feedback-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const event = (over: Record<string, unknown> = {}) => ({
  category: 'user',
  event_type: 'feedback_event',
  name: 'feedback',
  rating: 1,
  comment: 'Easy to buy a ticket',
  source: '/powerball',
  variant: null,
  client_information: {
    build: 'internal',
    name: 'Web',
    version: 'dev',
    client_environment: { timezone: 'Australia/Sydney', locale: 'en-AU' },
  },
  ...over,
});

const send = (payload: unknown, headers: Record<string, string> = {}) =>
  t.injectSigned({ method: 'POST', url: '/api/v2/event', payload: payload as object, headers });

async function stored(eventId: string) {
  const { rows } = await t.database.db.execute<Record<string, unknown>>(
    sql`select rating, comment, email, customer_id, source, variant, client_information from feedback_events where public_id = ${eventId}`,
  );
  return rows[0];
}

describe('POST /event (feedback)', () => {
  it("stores a guest's feedback event with their email", async () => {
    const res = await send(event({ rating: -1, email: 'Guest@Example.com', variant: 'qld' }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().result.event_id as string;
    expect(id).toMatch(/^fbk_/);
    expect(await stored(id)).toEqual({
      rating: -1,
      comment: 'Easy to buy a ticket',
      email: 'guest@example.com',
      customer_id: null,
      source: '/powerball',
      variant: 'qld',
      client_information: {
        build: 'internal',
        name: 'Web',
        version: 'dev',
        clientEnvironment: { timezone: 'Australia/Sydney', locale: 'en-AU' },
      },
    });
  });

  it("keeps a signed-in customer's account email, never one they typed", async () => {
    const c = await signUpAndLogin(t);
    const res = await send(event({ rating: 0, email: 'someone-else@example.com', comment: null }), {
      authorization: `Bearer ${c.accessToken}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(res.json().result.event_id)).toMatchObject({
      rating: 0,
      comment: null,
      email: c.email.toLowerCase(),
      customer_id: c.customerId,
    });
  });

  it('refuses bad input in the error envelope and stores nothing', async () => {
    const { rows: before } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from feedback_events`,
    );
    const { rating: _r, ...noRating } = event();
    const cases: [string, unknown, number[]][] = [
      ['no rating', noRating, [422]],
      ['rating 2', event({ rating: 2 }), [422]],
      ['rating -2', event({ rating: -2 }), [422]],
      ['rating 0.5', event({ rating: 0.5 }), [422]],
      ['rating as text', event({ rating: 'satisfied' }), [422]],
      ['a 100 KB comment', event({ comment: 'x'.repeat(100_000) }), [413, 422]],
      ['a bad email', event({ email: 'not-an-email' }), [422]],
      ['another event type', event({ event_type: 'page_view' }), [422]],
      ['an unknown field', event({ extra: 1 }), [422]],
    ];
    for (const [name, payload, statuses] of cases) {
      const res = await send(payload);
      expect(statuses, `${name}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ status: res.statusCode, result: null });
    }
    const noRatingAnswer = (await send(noRating)).json();
    expect(noRatingAnswer.errors.rating).toBeDefined();
    const { rows: after } = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from feedback_events`,
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('operators read feedback', () => {
  const PASSWORD = 'correct horse battery staple 9';
  const code = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

  async function operatorToken(email: string, role: string, admin?: string): Promise<string> {
    let secret: string;
    if (!admin) {
      const file = path.join(dir, `${email}.pw`);
      writeFileSync(file, `${PASSWORD}\n`, { mode: 0o600 });
      const run = await runOpsCaptured(
        ['operator:create', email, '--name', 'Op', '--role', role, '--password-file', file],
        { config: t.config, clock: t.clock, database: t.database },
      );
      secret = /Authenticator secret \(shown once\): (\S+)/.exec(run.out)![1]!;
    } else {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/admin/operators',
        headers: { authorization: `Bearer ${admin}` },
        payload: { email, name: 'Op', role, password: PASSWORD },
      });
      secret = created.json().result.totp_secret;
    }
    t.clock.advance(31_000);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email, password: PASSWORD, code: await code(secret) },
    });
    return session.json().result.token;
  }

  it('feedback:list prints them newest first, filtered by rating', async () => {
    const ops = (...argv: string[]) => runOpsCaptured(argv, { config: t.config, clock: t.clock, database: t.database });
    const all = await ops('feedback:list');
    expect(all.code, all.err).toBe(0);
    expect(all.out).toContain('not_satisfied guest <guest@example.com> /powerball [qld]');
    expect(all.out).toContain('"Easy to buy a ticket"');
    const neutral = await ops('feedback:list', '--rating', '0', '--since', '2000-01-01');
    expect(neutral.out).toContain(' neutral ');
    expect(neutral.out).not.toContain('not_satisfied');
    expect((await ops('feedback:list', '--rating', '5')).code).not.toBe(0);
  });

  it('GET /api/admin/feedback: support and admin read, other roles and visitors are refused', async () => {
    const admin = await operatorToken('fb-admin@shop.test', 'admin');
    const support = await operatorToken('fb-support@shop.test', 'support', admin);
    const finance = await operatorToken('fb-finance@shop.test', 'finance', admin);
    const read = (token: string | null, query = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/feedback${query}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    for (const token of [admin, support]) {
      const res = await read(token, '?rating=-1');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.map((f: { rating: number }) => f.rating)).toEqual([-1]);
    }
    expect((await read(finance)).statusCode).toBe(403);
    expect((await read(null)).statusCode).toBe(401);
  });
});
