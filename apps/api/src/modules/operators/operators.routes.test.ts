// The back office's API (/api/admin) and the operators-only content write (POST /api/cms/items/{collection}) through
// the real app on a test database: the first admin from the CLI, sign-in with password and authenticator code (each
// code once, 5 wrong in a row lock the account), idle and absolute session ends, sign-out, the role matrix (deny by
// default, refusals audited), a customer's token refused, content created as a draft by a content editor and
// validated, and the append-only audit log.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { withTestApp, type TestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import {
  as,
  firstAdmin as firstAdminOf,
  OPERATOR_PASSWORD,
  operatorLogin,
  totpCode,
} from '../../../test/helpers/operators.ts';
import type { Database } from '../../db/index.ts';
import { PERMISSIONS } from './operators.permissions.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

type Json = Record<string, any>;
const firstAdmin = (t: TestApp, email: string) => firstAdminOf(t, database, email);

const post = (slug: string) => ({
  slug,
  title: `Post ${slug}`,
  excerpt: 'An excerpt.',
  categories: ['news'],
  seo: { title: `Post ${slug}`, description: 'About it.' },
  sections: [{ kind: 'single_column', heading: null, paragraphs: ['Hello.'] }],
});

describe('signing in to the back office', () => {
  it('takes the password and a fresh authenticator code; each code once; one answer for every failure', async () => {
    await withTestApp({ database }, async (t) => {
      const secret = await firstAdmin(t, 'ada@shop.test');
      const noCode = await t.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: 'ada@shop.test', password: OPERATOR_PASSWORD },
      });
      expect(noCode.statusCode).toBe(422);
      const wrongPassword = await operatorLogin(t, 'ada@shop.test', secret, 'not the password at all');
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongPassword.json().messages[0].text).toBe('The email, password or authenticator code is not right.');
      const unknown = await operatorLogin(t, 'nobody@shop.test', secret);
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().messages[0].text).toBe(wrongPassword.json().messages[0].text);
      const badCode = await t.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: 'ada@shop.test', password: OPERATOR_PASSWORD, code: await totpCode(t, secret, 600) },
      });
      expect(badCode.statusCode).toBe(401);

      const ok = await operatorLogin(t, 'ada@shop.test', secret);
      expect(ok.statusCode, ok.body).toBe(200);
      const session = ok.json().result;
      expect(session.operator).toMatchObject({ email: 'ada@shop.test', role: 'admin', status: 'active' });
      expect(session.token).toMatch(/^[\w-]{40,}$/);
      // The same code again (a replay) is refused.
      expect((await operatorLogin(t, 'ada@shop.test', secret)).statusCode).toBe(401);

      const me = await as(t, session.token)('GET', '/api/admin/me');
      expect(me.statusCode).toBe(200);
      expect(me.json().result.email).toBe('ada@shop.test');
    });
  });

  it('locks the account for 15 minutes after 5 wrong sign-ins in a row', async () => {
    await withTestApp({ database }, async (t) => {
      const secret = await firstAdmin(t, 'lock@shop.test');
      for (let i = 0; i < 5; i++)
        expect((await operatorLogin(t, 'lock@shop.test', secret, 'wrong password here')).statusCode).toBe(401);
      const locked = await operatorLogin(t, 'lock@shop.test', secret);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().messages[0].text).toBe('Too many wrong sign-ins: this account is locked for 15 minutes.');
      t.clock.advance(15 * 60_000 + 1000);
      expect((await operatorLogin(t, 'lock@shop.test', secret)).statusCode).toBe(200);
    });
  });

  it('ends a session after 15 idle minutes, after 8 hours whatever the activity, and at sign-out', async () => {
    await withTestApp({ database }, async (t) => {
      const secret = await firstAdmin(t, 'idle@shop.test');
      const token = (await operatorLogin(t, 'idle@shop.test', secret)).json().result.token as string;
      const call = as(t, token);
      t.clock.advance(14 * 60_000);
      expect((await call('GET', '/api/admin/me')).statusCode).toBe(200);
      t.clock.advance(16 * 60_000);
      expect((await call('GET', '/api/admin/me')).statusCode).toBe(401);

      t.clock.advance(60_000);
      const busy = (await operatorLogin(t, 'idle@shop.test', secret)).json().result.token as string;
      for (let i = 0; i < 8 * 6; i++) {
        t.clock.advance(10 * 60_000);
        if (i < 8 * 6 - 1) expect((await as(t, busy)('GET', '/api/admin/me')).statusCode).toBe(200);
      }
      expect((await as(t, busy)('GET', '/api/admin/me')).statusCode).toBe(401);

      t.clock.advance(60_000);
      const out = (await operatorLogin(t, 'idle@shop.test', secret)).json().result.token as string;
      expect((await as(t, out)('DELETE', '/api/admin/session')).statusCode).toBe(200);
      expect((await as(t, out)('GET', '/api/admin/me')).statusCode).toBe(401);
    });
  });
});

