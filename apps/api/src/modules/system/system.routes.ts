// Open routes every deployment needs: service discovery, liveness, readiness, metrics and the API reference.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DiscoverResult,
  HealthResult,
  SERVICE_NAMES,
  successEnvelope,
  type DiscoverResult as Discover,
} from '@shop/contracts';
import type { AppConfig } from '../../env.ts';
import { ok } from '../../lib/http.ts';
import { serviceUnavailable } from '../../lib/errors.ts';
import { renderDocsPage } from './docs-page.ts';

export interface SystemRoutesOptions {
  config: AppConfig;
  /** Whether the database is reachable and every committed migration applied (db/ checkReadiness). */
  system: { readiness(): Promise<{ reachable: boolean; migrated: boolean }> };
  /** Every API route path mounted on the app (collected as routes register): discovery lists only served services. */
  mountedPaths: () => Iterable<string>;
}

type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * Where each service of spec core §7 lives, and the route prefix that proves it is served. The placement calls
 * (features §7: GET /placement, POST /placement/cart/prime) are answered by the main API, so its base is /api/v2.
 */
export const SERVICE_LOCATIONS: Record<ServiceName, { base: string; serves: string }> = {
  main: { base: '/api/v2', serves: '/api/v2/' },
  cms: { base: '/api/cms', serves: '/api/cms/' },
  social: { base: '/api/social/v3', serves: '/api/social/v3/' },
  rewards: { base: '/api/rewards', serves: '/api/rewards/' },
  customerVerify: { base: '/api/customer-verify', serves: '/api/customer-verify/' },
  placement: { base: '/api/v2', serves: '/api/v2/placement' },
  translation: { base: '/api/translation', serves: '/api/translation/' },
  analytics: { base: '/api/analytics', serves: '/api/analytics/' },
};

/**
 * Absolute base URLs of the services this deployment serves (spec core §7), built from PUBLIC_URL so a split
 * deployment can move them. A service none of whose routes is mounted is left out; main is always listed.
 */
export function discoverServices(publicUrl: string, mountedPaths: Iterable<string>): Discover {
  const base = publicUrl.replace(/\/+$/, '');
  const paths = [...mountedPaths];
  const services: Partial<Record<ServiceName, string>> = {};
  for (const name of SERVICE_NAMES) {
    const where = SERVICE_LOCATIONS[name];
    if (name === 'main' || paths.some((p) => p.startsWith(where.serves))) services[name] = `${base}${where.base}`;
  }
  return { services: services as Discover['services'] };
}

export const systemRoutes: FastifyPluginAsync<SystemRoutesOptions> = async (
  instance,
  { system, config, mountedPaths },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Built on the first request, when every module's routes are mounted.
  let discovery: Discover | null = null;

  app.get(
    '/discover',
    {
      schema: {
        summary: 'Base URLs of the services this deployment serves',
        response: { 200: successEnvelope(DiscoverResult) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      discovery ??= discoverServices(config.publicUrl, mountedPaths());
      return ok(discovery);
    },
  );

  app.get(
    '/healthz',
    { schema: { summary: 'Liveness: the process is up', response: { 200: successEnvelope(HealthResult) } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok({ status: 'ok' as const, checks: { process: 'up' } });
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'Readiness: the database is reachable and migrated',
        response: { 200: successEnvelope(HealthResult) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      let state: { reachable: boolean; migrated: boolean };
      try {
        state = await system.readiness();
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        state = { reachable: false, migrated: false };
      }
      if (!state.reachable) throw serviceUnavailable('The database is not reachable.', 'database_unreachable');
      if (!state.migrated) throw serviceUnavailable('The database schema is not up to date.', 'database_not_migrated');
      return ok({ status: 'ok' as const, checks: { database: 'reachable', migrations: 'applied' } });
    },
  );

  app.get(
    '/metrics',
    { schema: { summary: 'Prometheus metrics (text exposition format)' } },
    async (_request, reply) => {
      const body = await instance.metrics.metrics();
      return reply.header('cache-control', 'no-store').type(instance.metrics.contentType).send(body);
    },
  );

  app.get(
    '/docs/openapi.json',
    { schema: { summary: 'This API as an OpenAPI 3.1 document' } },
    async (_request, reply) => {
      // Already in wire casing: send it as it is, past the casing serializer.
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(instance.swagger()));
    },
  );

  app.get(
    '/docs',
    { schema: { summary: 'This API reference: the web page, or the OpenAPI document when JSON is asked for' } },
    async (request, reply) => {
      // Tools asking for JSON (Accept: application/json, not text/html) get the document itself.
      const accept = request.headers.accept ?? '';
      if (/application\/(?:json|vnd\.oai\.openapi\+json)/.test(accept) && !accept.includes('text/html')) {
        return reply
          .header('cache-control', 'no-cache')
          .type('application/json; charset=utf-8')
          .send(JSON.stringify(instance.swagger()));
      }
      const html = renderDocsPage(instance.swagger() as unknown as Record<string, unknown>);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    },
  );
};
