// OpenAPI 3.1 generated from the routes' zod schemas. Property names are rewritten to snake_case because that is
// what goes over the wire (the casing plugin converts); the storefront's own routes and static files are hidden.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { AppConfig } from '../env.ts';
import { camelToSnake } from '../lib/casing.ts';
import { requiresSignature } from './signature.ts';

/** Tag (group in the docs) of a route, by the service its path belongs to. */
export function serviceTag(url: string): string {
  const services: Array<[string, string]> = [
    ['/api/v2', 'main'],
    ['/api/cms', 'cms'],
    ['/api/social/v3', 'social'],
    ['/api/rewards', 'rewards'],
    ['/api/customer-verify', 'customer_verify'],
    ['/api/placement', 'placement'],
    ['/api/translation', 'translation'],
    ['/api/analytics', 'analytics'],
  ];
  for (const [prefix, tag] of services) if (url === prefix || url.startsWith(`${prefix}/`)) return tag;
  return 'system';
}

/** Rewrite every `properties` map and `required` list of a JSON Schema to wire (snake_case) names. */
export function snakeCaseJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(snakeCaseJsonSchema);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      const props: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(value)) props[camelToSnake(name)] = snakeCaseJsonSchema(sub);
      out[key] = props;
    } else if (key === 'required' && Array.isArray(value)) {
      out[key] = value.map((n) => (typeof n === 'string' ? camelToSnake(n) : n));
    } else if (key === 'default' || key === 'examples' || key === 'const' || key === 'enum') {
      out[key] = value;
    } else {
      out[key] = snakeCaseJsonSchema(value);
    }
  }
  return out;
}

const openapiPlugin: FastifyPluginAsync<{ config: AppConfig; version: string }> = async (app, { config, version }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lottery shop API',
        version,
        description:
          'Every service of the shop. Keys are snake_case on the wire. Service routes need x-app-key, x-timestamp and ' +
          'x-signature (hex HMAC-SHA256 of timestamp + app key + customer token with the app secret); the version ' +
          'header selects 3.0 to 3.9 (default 3.0).',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          appKey: { type: 'apiKey', in: 'header', name: 'x-app-key', description: 'The calling app' },
          timestamp: {
            type: 'apiKey',
            in: 'header',
            name: 'x-timestamp',
            description: 'Unix time in seconds; 5-minute window',
          },
          signature: {
            type: 'apiKey',
            in: 'header',
            name: 'x-signature',
            description: 'hex HMAC-SHA256(secret, timestamp + app key + customer token)',
          },
        },
      },
      tags: [
        { name: 'system', description: 'Discovery, health, readiness, metrics and these docs' },
        { name: 'main', description: 'Main API (/api/v2)' },
        { name: 'platform', description: 'Web configuration and capabilities (/api/v2)' },
        { name: 'cms', description: 'Content (/api/cms)' },
        { name: 'content', description: 'CMS items (/api/cms)' },
      ],
    },
    transform: (input) => {
      const route = input.route;
      if (!input.url.startsWith('/api/')) return { schema: { hide: true } as FastifySchema, url: input.url };
      const { schema, url } = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
      const transformed = (snakeCaseJsonSchema(schema ?? {}) ?? {}) as Record<string, unknown>;
      if (!transformed.tags) transformed.tags = [serviceTag(url)];
      const versions = route?.config?.apiVersions;
      if (versions) transformed['x-api-versions'] = [...versions];
      if (requiresSignature(url, route?.config ?? {}))
        transformed.security = [{ appKey: [], timestamp: [], signature: [] }];
      return { schema: transformed as FastifySchema, url };
    },
    transformObject: (documentObject) =>
      snakeCaseJsonSchema(jsonSchemaTransformObject(documentObject)) as ReturnType<typeof jsonSchemaTransformObject>,
  });
};

export default fp(openapiPlugin, { name: 'openapi' });