describe('roles', () => {
  it('refuses a customer token (401), lets an admin create operators, refuses other roles (403, audited)', async () => {
    await withTestApp({ database }, async (t) => {
      const adminSecret = await firstAdmin(t, 'boss@shop.test');
      const admin = as(t, (await operatorLogin(t, 'boss@shop.test', adminSecret)).json().result.token);
      expect((await as(t, t.tokenFor('cus_someone'))('GET', '/api/admin/me')).statusCode).toBe(401);
      expect((await as(t, null)('GET', '/api/admin/operators')).statusCode).toBe(401);

      const weak = await admin('POST', '/api/admin/operators', {
        email: 'fin@shop.test',
        name: 'Finn',
        role: 'finance',
        password: 'password1234',
      });
      expect(weak.statusCode).toBe(422);
      const badRole = await admin('POST', '/api/admin/operators', {
        email: 'fin@shop.test',
        name: 'Finn',
        role: 'owner',
        password: OPERATOR_PASSWORD,
      });
      expect(badRole.statusCode).toBe(422);
      const created = await admin('POST', '/api/admin/operators', {
        email: 'fin@shop.test',
        name: 'Finn',
        role: 'finance',
        password: OPERATOR_PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(200);
      const finance = created.json().result;
      expect(finance.operator).toMatchObject({ role: 'finance', created_by: expect.stringMatching(/^op_/) });
      const again = await admin('POST', '/api/admin/operators', {
        email: 'FIN@shop.test',
        name: 'Finn 2',
        role: 'finance',
        password: OPERATOR_PASSWORD,
      });
      expect(again.statusCode).toBe(409);

      t.clock.advance(31_000);
      const fin = as(t, (await operatorLogin(t, 'fin@shop.test', finance.totp_secret)).json().result.token);
      expect((await fin('GET', '/api/admin/me')).statusCode).toBe(200);
      const refused = await fin('GET', '/api/admin/operators');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messages[0].text).toBe('Your role does not allow this.');
      expect((await fin('GET', '/api/admin/audit')).statusCode).toBe(403);

      const audit = (await admin('GET', '/api/admin/audit?limit=50')).json().result as Json[];
      expect(audit.find((e) => e.outcome === 'denied' && e.action === 'GET /api/admin/operators')).toMatchObject({
        actor: finance.operator.id,
        detail: { permission: 'operators.manage', role: 'finance' },
      });
      expect(audit.find((e) => e.action === 'operator.create' && e.target === finance.operator.id)).toMatchObject({
        outcome: 'ok',
        detail: { after: { email: 'fin@shop.test', role: 'finance' } },
      });
      // Nothing secret is ever recorded.
      expect(JSON.stringify(audit)).not.toContain(OPERATOR_PASSWORD);
      expect(JSON.stringify(audit)).not.toContain(finance.totp_secret);
    });
  });

  it('denies by default: every permission names its roles, and an unlisted role holds none', () => {
    for (const roles of Object.values(PERMISSIONS)) expect(roles).toContain('admin');
    // Each role holds what its desk needs (issue 21); the walk of every route is backoffice.routes.test.ts.
    const held = (role: string) =>
      Object.entries(PERMISSIONS).flatMap(([p, roles]) => ((roles as readonly string[]).includes(role) ? [p] : []));
    expect(held('support')).toEqual([
      'feedback.read',
      'customers.read',
      'customers.support',
      'kyc.review',
      'dashboard.read',
    ]);
    expect(held('finance')).toEqual([
      'customers.read',
      'withdrawals.manage',
      'adjustments.manage',
      'deposits.manage',
      'ledger.read',
      'dashboard.read',
    ]);
    expect(held('draw_officer')).toEqual(['draws.manage', 'dashboard.read']);
    expect(held('content_editor')).toEqual(['content.write', 'notifications.campaign']);
  });
});

describe('disabling an operator', () => {
  it("ends the operator's sessions at once and refuses their sign-in; never one's own account; audited", async () => {
    await withTestApp({ database }, async (t) => {
      const adminSecret = await firstAdmin(t, 'grace@shop.test');
      const admin = as(t, (await operatorLogin(t, 'grace@shop.test', adminSecret)).json().result.token);
      const adminId = (await admin('GET', '/api/admin/me')).json().result.id as string;
      const created = await admin('POST', '/api/admin/operators', {
        email: 'dora@shop.test',
        name: 'Dora',
        role: 'draw_officer',
        password: OPERATOR_PASSWORD,
      });
      const { operator, totp_secret: secret } = created.json().result as { operator: Json; totp_secret: string };
      const first = as(t, (await operatorLogin(t, 'dora@shop.test', secret)).json().result.token);
      t.clock.advance(31_000);
      const second = as(t, (await operatorLogin(t, 'dora@shop.test', secret)).json().result.token);
      expect((await first('GET', '/api/admin/draws')).statusCode).toBe(200);

      // Only an admin, never on their own account.
      expect((await first('POST', `/api/admin/operators/${adminId}/disable`)).statusCode).toBe(403);
      const own = await admin('POST', `/api/admin/operators/${adminId}/disable`);
      expect(own.statusCode).toBe(403);
      expect(own.json().messages[0].text).toBe('You cannot disable your own account.');
      expect((await admin('GET', '/api/admin/me')).statusCode).toBe(200);
      expect((await admin('POST', '/api/admin/operators/op_nobody/disable')).statusCode).toBe(404);
      expect((await admin('POST', '/api/admin/operators/not-an-id/disable')).statusCode).toBe(422);

      const disabled = await admin('POST', `/api/admin/operators/${operator.id}/disable`);
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(disabled.json().result).toMatchObject({
        operator: { id: operator.id, status: 'disabled' },
        changed: true,
        sessions_ended: 2,
      });
      // Both sessions ended at once; sign-in gets the one answer for every failure.
      expect((await first('GET', '/api/admin/draws')).statusCode).toBe(401);
      expect((await second('GET', '/api/admin/me')).statusCode).toBe(401);
      t.clock.advance(31_000);
      const refused = await operatorLogin(t, 'dora@shop.test', secret);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().messages[0].text).toBe('The email, password or authenticator code is not right.');
      const again = await admin('POST', `/api/admin/operators/${operator.id}/disable`);
      expect(again.json().result).toMatchObject({ changed: false, sessions_ended: 0 });
      const listed = (await admin('GET', '/api/admin/operators')).json().result as Json[];
      expect(listed.find((o) => o.id === operator.id)?.status).toBe('disabled');

      // Re-enabled: a new sign-in works; the old sessions stay ended.
      const enabled = await admin('POST', `/api/admin/operators/${operator.id}/enable`);
      expect(enabled.json().result).toMatchObject({ operator: { status: 'active' }, changed: true });
      expect((await first('GET', '/api/admin/me')).statusCode).toBe(401);
      t.clock.advance(31_000);
      expect((await operatorLogin(t, 'dora@shop.test', secret)).statusCode).toBe(200);

      const { rows } = await t.database.pool.query(
        `select actor, action, target, outcome, detail from operator_audit
          where action in ('operator.disable', 'operator.enable') order by id`,
      );
      expect(rows.map((r: Json) => [r.action, r.target, r.outcome])).toEqual([
        ['operator.disable', adminId, 'denied'],
        ['operator.disable', 'op_nobody', 'failed'],
        ['operator.disable', operator.id, 'ok'],
        ['operator.disable', operator.id, 'ok'],
        ['operator.enable', operator.id, 'ok'],
      ]);
      expect(rows[2].detail).toMatchObject({
        before: { status: 'active' },
        after: { status: 'disabled' },
        sessionsEnded: 2,
      });
    });
  });
});

