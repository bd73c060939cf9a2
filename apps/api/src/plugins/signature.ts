// App signature (spec core §7, DESIGN.md §4): x-app-key + x-timestamp + x-signature identify the calling app on every
// service route. Discovery, health, readiness, metrics and docs stay open so operators and probes need no key.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { HEADERS } from '@shop/contracts';
import type { AppConfig } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { signatureMatches, unixSeconds } from '../lib/signature.ts';
import { CUSTOMER_TOKEN_COOKIE } from './request-context.ts';

/** Prefixes of the spec's services; a route under one of them needs a signature. */
export const SERVICE_PREFIXES = [
  '/api/v2',
  '/api/cms',
  '/api/social/v3',
  '/api/rewards',
  '/api/customer-verify',
  '/api/placement',
  '/api/translation',
  '/api/analytics',
] as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: this service route is open (e.g. a payment provider's callback). 'always': signed even when
     * SIGNATURE_REQUIRED is off, for a GET that changes state (a cross-site link cannot sign; ADR 028).
     */
    signature?: boolean | 'always';
  }
}

export function requiresSignature(
  routeUrl: string | undefined,
  routeConfig: { signature?: boolean | 'always' },
): boolean {
  if (routeUrl === undefined || routeConfig.signature === false) return false;
  return SERVICE_PREFIXES.some((p) => routeUrl === p || routeUrl.startsWith(`${p}/`));
}

const invalid = (message: string) => new AppError(401, message, { code: 'invalid_signature' });

function header(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v === undefined || v === '' ? undefined : v;
}

const signaturePlugin: FastifyPluginAsync<{ config: AppConfig; clock: Clock }> = async (app, { config, clock }) => {
  app.addHook('onRequest', async (request) => {
    const always = request.routeOptions.config.signature === 'always';
    if (!config.signatureRequired && !always) return;
    if (!requiresSignature(request.routeOptions.url, request.routeOptions.config)) return;

    const appKey = header(request.headers[HEADERS.appKey]);
    const timestampRaw = header(request.headers[HEADERS.timestamp]);
    const signature = header(request.headers[HEADERS.signature]);
    if (!appKey || !timestampRaw || !signature) {
      throw invalid('This request must be signed: send x-app-key, x-timestamp and x-signature.');
    }
    const secret = Object.hasOwn(config.appKeys, appKey) ? config.appKeys[appKey] : undefined;
    if (secret === undefined) throw invalid('The app key is not recognised.');
    if (!/^\d{1,12}$/.test(timestampRaw)) throw invalid('x-timestamp must be unix time in seconds.');

    // The token is signed exactly as sent, so a token the context drops as malformed still fails here, not later.
    const customerToken = header(request.headers[HEADERS.customerToken]) ?? request.cookies?.[CUSTOMER_TOKEN_COOKIE];
    if (!signatureMatches({ timestamp: timestampRaw, appKey, customerToken, secret }, signature)) {
      throw invalid('The request signature does not match.');
    }
    const skew = Math.abs(unixSeconds(clock.now()) - Number(timestampRaw));
    if (skew > config.signatureWindowSeconds) {
      throw new AppError(401, 'The request timestamp is outside the allowed window; check the device clock.', {
        code: 'stale_request',
      });
    }
    request.ctx.appKey = appKey;
  });
};

export default fp(signaturePlugin, { name: 'signature', dependencies: ['request-context'] });
