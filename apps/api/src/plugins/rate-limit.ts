// Per-IP rate limit with the 429 error envelope. Probes (health, readiness, metrics) and static assets are exempt:
// a load balancer or a page full of assets must never lock a visitor out.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { AppConfig } from '../env.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks routes of files served from the storefront build. */
    staticAsset?: boolean;
  }
}

const EXEMPT_ROUTES = new Set(['/api/healthz', '/api/readyz', '/api/metrics', '/blank.html']);

export function isRateLimitExempt(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  return EXEMPT_ROUTES.has(route) || request.routeOptions.config.staticAsset === true || route.startsWith('/assets/');
}

const rateLimitPlugin: FastifyPluginAsync<{ config: AppConfig }> = async (app, { config }) => {
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    allowList: (request) => isRateLimitExempt(request),
    errorResponseBuilder: (_request, context) =>
      new AppError(context.statusCode, `Too many requests. Please try again in ${context.after}.`, {
        code: context.ban ? 'banned' : 'rate_limited',
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
};

export default fp(rateLimitPlugin, { name: 'rate-limit' });
