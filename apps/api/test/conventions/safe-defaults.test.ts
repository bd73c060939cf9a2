// Safe defaults of `npm start` (issue 14 finding 3, ADR 027): loopback-only listening unless HOST is set, the dev
// mailbox and the `td` test deposit only for a visitor on this machine and never in production, and a production
// start refused, one clear line per problem, while it still runs on the test defaults.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, productionProblems } from '../../src/env.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let t: TestApp;
let production: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ config: { rateLimit: { max: 1_000_000, windowMs: 60_000 } } });
  production = await buildTestApp({ database: t.database, config: { nodeEnv: 'production' } });
});
afterAll(async () => {
  await production.close();
  await t.close();
});

const customer = (app: TestApp, id: string) => ({ authorization: `Bearer ${app.tokenFor(id)}` });
const VISITOR = '203.0.113.77';

describe('listening', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('the dev mailbox', () => {
  const mailbox = (app: TestApp, remoteAddress: string, forwardedFor?: string) =>
    app.injectSigned({
      method: 'GET',
      url: '/api/v2/dev/mailbox',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('answers a developer on this machine, directly or through the storefront', async () => {
    expect((await mailbox(t, '127.0.0.1')).statusCode).toBe(200);
    expect((await mailbox(t, '127.0.0.1', '127.0.0.1')).statusCode).toBe(200);
  });

  it('is not there for anyone else: another address, a visitor the storefront names, or production', async () => {
    expect((await mailbox(t, VISITOR)).statusCode).toBe(404);
    // The storefront's server-side call comes over loopback but is the visitor's request.
    expect((await mailbox(t, '127.0.0.1', VISITOR)).statusCode).toBe(404);
    expect((await mailbox(production, '127.0.0.1')).statusCode).toBe(404);
  });
});

describe('the td test deposit', () => {
  const deposit = (app: TestApp, id: string, remoteAddress: string, forwardedFor?: string) =>
    app.injectSigned({
      method: 'POST',
      url: '/api/v2/funds/td/deposit',
      remoteAddress,
      headers: { ...customer(app, id), ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: { amount: 10_000 },
    });
  const balance = async (app: TestApp, id: string) =>
    (
      await app.injectSigned({
        method: 'GET',
        url: '/api/v2/customer/withdrawable-funds',
        headers: customer(app, id),
      })
    ).json().result.balance.amount;
  const methods = (app: TestApp, id: string, remoteAddress: string) =>
    app.injectSigned({
      method: 'GET',
      url: '/api/v2/payment_methods',
      remoteAddress,
      headers: customer(app, id),
      sign: { version: '3.1' },
    });

  it('credits a developer on this machine', async () => {
    expect((await deposit(t, 'cus_td_dev', '127.0.0.1')).statusCode).toBe(200);
    expect(await balance(t, 'cus_td_dev')).toBe(10_000);
    expect((await methods(t, 'cus_td_dev', '127.0.0.1')).json().result.map((m: { code: string }) => m.code)).toContain(
      'td',
    );
  });

  it('moves no money for anyone else, and is not offered to them', async () => {
    expect((await deposit(t, 'cus_td_remote', VISITOR)).statusCode).toBe(404);
    expect((await deposit(t, 'cus_td_remote', '127.0.0.1', VISITOR)).statusCode).toBe(404);
    expect((await deposit(production, 'cus_td_remote', '127.0.0.1')).statusCode).toBe(404);
    expect(await balance(t, 'cus_td_remote')).toBe(0);
    expect(
      (await methods(t, 'cus_td_remote', VISITOR)).json().result.map((m: { code: string }) => m.code),
    ).not.toContain('td');
    const dp = await production.injectSigned({
      method: 'POST',
      url: '/api/v2/cart/deposit_purchase',
      remoteAddress: '127.0.0.1',
      headers: { ...customer(production, 'cus_td_remote'), 'idempotency-key': 'dp-td-1' },
      payload: { deposit: { amount: 100, deposit_method_code: 'td' }, purchase: {} },
      sign: { version: '3.3' },
    });
    expect(dp.statusCode).toBeGreaterThanOrEqual(400);
    expect(await balance(t, 'cus_td_remote')).toBe(0);
  });
});

describe('NODE_ENV=production', () => {
  it('names every test default it refuses, and accepts a real configuration', () => {
    const defaults = loadConfig({ NODE_ENV: 'production' });
    expect(productionProblems(defaults)).toHaveLength(4);
    const real = loadConfig({
      NODE_ENV: 'production',
      APP_KEYS: 'web:a-secret-of-our-own',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example:587',
      ALLOW_TEST_SERVICES: 'true',
    });
    expect(productionProblems(real)).toEqual([]);
    expect(productionProblems(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
  });

  it('`npm start` refuses to start on the test defaults, with one clear line per problem', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-prod-refusal-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' };
      for (const name of ['DATABASE_URL', 'APP_KEYS', 'AUTH_SECRET', 'SMTP_URL', 'ALLOW_TEST_SERVICES', 'HOST'])
        delete env[name];
      const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['scripts/start.mjs', '--api-only'], { cwd: REPO_ROOT, env });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d) => (stdout += d));
        child.stderr.on('data', (d) => (stderr += d));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
      expect(run.code).toBe(1);
      expect(run.stdout).not.toMatch(/ready at/);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toEqual([
        expect.stringMatching(/^NODE_ENV=production refuses the built-in test payment gateway/),
        expect.stringMatching(/^NODE_ENV=production needs SMTP_URL/),
        expect.stringMatching(/^NODE_ENV=production refuses the default APP_KEYS secret/),
        expect.stringMatching(/^NODE_ENV=production needs AUTH_SECRET/),
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
