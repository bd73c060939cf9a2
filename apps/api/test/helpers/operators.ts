// Back-office operators in tests: the first admin from the CLI (as docs/operators.md starts a shop), sign-in with a
// real authenticator code, operators of other roles created by that admin, and calls carrying an operator's token.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import type { TestApp } from './app.ts';
import { runOpsCaptured } from './ops.ts';

export const OPERATOR_PASSWORD = 'correct horse battery staple 9';

type Json = Record<string, any>;

/** The authenticator's code at the app's clock (offset to reach another time step). */
export const totpCode = (t: TestApp, secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + offsetSeconds });

/** `operator:create … --role admin` with the password in a file; returns the authenticator secret it printed. */
export async function firstAdmin(t: TestApp, database: Database, email: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'operator-'));
  try {
    const file = path.join(dir, 'password');
    writeFileSync(file, `${OPERATOR_PASSWORD}\n`, { mode: 0o600 });
    const run = await runOpsCaptured(
      ['operator:create', email, '--name', 'Ada Admin', '--role', 'admin', '--password-file', file],
      { config: t.config, clock: t.clock, database },
    );
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^Operator op_\S+ \(admin\) created for /);
    return /Authenticator secret \(shown once\): (\S+)/.exec(run.out)![1]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function operatorLogin(t: TestApp, email: string, secret: string, password = OPERATOR_PASSWORD) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email, password, code: await totpCode(t, secret) },
  });
}

export type OperatorCall = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => ReturnType<TestApp['injectSigned']>;

/**
 * Calls with an operator's bearer token (or none); the content and translation APIs are signed as well. A Buffer
 * payload goes as it is, with the headers given (a multipart upload).
 */
export function as(t: TestApp, token: string | null): OperatorCall {
  return (method, url, payload, headers) =>
    (url.startsWith('/api/cms') || url.startsWith('/api/translation') ? t.injectSigned : t.app.inject)({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as Json } : {}),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
}

/** The first admin signed in, and a way to sign in new operators of any role (each a fresh authenticator step). */
export async function backOffice(t: TestApp, database: Database, adminEmail: string) {
  const adminSecret = await firstAdmin(t, database, adminEmail);
  const admin = as(t, (await operatorLogin(t, adminEmail, adminSecret)).json().result.token);
  return {
    admin,
    /** Creates an operator with this role, signs them in, and answers their id and calls. */
    async operator(email: string, role: string) {
      const created = await admin('POST', '/api/admin/operators', {
        email,
        name: role,
        role,
        password: OPERATOR_PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(200);
      const { operator, totp_secret: secret } = created.json().result as {
        operator: { id: string };
        totp_secret: string;
      };
      const session = await operatorLogin(t, email, secret);
      expect(session.statusCode, session.body).toBe(200);
      const token = session.json().result.token as string;
      return { id: operator.id, token, call: as(t, token) };
    },
  };
}
