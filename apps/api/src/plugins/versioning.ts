// API versions (spec core §7): the `version` header picks 3.0–3.9, 3.0 when absent. A route may narrow the versions it
// serves with `config: { apiVersions: [...] }`; asking it for another known version is a client error too.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { API_VERSIONS, DEFAULT_API_VERSION, HEADERS, type ApiVersion } from '@shop/contracts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiVersion: ApiVersion;
  }
  interface FastifyContextConfig {
    /** Versions this route serves; every known version when absent. */
    apiVersions?: readonly ApiVersion[];
  }
}

const KNOWN = new Set<string>(API_VERSIONS);

export function parseApiVersion(raw: unknown): ApiVersion | 'malformed' | 'unknown' {
  if (raw === undefined) return DEFAULT_API_VERSION;
  if (typeof raw !== 'string') return 'malformed';
  const v = raw.trim();
  if (v === '') return DEFAULT_API_VERSION;
  if (!/^\d{1,3}\.\d{1,3}$/.test(v)) return 'malformed';
  return KNOWN.has(v) ? (v as ApiVersion) : 'unknown';
}

const versioningPlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('apiVersion', DEFAULT_API_VERSION);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith('/api/')) return;
    const parsed = parseApiVersion(request.headers[HEADERS.version]);
    if (parsed === 'malformed') {
      throw new AppError(
        400,
        `The version header must look like 3.0; supported versions are ${API_VERSIONS[0]} to ${API_VERSIONS.at(-1)}.`,
        {
          code: 'invalid_version',
        },
      );
    }
    if (parsed === 'unknown') {
      throw new AppError(
        400,
        `API version ${String(request.headers[HEADERS.version]).trim()} is not supported; use ${API_VERSIONS[0]} to ${API_VERSIONS.at(-1)}.`,
        {
          code: 'unsupported_version',
        },
      );
    }
    const served = request.routeOptions.config.apiVersions;
    if (served && !served.includes(parsed)) {
      throw new AppError(400, `This call is not available in version ${parsed}; it serves ${served.join(', ')}.`, {
        code: 'version_not_served',
      });
    }
    request.apiVersion = parsed;
  });
};

export default fp(versioningPlugin, { name: 'versioning' });
