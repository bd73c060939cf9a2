// The site's web configuration (GET /config) and the visitor's capabilities for a route loader (a resource route
// has no root loader to gate it), through the one API client's server cache (60 s).
import { CapabilitiesResult, WebConfig, type Capability } from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import { serverApi } from './api-client.server.ts';
import { contractMismatch } from './api-errors.ts';
import { SERVER_CACHE_TTL } from './cache-policy.ts';
import { madeOnce } from './made-once.ts';
import { toRouteError } from './route-errors.ts';
import { apiSessionFrom } from './session.server.ts';

const parseConfig = (raw: unknown) => WebConfig.safeParse(raw);
const parseCapabilities = (raw: unknown) => CapabilitiesResult.safeParse(raw);

export async function loadWebConfig(context: AppLoadContext, request: Request): Promise<WebConfig> {
  try {
    const res = await serverApi(context, apiSessionFrom(request)).get('main', '/config', {
      cache: { ttlMs: SERVER_CACHE_TTL.default },
    });
    const config = madeOnce(res.result, parseConfig);
    if (!config.success) throw contractMismatch('GET /config');
    return config.data;
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function loadCapabilities(context: AppLoadContext, request: Request): Promise<Capability[]> {
  try {
    const res = await serverApi(context, apiSessionFrom(request)).get('main', '/capabilities', {
      cache: { ttlMs: SERVER_CACHE_TTL.default },
    });
    const caps = madeOnce(res.result, parseCapabilities);
    if (!caps.success) throw contractMismatch('GET /capabilities');
    return caps.data.capabilities;
  } catch (error) {
    throw toRouteError(error);
  }
}
