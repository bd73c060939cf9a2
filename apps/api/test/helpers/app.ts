// Build the real app against a fresh migrated + seeded database, with a fixed clock and test configuration.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/env.ts';
import { fixedClock } from '../../src/lib/clock.ts';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { connectDatabase, type Database } from '../../src/db/index.ts';
import { createServices, type Providers, type Services } from '../../src/services.ts';
import { createTestDatabase } from './db.ts';
import { signedHeaders, type SignOptions } from './sign.ts';

export const TEST_NOW = '2025-06-02T00:00:00.000Z';
export const TEST_PUBLIC_URL = 'https://shop.example.test';
export const TEST_APP_KEYS = 'web:test-web-secret,partner:test-partner-secret';
export const TEST_AUTH_SECRET = 'test-auth-secret-0123456789abcdef0123456789';

/** Configuration as a test deployment would have it; overrides win. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(
    {
      NODE_ENV: 'test',
      PUBLIC_URL: TEST_PUBLIC_URL,
      APP_KEYS: TEST_APP_KEYS,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: TEST_AUTH_SECRET,
      // No load shedding on a busy test machine; test/conventions/load-shedding.test.ts turns it on.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    overrides,
  );
}

export interface TestApp {
  app: FastifyInstance;
  /** The services the app runs on (the composition root's), over the same database and clock. */
  services: Services;
  config: AppConfig;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  /** Signed headers for the app's current clock. */
  sign(options?: SignOptions): Record<string, string>;
  /** A valid access token for a customer public id (tests that need a signed-in customer without logging in). */
  tokenFor(customerId: string, sessionId?: string): string;
  /** app.inject with signed headers merged under any headers given. */
  injectSigned(options: InjectOptions & { sign?: SignOptions }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<Omit<BuildAppOptions, 'services'>> {
  config?: Partial<AppConfig>;
  /** Outside services to use instead of the built-in ones (a seeded results provider, a failing mail transport...). */
  providers?: Partial<Providers>;
  /** Reuse a database (e.g. several apps over one); otherwise a fresh one is created and dropped on close. */
  database?: Database;
  now?: string;
  /** Runs after buildApp, before ready: register test-only routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { config: overrides, database: given, now, beforeReady, providers, ...rest } = options;
  const config = testConfig(overrides);
  const database = given ?? (await createTestDatabase());
  const clock = fixedClock(now ?? TEST_NOW);
  // Sessions minted by tokenFor (customers that exist only in the test) are live; any other session goes through
  // the identity module's real check, so logout, password changes and closure still revoke real logins.
  const minted = new Set<string>();
  const services = createServices({ database, clock, config, providers, liveCaches: true });
  const sessionActive =
    rest.sessionActive ??
    (async (sid: string, cid: string) => minted.has(sid) || services.identity.sessions.sessionActive(sid, cid));
  const app = await buildApp({ services, logger: false, ...rest, sessionActive });
  await beforeReady?.(app);
  await app.ready();
  const sign = (o?: SignOptions) => signedHeaders(config, clock, o);
  return {
    app,
    services,
    config,
    database,
    clock,
    sign,
    tokenFor: (customerId, sessionId = `ses_test_${customerId}`) => {
      minted.add(sessionId);
      return signAccessToken(config.authSecret!, { customerId, sessionId }, clock.now());
    },
    injectSigned: ({ sign: signOptions, headers, ...inject }) =>
      app.inject({ ...inject, headers: { ...sign(signOptions), ...(headers as Record<string, string> | undefined) } }),
    close: async () => {
      await app.close();
      if (!given) await database.close();
    },
  };
}

/** Runs fn against a fresh app and closes it after, whatever fn does. */
/**
 * Two apps over one database, each with its own connection pool, change feed and per-process memories: two API
 * workers of one server (ADR 032). Built before the suite's tests and closed after them.
 */
export function useTwoWorkers(): { readonly a: TestApp; readonly b: TestApp } {
  let a: TestApp | undefined;
  let b: TestApp | undefined;
  let bDatabase: Database | undefined;
  beforeAll(async () => {
    a = await buildTestApp();
    bDatabase = connectDatabase(a.database.url, { max: 5 });
    b = await buildTestApp({ database: bDatabase });
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });
  return {
    get a() {
      return a!;
    },
    get b() {
      return b!;
    },
  };
}

export async function withTestApp<T>(options: TestAppOptions, fn: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await buildTestApp(options);
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

/**
 * The composition root over a test database without an app (service-level tests): test configuration, the given
 * clock, reading through (no change-feed caches) unless `liveCaches`.
 */
export function testServices(
  database: Database,
  options: {
    clock?: ReturnType<typeof fixedClock> | { now(): Date };
    config?: Partial<AppConfig>;
    providers?: Partial<Providers>;
    liveCaches?: boolean;
  } = {},
): Services {
  return createServices({
    database,
    clock: options.clock ?? fixedClock(TEST_NOW),
    config: testConfig(options.config),
    providers: options.providers,
    liveCaches: options.liveCaches,
  });
}
