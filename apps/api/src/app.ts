// buildApp registers the cross-cutting plugins (plugins/index.ts), then the routes (routes.ts), then the storefront;
// it never listens (tests use app.inject, server.ts listens). Every route gets its services from `services`, which
// the caller built with createServices (services.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { useShopErrorMessages } from '@shop/contracts';
import type { AppConfig } from './env.ts';
import apiPlugins, { createFastify, webOnlyPlugins, type ApiPluginsOptions } from './plugins/index.ts';
import storefront, { type WebHandler } from './plugins/storefront.ts';
import { registerRoutes } from './routes.ts';
import type { Services } from './services.ts';

export { LOOPBACK, MULTIPART_LIMITS, trustedProxies } from './plugins/index.ts';

export interface BuildAppOptions {
  services: Services;
  /** React Router's Node request listener; when set, every non-/api path is handed to it. */
  webHandler?: (req: IncomingMessage, res: ServerResponse) => void;
  /** apps/web/build/client: served as static files in front of the web handler. */
  webAssetsDir?: string;
  /** Fastify logger option; defaults to pino at config.logLevel. */
  logger?: boolean | object;
  /** CSP nonce source; tests inject a fixed one. Defaults to 16 random bytes per request. */
  cspNonce?: () => string;
  /** Overrides the identity module's session check (tests of the auth plugin). */
  sessionActive?: ApiPluginsOptions['sessionActive'];
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { services } = opts;
  const { config, clock, database } = services;
  // 422 field errors in the spec's form wording (features §5), the same the storefront's forms show.
  useShopErrorMessages();
  const app = createFastify(config, opts.logger);
  app.setValidatorCompiler(validatorCompiler);
  const sessionActive = opts.sessionActive ?? services.identity.sessions.sessionActive;
  await app.register(apiPlugins, {
    config,
    clock,
    database,
    sessionActive,
    cspNonce: opts.cspNonce,
    onServerFailure: (failure, log) => services.serverErrors.record(failure, log),
  });
  await registerRoutes(app, services);
  await app.register(storefront, {
    webHandler: opts.webHandler as WebHandler | undefined,
    webAssetsDir: opts.webAssetsDir,
  });
  return app;
}

export interface BuildWebAppOptions {
  config: AppConfig;
  webHandler: (req: IncomingMessage, res: ServerResponse) => void;
  webAssetsDir?: string;
  logger?: boolean | object;
  cspNonce?: () => string;
}

/**
 * The storefront alone (`npm run start:web`): the same pages, headers, CSP nonce, rate limit and metrics as the one
 * process, without the API routes or a database. A load balancer sends /api to the API processes; an /api request
 * that reaches this process anyway gets the 404 envelope.
 */
export async function buildWebApp(opts: BuildWebAppOptions): Promise<FastifyInstance> {
  const app = createFastify(opts.config, opts.logger);
  await app.register(webOnlyPlugins, { config: opts.config, cspNonce: opts.cspNonce });
  await app.register(storefront, { webHandler: opts.webHandler as WebHandler, webAssetsDir: opts.webAssetsDir });
  return app;
}
