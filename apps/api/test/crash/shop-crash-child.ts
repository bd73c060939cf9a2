// Child process of the crash suite (money-paths.test.ts): the real app (buildApp, every plugin and route) listening on
// 127.0.0.1, against the test's database, that kills itself with SIGKILL (no clean-up, no rollback handlers: like a
// power cut) when the request it serves reaches the crash point CRASH_AT. It prints {"port":…} once listening.
// Run with `node --import tsx`; env: CRASH_DATABASE_URL, CRASH_AT, CRASH_NOW (the clock, ISO), APP_KEYS,
// AUTH_SECRET, PUBLIC_URL.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app.ts';
import { connectDatabase } from '../../src/db/index.ts';
import { loadConfig } from '../../src/env.ts';
import { fixedClock } from '../../src/lib/clock.ts';
import { onCrashPoint } from '../../src/lib/crash-points.ts';
import { createServices } from '../../src/services.ts';

const { CRASH_DATABASE_URL: url, CRASH_AT: crashAt, CRASH_NOW: now } = process.env;
if (!url || !crashAt || !now) throw new Error('CRASH_DATABASE_URL, CRASH_AT and CRASH_NOW are required');

const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: process.env.PUBLIC_URL,
  APP_KEYS: process.env.APP_KEYS,
  AUTH_SECRET: process.env.AUTH_SECRET,
  RATE_LIMIT_MAX: '1000000',
  JOBS_ENABLED: 'false',
});
const database = connectDatabase(url, { max: 4 });
onCrashPoint((point) => {
  if (point === crashAt) process.kill(process.pid, 'SIGKILL');
});
// The test signs customers in with tokens of its own (t.tokenFor): every validly signed token is live here.
const services = createServices({ database, clock: fixedClock(now), config });
// Errors go to stderr, which the suite shows when a request answers instead of dying at its crash point.
const app = await buildApp({
  services,
  logger: { level: 'error', stream: process.stderr },
  sessionActive: async () => true,
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
