// The cross-cutting plugins of the API, in the order their hooks must run (they run in registration order), and the
// Fastify instance they sit on. The route table, docs and metrics must see every route, so they come before any.
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { Database } from '../db/index.ts';
import type { AppConfig } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { errorForLog } from '../lib/errors.ts';
import routeTable from './route-table.ts';
import errors, { frameworkErrorHandler, type ServerFailureSink } from './errors.ts';
import casing from './casing.ts';
import inputHygiene from './input-hygiene.ts';
import requestContext, { requestIdFor } from './request-context.ts';
import security from './security.ts';
import rateLimit from './rate-limit.ts';
import versioning from './versioning.ts';
import signature from './signature.ts';
import auth, { type AuthOptions } from './auth.ts';
import metrics from './metrics.ts';
import openapi from './openapi.ts';
import idempotency from './idempotency.ts';
import loadShedding from './load-shedding.ts';

/** Upload limits for identity-verification uploads (multipart). */
export const MULTIPART_LIMITS = {
  fileSize: 10 * 1024 * 1024,
  files: 4,
  fields: 20,
  fieldSize: 100 * 1024,
  parts: 30,
} as const;

const API_DOC_VERSION = '2.0.0';

/**
 * The server-rendered storefront calls the API over loopback on behalf of visitors and says whose request it is in
 * X-Forwarded-For; loopback is therefore always a trusted hop, so rate limits, login throttling and /locate see the
 * visitor's address rather than one shared 127.0.0.1. A visitor connecting directly cannot spoof it: their own
 * address is not trusted. TRUST_PROXY adds load balancers and web-only storefront hosts.
 */
export const LOOPBACK = ['127.0.0.0/8', '::1', '::ffff:127.0.0.1'];
export function trustedProxies(config: AppConfig): boolean | string[] {
  if (config.trustProxy === true) return true;
  return [...LOOPBACK, ...(config.trustProxy === false ? [] : config.trustProxy)];
}

/** The logger's options: every `err` goes through errorForLog, so no SQL text or parameters reach the log. */
function loggerOptions(config: AppConfig, logger: boolean | object | undefined): boolean | object {
  if (logger === false) return false;
  const base = logger === undefined || logger === true ? { level: config.logLevel } : logger;
  const serializers = (base as { serializers?: Record<string, unknown> }).serializers;
  return { ...base, serializers: { ...serializers, err: errorForLog } };
}

export function createFastify(config: AppConfig, logger: boolean | object | undefined): FastifyInstance {
  return Fastify({
    logger: loggerOptions(config, logger),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustedProxies(config),
    genReqId: requestIdFor,
    requestIdHeader: false,
    // Prototype-polluting keys are dropped, like the casing plugin does for forms and queries.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  });
}

export interface ApiPluginsOptions {
  config: AppConfig;
  clock: Clock;
  /** The idempotency plugin stores responses in the database (plugins/idempotency.ts). */
  database: Database;
  /** The identity module's per-request session check: revoked sessions stop working at once. */
  sessionActive: NonNullable<AuthOptions['sessionActive']>;
  cspNonce?: () => string;
  /** The server-error log the error handler reports 5xx answers to (ADR 104). */
  onServerFailure?: ServerFailureSink;
}

/** Every cross-cutting plugin of the API process, in hook order. */
const apiPlugins: FastifyPluginAsync<ApiPluginsOptions> = async (app, { config, clock, database, ...o }) => {
  await app.register(routeTable);
  await app.register(errors, { onServerFailure: o.onServerFailure });
  // First of the request hooks: a shed request costs as little as possible.
  await app.register(loadShedding, { config });
  // Before anything recursive (casing, idempotency hashing, validation) sees a body, query or path parameter.
  await app.register(inputHygiene);
  await app.register(casing);
  await app.register(cookie);
  await app.register(requestContext);
  await app.register(security, { config, nonce: o.cspNonce });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { config });
  await app.register(signature, { config, clock });
  await app.register(auth, { config, clock, sessionActive: o.sessionActive } satisfies AuthOptions);
  await app.register(versioning);
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(openapi, { config, version: API_DOC_VERSION });
  await app.register(metrics);
  await app.register(idempotency, { database, clock });
};
export default fp(apiPlugins, { name: 'api-plugins' });

/** The storefront alone (`npm run start:web`): the same pages, headers, CSP nonce, rate limit and metrics. */
const webPlugins: FastifyPluginAsync<{ config: AppConfig; cspNonce?: () => string }> = async (app, o) => {
  await app.register(routeTable);
  await app.register(errors);
  await app.register(loadShedding, { config: o.config });
  await app.register(cookie);
  await app.register(requestContext);
  await app.register(security, { config: o.config, nonce: o.cspNonce });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { config: o.config });
  await app.register(metrics);
};
export const webOnlyPlugins = fp(webPlugins, { name: 'web-plugins' });
