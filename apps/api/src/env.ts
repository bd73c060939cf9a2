// Typed configuration, parsed once at boot. Every value has a default so `npm start` needs no environment variable.
import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** The development default of the web app's signing secret; production refuses it. */
export const DEFAULT_WEB_APP_SECRET = 'shop-web-public-signing-secret';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback unless set: a fresh `npm start` is reachable from this machine only (ADR 027). */
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** Where a web-only process (`npm run start:web`) finds the API for server rendering; default: this process. */
  API_ORIGIN: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SITE_TIME_ZONE: z.string().default('Australia/Sydney'),
  /** Segment for anonymous visitors; when unset the one stored in the web configuration applies. */
  DEFAULT_SEGMENT: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /** app-key:secret pairs. The web app's secret ships to browsers: it identifies the app, it is not a login. */
  APP_KEYS: z.string().default(`web:${DEFAULT_WEB_APP_SECRET}`),
  SIGNATURE_REQUIRED: bool.default(true),
  SIGNATURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  CORS_ORIGINS: csv.optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** true/false, or the addresses/CIDRs of proxies (and web-only storefront processes) whose X-Forwarded-For counts. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v) =>
      ['true', '1', 'yes'].includes(v)
        ? true
        : ['false', '0', 'no', ''].includes(v)
          ? false
          : v
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
    ),
  JOBS_ENABLED: bool.default(true),
  RECURRING_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(4),
  /**
   * true lets NODE_ENV=production run with the built-in test gateway and without SMTP (benchmarks and browser tests of
   * a production build). Never on a real shop. The dev mailbox and the test deposit stay off in production anyway.
   */
  ALLOW_TEST_SERVICES: bool.default(false),
  /** Signs access tokens; when unset one is generated and kept in DATA_DIR/auth.secret. */
  AUTH_SECRET: z.string().min(32).optional(),
  /** Identity (issue 4): minimum sign-up age, argon2id cost (OWASP defaults), remembered 2FA devices, banned countries. */
  MIN_AGE: z.coerce.number().int().min(18).max(120).default(18),
  /** Sign-ups per visitor address per hour (account-creation throttling). */
  SIGNUP_IP_PER_HOUR: z.coerce.number().int().positive().default(20),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).default(1),
  TWO_FACTOR_REMEMBER_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  BANNED_COUNTRIES: csv.optional(),
  ADDRESS_CONFIRMATION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Tests and demos: address ranges placed in a country before the bundled database (`203.0.113.0/24=AU,...`). */
  IP_COUNTRY_OVERRIDES: csv.optional(),
  /** Notifications: SMTP when set (nodemailer URL), otherwise the dev mailbox table. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Lucky Koala Lotteries <no-reply@luckykoala.example>'),
  /** Responsible gambling (issue 8): cooling-off before a raised or removed limit applies, the total an unverified
   *  customer may spend, the shop-wide weekly spend limit per customer, and whether a spend limit must be set. */
  RG_COOLING_OFF_DAYS: z.coerce.number().min(0).max(90).default(7),
  RG_UNVERIFIED_SPEND_CAP: z.coerce.number().min(0).max(1_000_000).default(500),
  RG_GLOBAL_WEEKLY_SPEND_LIMIT: z.coerce.number().min(0).max(10_000_000).default(10_000),
  RG_SPEND_LIMIT_REQUIRED: bool.default(false),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  apiOrigin: string | undefined;
  dataDir: string;
  logLevel: string;
  siteTimeZone: string;
  defaultSegment: string | undefined;
  appKeys: Record<string, string>;
  signatureRequired: boolean;
  signatureWindowSeconds: number;
  corsOrigins: string[];
  bodyLimitBytes: number;
  rateLimit: { max: number; windowMs: number };
  /** Load shedding (plugins/load-shedding.ts): mean event-loop delay over a sample above which requests get 503; 0 turns it off. */
  overload: { maxEventLoopDelayMs: number; sampleIntervalMs: number };
  /** true: trust every hop; a list: trust those addresses. Loopback is always trusted (the storefront's own calls). */
  trustProxy: boolean | string[];
  jobsEnabled: boolean;
  /** Recurring purchases the processor decides at once (each holds one connection of a side pool of that size). */
  recurringConcurrency: number;
  allowTestServices: boolean;
  authSecret: string | undefined;
  minAge: number;
  argon2: { memoryKib: number; timeCost: number; parallelism: number };
  signupIpPerHour: number;
  twoFactorRememberDays: number;
  bannedCountries: string[];
  /** Days after which a customer confirms their postal address again (features §2 confirmation banner). */
  addressConfirmationDays: number;
  /** Ranges placed in a country ahead of the IP database; refused in production (a test aid, never a header). */
  ipCountryOverrides: IpCountryOverride[];
  smtpUrl: string | undefined;
  mailFrom: string;
  responsibleGambling: {
    coolingOffDays: number;
    unverifiedSpendCapCents: number;
    globalWeeklySpendLimitCents: number;
    spendLimitRequired: boolean;
  };
};

