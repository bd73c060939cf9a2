// Security headers and CORS. The storefront's SSR emits inline module scripts for hydration, so scripts are allowed
// by a per-request nonce: it is generated here and left on the Node request as `req.cspNonce` for the web handler
// (React Router's entry.server renders <Scripts nonce>, <ScrollRestoration nonce> with it). Styles keep
// 'unsafe-inline' because server-rendered style attributes cannot carry a nonce.
import { randomBase64url } from '../lib/random-bytes.ts';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import { HEADERS } from '@shop/contracts';
import type { AppConfig } from '../env.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** Nonce of this response's Content-Security-Policy script-src; set for every request. */
    cspNonce?: string;
    /** The visitor's address as Fastify resolved it (trusted proxies applied); the storefront forwards it to the API. */
    clientIp?: string;
  }
}

/** Where browsers send CSP violation reports (modules/platform, core §8); report-to names it in Reporting-Endpoints. */
export const CSP_REPORT_PATH = '/api/v2/csp-report';
const CSP_REPORT_GROUP = 'csp';

export function contentSecurityDirectives(config: AppConfig) {
  const https = config.publicUrl.startsWith('https:');
  const publicOrigin = new URL(config.publicUrl).origin;
  const connect = [...new Set(["'self'", publicOrigin, ...config.corsOrigins])];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", (req: { cspNonce?: string }) => `'nonce-${req.cspNonce ?? ''}'`],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'", 'https:'],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:', 'https:'],
    connectSrc: connect,
    mediaSrc: ["'self'", 'https:'],
    objectSrc: ["'none'"],
    frameSrc: ["'self'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    reportUri: [CSP_REPORT_PATH],
    reportTo: [CSP_REPORT_GROUP],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

const securityPlugin: FastifyPluginAsync<{ config: AppConfig; nonce?: () => string }> = async (
  app,
  { config, nonce },
) => {
  const makeNonce = nonce ?? (() => randomBase64url(16));
  app.addHook('onRequest', async (request) => {
    request.raw.cspNonce = makeNonce();
    request.raw.clientIp = request.ip;
  });
  const reportingEndpoints = `${CSP_REPORT_GROUP}="${new URL(CSP_REPORT_PATH, config.publicUrl).href}"`;
  // On the raw response, like helmet's headers: storefront pages are written past Fastify's reply.
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('reporting-endpoints', reportingEndpoints);
  });

  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'authorization', ...Object.values(HEADERS)],
    exposedHeaders: [HEADERS.requestId, 'retry-after'],
    maxAge: 600,
    // A bare OPTIONS without the preflight headers gets an empty 204 without CORS headers instead of a plain-text 400.
    strictPreflight: false,
  });
};

export default fp(securityPlugin, { name: 'security' });
