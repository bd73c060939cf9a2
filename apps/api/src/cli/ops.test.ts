// Operator commands run through runOps against a test database (the child-process path is in test/db/embedded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testServices } from '../../test/helpers/app.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { readJournal, type Database } from '../db/index.ts';
import { fixedClock } from '../lib/clock.ts';
import { runOpsCaptured } from '../../test/helpers/ops.ts';
import { commands } from './registry.ts';
import { withoutPassword } from './commands/status.ts';

let database: Database;
const config = testConfig();
const clock = fixedClock('2026-03-01T00:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const ops = (...argv: string[]) => runOpsCaptured(argv, { config, clock, database });
const platform = () => testServices(database, { clock, config }).platform;

describe('ops CLI', () => {
  it('help lists every command with one line each', async () => {
    const r = await ops('help');
    expect(r.code).toBe(0);
    const names = [
      'help',
      'status',
      'maintenance on|off',
      'segment:default',
      'banner:set',
      'banner:clear',
      'draw:advance',
      'draw:result',
      'draw:import',
      'withdrawals:approve',
      'withdrawals:reject',
      'deposits:reconcile',
    ];
    for (const name of names) expect(r.out).toContain(name);
    // One entry per command, starting at the indent; a long usage's summary continues on an indented line below it.
    expect(r.out.split('\n').filter((l) => /^ {2}\S/.test(l))).toHaveLength(commands.length + 1);
    expect(Math.max(...r.out.split('\n').map((l) => l.length))).toBeLessThan(200);
  });

  it('without a command prints help and exits 1; an unknown command exits 1 with a pointer to help', async () => {
    expect((await ops()).code).toBe(1);
    const r = await ops('frobnicate');
    expect(r.code).toBe(1);
    expect(r.err).toContain('Unknown command "frobnicate"');
  });

  it('maintenance on|off flips the stored flag; anything else is a usage error', async () => {
    expect((await ops('maintenance', 'on')).out).toBe('Maintenance mode is on.');
    expect((await platform().getWebConfig()).maintenanceMode).toBe(true);
    expect((await ops('maintenance', 'off')).code).toBe(0);
    expect((await platform().getWebConfig()).maintenanceMode).toBe(false);
    const bad = await ops('maintenance', 'maybe');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('Usage: npm run ops -- maintenance on|off');
  });

  it('segment:default changes the stored default and refuses unknown segments', async () => {
    expect((await ops('segment:default', 'no_withdrawal')).code).toBe(0);
    expect(await platform().getDefaultSegmentName()).toBe('no_withdrawal');
    const bad = await ops('segment:default', 'vip');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('default, charity, no_withdrawal');
    expect(await platform().getDefaultSegmentName()).toBe('no_withdrawal');
    await ops('segment:default', 'default');
  });

  it('banner:set publishes a banner with its link; banner:clear takes it down', async () => {
    const set = await ops(
      'banner:set',
      'Oz Lotto: $30 million this Tuesday',
      '--link',
      '/oz-lotto',
      '--link-text',
      'Play Oz Lotto',
    );
    expect(set.code).toBe(0);
    const { content } = testServices(database, { clock, config });
    expect(await content.getSitewideBanner()).toMatchObject({
      text: 'Oz Lotto: $30 million this Tuesday',
      linkUrl: '/oz-lotto',
      linkText: 'Play Oz Lotto',
    });

    expect((await ops('banner:set', 'Half a link', '--link', '/x')).code).toBe(1);
    expect((await ops('banner:set', 'Bad', '--link', 'javascript:alert(1)', '--link-text', 'x')).code).toBe(1);
    expect(await content.getSitewideBanner()).toMatchObject({ text: 'Oz Lotto: $30 million this Tuesday' });

    expect((await ops('banner:clear')).out).toBe('The sitewide banner is down.');
    expect(await content.getSitewideBanner()).toBeNull();
    expect((await ops('banner:clear')).out).toBe('There was no sitewide banner.');
  });

  it('redacts a password from the database URL it prints', () => {
    const printed = withoutPassword('postgres://shop:s3cret-pass@127.0.0.1:5432/shop');
    expect(printed).toBe('postgres://shop:***@127.0.0.1:5432/shop');
    expect(printed).not.toContain('s3cret-pass');
    expect(withoutPassword('postgres://postgres@127.0.0.1:5432/shop')).toBe('postgres://postgres@127.0.0.1:5432/shop');
  });

  it('status reports the database without its password, migrations and segments', async () => {
    const r = await ops('status');
    expect(r.code).toBe(0);
    // CI's PostgreSQL lane uses trust auth (no password), the embedded server a generated one: either way the
    // printed URL is the redacted one.
    expect(r.out).toContain(`Database:    ${withoutPassword(database.url)}`);
    expect(r.out).toMatch(new RegExp(`Migrations: +${readJournal().length} applied, 0 pending`));
    expect(r.out).toContain('default (default)');
    expect(r.out).toContain('charity');
  });
});