export function parseAppKeys(raw: string): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const pair of raw.split(',')) {
    const i = pair.indexOf(':');
    if (i <= 0 || i === pair.length - 1) throw new Error(`APP_KEYS: expected key:secret pairs, got "${pair}"`);
    keys[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return keys;
}

/** `203.0.113.0/24=AU` entries: ranges the configuration places in a country (tests and demos only). */
export type IpCountryOverride = { subnet: string; prefix: number; country: string };

export function parseIpCountryOverrides(raw: string[]): IpCountryOverride[] {
  return raw.map((entry) => {
    const m = /^([0-9a-fA-F:.]+)\/(\d{1,3})=([A-Za-z]{2})$/.exec(entry.trim());
    if (!m || !(isIPv4(m[1]!) || isIPv6(m[1]!)))
      throw new Error(`IP_COUNTRY_OVERRIDES: expected address/prefix=CC entries, got "${entry}"`);
    return { subnet: m[1]!, prefix: Number(m[2]), country: m[3]!.toUpperCase() };
  });
}

/** Parse configuration from an environment (process.env by default); throws one readable error listing every bad value. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: AppConfig = {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    apiOrigin: e.API_ORIGIN?.replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    siteTimeZone: e.SITE_TIME_ZONE,
    defaultSegment: e.DEFAULT_SEGMENT,
    appKeys: parseAppKeys(e.APP_KEYS),
    signatureRequired: e.SIGNATURE_REQUIRED,
    signatureWindowSeconds: e.SIGNATURE_WINDOW_SECONDS,
    corsOrigins: e.CORS_ORIGINS ?? [new URL(publicUrl).origin],
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    overload: { maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, sampleIntervalMs: 1000 },
    trustProxy: e.TRUST_PROXY,
    jobsEnabled: e.JOBS_ENABLED,
    recurringConcurrency: e.RECURRING_CONCURRENCY,
    allowTestServices: e.ALLOW_TEST_SERVICES,
    authSecret: e.AUTH_SECRET,
    minAge: e.MIN_AGE,
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST, parallelism: e.ARGON2_PARALLELISM },
    signupIpPerHour: e.SIGNUP_IP_PER_HOUR,
    twoFactorRememberDays: e.TWO_FACTOR_REMEMBER_DAYS,
    bannedCountries: (e.BANNED_COUNTRIES ?? ['US', 'FR', 'SG']).map((c) => c.toUpperCase()),
    addressConfirmationDays: e.ADDRESS_CONFIRMATION_DAYS,
    // Tests default to the documentation ranges of RFC 5737 (never routed on the internet): 203.0.113.0/24 at home,
    // 198.51.100.0/24 in the US.
    ipCountryOverrides: parseIpCountryOverrides(
      e.IP_COUNTRY_OVERRIDES ?? (e.NODE_ENV === 'test' ? ['203.0.113.0/24=AU', '198.51.100.0/24=US'] : []),
    ),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    responsibleGambling: {
      coolingOffDays: e.RG_COOLING_OFF_DAYS,
      unverifiedSpendCapCents: Math.round(e.RG_UNVERIFIED_SPEND_CAP * 100),
      globalWeeklySpendLimitCents: Math.round(e.RG_GLOBAL_WEEKLY_SPEND_LIMIT * 100),
      spendLimitRequired: e.RG_SPEND_LIMIT_REQUIRED,
    },
  };
  return { ...config, ...overrides };
}

/**
 * What a production process must not run with (ADR 027): the test defaults that make `npm start` work with nothing
 * configured. One line per problem; empty when the configuration may serve real customers. A web-only process signs
 * with APP_KEYS but has no gateway, mail or tokens of its own.
 */
export function productionProblems(config: AppConfig, role: 'api' | 'web' = 'api'): string[] {
  if (config.nodeEnv !== 'production') return [];
  const problems: string[] = [];
  if (role === 'api' && !config.allowTestServices)
    problems.push(
      'NODE_ENV=production refuses the built-in test payment gateway (it approves made-up cards): configure a real gateway (ALLOW_TEST_SERVICES=true only for a production-mode test run).',
    );
  if (role === 'api' && !config.smtpUrl && !config.allowTestServices)
    problems.push(
      'NODE_ENV=production needs SMTP_URL: without it receipts, password resets and 2FA codes only reach the dev mailbox, which production does not serve.',
    );
  if (config.ipCountryOverrides.length > 0 && !config.allowTestServices)
    problems.push(
      'NODE_ENV=production refuses IP_COUNTRY_OVERRIDES: visitors are located by the bundled IP database only (ALLOW_TEST_SERVICES=true only for a production-mode test run).',
    );
  if (config.appKeys.web === DEFAULT_WEB_APP_SECRET)
    problems.push(
      'NODE_ENV=production refuses the default APP_KEYS secret of the web app: set APP_KEYS=web:<a secret of your own>.',
    );
  if (role === 'api' && !config.authSecret)
    problems.push(
      'NODE_ENV=production needs AUTH_SECRET (32+ characters, the same on every API process) instead of one generated into DATA_DIR.',
    );
  return problems;
}