describe("an operator's password and authenticator", () => {
  it("changes one's own password (the current one right, a new one under the rules); other sessions end", async () => {
    await withTestApp({ database }, async (t) => {
      const adminSecret = await firstAdmin(t, 'ivy@shop.test');
      const admin = as(t, (await operatorLogin(t, 'ivy@shop.test', adminSecret)).json().result.token);
      const created = await admin('POST', '/api/admin/operators', {
        email: 'fred@shop.test',
        name: 'Fred',
        role: 'finance',
        password: OPERATOR_PASSWORD,
      });
      const { operator, totp_secret: secret } = created.json().result as { operator: Json; totp_secret: string };
      const here = as(t, (await operatorLogin(t, 'fred@shop.test', secret)).json().result.token);
      t.clock.advance(31_000);
      const elsewhere = as(t, (await operatorLogin(t, 'fred@shop.test', secret)).json().result.token);
      const NEW = 'Another long passphrase 42!';

      const wrong = await here('POST', '/api/admin/me/password', { currentPassword: 'not it', newPassword: NEW });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual(['Your current password is not right.']);
      const same = await here('POST', '/api/admin/me/password', {
        currentPassword: OPERATOR_PASSWORD,
        newPassword: OPERATOR_PASSWORD,
      });
      expect(same.json().errors.new_password).toEqual(['Choose a new password, not your current one.']);
      const weak = await here('POST', '/api/admin/me/password', {
        currentPassword: OPERATOR_PASSWORD,
        newPassword: 'short',
      });
      expect(weak.statusCode).toBe(422);
      expect(weak.json().errors.new_password?.length).toBeGreaterThan(0);
      expect((await elsewhere('GET', '/api/admin/me')).statusCode).toBe(200);

      const changed = await here('POST', '/api/admin/me/password', {
        currentPassword: OPERATOR_PASSWORD,
        newPassword: NEW,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().result).toEqual({ sessions_ended: 1 });
      expect((await here('GET', '/api/admin/me')).statusCode).toBe(200);
      expect((await elsewhere('GET', '/api/admin/me')).statusCode).toBe(401);
      t.clock.advance(31_000);
      expect((await operatorLogin(t, 'fred@shop.test', secret)).statusCode).toBe(401);
      t.clock.advance(31_000);
      expect((await operatorLogin(t, 'fred@shop.test', secret, NEW)).statusCode).toBe(200);

      const { rows } = await t.database.pool.query(
        "select actor, outcome, detail::text as detail from operator_audit where action = 'operator.password.change' order by id",
      );
      // The wrong and the unchanged password (the too short one is refused by the body's schema, before the action).
      expect(rows.map((r: Json) => [r.actor, r.outcome])).toEqual([
        [operator.id, 'failed'],
        [operator.id, 'failed'],
        [operator.id, 'ok'],
      ]);
      for (const r of rows as Json[]) expect(r.detail).not.toContain(NEW);
    });
  });

  it("gives an operator a new authenticator, shown once: old codes stop, sessions end; never one's own", async () => {
    await withTestApp({ database }, async (t) => {
      const adminSecret = await firstAdmin(t, 'jo@shop.test');
      const admin = as(t, (await operatorLogin(t, 'jo@shop.test', adminSecret)).json().result.token);
      const adminId = (await admin('GET', '/api/admin/me')).json().result.id as string;
      const created = await admin('POST', '/api/admin/operators', {
        email: 'gil@shop.test',
        name: 'Gil',
        role: 'support',
        password: OPERATOR_PASSWORD,
      });
      const { operator, totp_secret: oldSecret } = created.json().result as { operator: Json; totp_secret: string };
      const gil = as(t, (await operatorLogin(t, 'gil@shop.test', oldSecret)).json().result.token);

      expect((await gil('POST', `/api/admin/operators/${operator.id}/reset-authenticator`)).statusCode).toBe(403);
      const own = await admin('POST', `/api/admin/operators/${adminId}/reset-authenticator`);
      expect(own.statusCode).toBe(403);
      expect(own.json().messages[0].text).toBe('You cannot reset your own authenticator: ask another admin.');
      expect((await admin('POST', '/api/admin/operators/op_nobody/reset-authenticator')).statusCode).toBe(404);

      const reset = await admin('POST', `/api/admin/operators/${operator.id}/reset-authenticator`);
      expect(reset.statusCode, reset.body).toBe(200);
      const { totp_secret: newSecret, otpauth_uri: uri } = reset.json().result as Json;
      expect(newSecret).not.toBe(oldSecret);
      expect(uri).toContain(newSecret);
      expect((await gil('GET', '/api/admin/me')).statusCode).toBe(401);
      t.clock.advance(31_000);
      expect((await operatorLogin(t, 'gil@shop.test', oldSecret)).statusCode).toBe(401);
      t.clock.advance(31_000);
      expect((await operatorLogin(t, 'gil@shop.test', newSecret)).statusCode).toBe(200);

      const { rows } = await t.database.pool.query(
        "select target, outcome, detail::text as detail from operator_audit where action = 'operator.authenticator.reset' order by id",
      );
      expect(rows.map((r: Json) => [r.target, r.outcome])).toEqual([
        [adminId, 'denied'],
        ['op_nobody', 'failed'],
        [operator.id, 'ok'],
      ]);
      for (const r of rows as Json[]) expect(r.detail).not.toContain(newSecret);
    });
  });
});

describe('POST /api/cms/items/{collection} (operators only)', () => {
  it('creates a draft for a content editor, validated, audited; visitors do not see it', async () => {
    await withTestApp({ database }, async (t) => {
      const adminSecret = await firstAdmin(t, 'cms-admin@shop.test');
      const admin = as(t, (await operatorLogin(t, 'cms-admin@shop.test', adminSecret)).json().result.token);
      const newOperator = (email: string, name: string, role: string) =>
        admin('POST', '/api/admin/operators', { email, name, role, password: OPERATOR_PASSWORD }).then(
          (r) => r.json().result,
        );
      const editor = await newOperator('ed@shop.test', 'Ed', 'content_editor');
      const support = await newOperator('sup@shop.test', 'Sue', 'support');
      t.clock.advance(31_000);
      const ed = as(t, (await operatorLogin(t, 'ed@shop.test', editor.totp_secret)).json().result.token);
      const sue = as(t, (await operatorLogin(t, 'sup@shop.test', support.totp_secret)).json().result.token);

      const body = { id: 'post_from_api', data: post('from-the-api') };
      expect((await as(t, null)('POST', '/api/cms/items/blog_posts', body)).statusCode).toBe(401);
      expect((await as(t, t.tokenFor('cus_x'))('POST', '/api/cms/items/blog_posts', body)).statusCode).toBe(401);
      expect((await sue('POST', '/api/cms/items/blog_posts', body)).statusCode).toBe(403);
      expect((await ed('POST', '/api/cms/items/no_such_collection', body)).statusCode).toBe(404);
      const invalid = await ed('POST', '/api/cms/items/blog_posts', {
        data: { ...post('broken'), sections: [{ kind: 'single_column', heading: 7 }] },
      });
      expect(invalid.statusCode).toBe(422);
      expect(Object.keys(invalid.json().errors ?? {}).join(' ')).toMatch(/sections/);

      const created = await ed('POST', '/api/cms/items/blog_posts', body);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().result).toEqual({
        collection: 'blog_posts',
        id: 'post_from_api',
        version: 1,
        status: 'draft',
        date_published: null,
      });
      expect((await t.injectSigned({ method: 'GET', url: '/api/cms/items/blog_posts/from-the-api' })).statusCode).toBe(
        404,
      );
      const versions = await t.services.contentEditor.versions('blog_posts', 'post_from_api');
      expect(versions[0]!.author).toBe(`operator:${editor.operator.id}`);

      // Published at a date: hidden until then, listed after.
      const at = new Date(t.clock.now().getTime() + 3600_000).toISOString();
      const scheduled = await ed('POST', '/api/cms/items/blog_posts', {
        id: 'post_scheduled_api',
        status: 'published',
        datePublished: at,
        data: post('scheduled-by-api'),
      });
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect(scheduled.json().result).toMatchObject({ status: 'published', date_published: at });
      const visitor = () => t.injectSigned({ method: 'GET', url: '/api/cms/items/blog_posts/scheduled-by-api' });
      expect((await visitor()).statusCode).toBe(404);
      t.clock.advance(3600_000 + 1000);
      await vi.waitFor(async () => expect((await visitor()).statusCode).toBe(200), { timeout: 10_000 });

      // (The admin's session has ended by now: an hour idle.)
      expect((await admin('GET', '/api/admin/audit')).statusCode).toBe(401);
      const audit = (await t.services.operators.auditLog({ limit: 100, offset: 0 })).items;
      expect(audit.find((e) => e.target === 'blog_posts/post_from_api')).toMatchObject({
        action: 'content.create',
        actor: editor.operator.id,
        target: 'blog_posts/post_from_api',
        outcome: 'ok',
      });
    });
  });
});

describe('the audit log', () => {
  it('cannot be changed or emptied, by anyone', async () => {
    await withTestApp({ database }, async (t) => {
      await firstAdmin(t, 'audit@shop.test');
      await expect(database.pool.query(`UPDATE operator_audit SET outcome = 'ok'`)).rejects.toThrow(/append-only/);
      await expect(database.pool.query(`DELETE FROM operator_audit`)).rejects.toThrow(/append-only/);
      await expect(database.pool.query(`TRUNCATE operator_audit`)).rejects.toThrow(/append-only/);
      const n = await database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM operator_audit`);
      expect(Number(n.rows[0]!.n)).toBeGreaterThan(0);
    });
  });
});
