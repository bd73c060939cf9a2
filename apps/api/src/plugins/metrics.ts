// Prometheus metrics: one registry per app instance (tests build many apps in one process), default process
// metrics plus a request duration histogram by route pattern, method and status.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
  interface FastifyContextConfig {
    /** A server-rendered page: answered on the raw response, past Fastify's onResponse (see plugins/storefront.ts). */
    storefrontPage?: boolean;
  }
}

/** Every page shares one label: page paths would make a series per URL. */
const STOREFRONT_ROUTE = 'storefront';

const metricsPlugin: FastifyPluginAsync = async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests, by route pattern (storefront pages as "storefront"), method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.decorate('metrics', registry);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config?.storefrontPage) return;
    const started = process.hrtime.bigint();
    reply.raw.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      duration.observe(
        { route: STOREFRONT_ROUTE, method: request.method, status_code: String(reply.raw.statusCode) },
        seconds,
      );
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { route: request.routeOptions.url ?? 'unmatched', method: request.method, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
};

export default fp(metricsPlugin, { name: 'metrics' });
