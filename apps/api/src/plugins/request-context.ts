// Request context (spec core §5, §7): request id, session id, sub-variant, pricing and customer read once per request.
// Identifiers that break the identifier rule are treated as absent, never as an error.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { HEADERS } from '@shop/contracts';
import { readIdentifier } from '../lib/identifier.ts';

export const CUSTOMER_TOKEN_COOKIE = 'customer_token';
export const CUSTOMER_ID_COOKIE = 'customer_id';
export const SUB_VARIANT_COOKIE = 'sv';
/** Core §9 pricing cookie: the storefront keeps the `p` address code (the price list a visit asked for) in it. */
export const PRICING_COOKIE = 'pricing_id';

export interface RequestContext {
  requestId: string;
  sessionId: string | undefined;
  subVariant: string | undefined;
  /** The price list the request asks for (the pricing header, else the pricing cookie); chosen only if offered by code. */
  pricingId: string | undefined;
  customerId: string | undefined;
  customerToken: string | undefined;
  /** The customer's segment; filled by the accounts module, undefined for anonymous visitors. */
  segmentName: string | undefined;
  /** The app that signed the request, when it was signed. */
  appKey: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Fastify's genReqId: the caller's x-request-id when it passes the identifier rule, else a fresh one. */
export function requestIdFor(req: IncomingMessage): string {
  return readIdentifier(req.headers[HEADERS.requestId]) ?? randomUUID();
}

const requestContextPlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    const h = request.headers;
    const cookies = request.cookies ?? {};
    request.ctx = {
      requestId: request.id,
      sessionId: readIdentifier(h[HEADERS.sessionId]),
      subVariant: readIdentifier(h[HEADERS.subVariant]) ?? readIdentifier(cookies[SUB_VARIANT_COOKIE]),
      pricingId: readIdentifier(h[HEADERS.pricingId]) ?? readIdentifier(cookies[PRICING_COOKIE]),
      customerId: readIdentifier(h[HEADERS.customerId]) ?? readIdentifier(cookies[CUSTOMER_ID_COOKIE]),
      customerToken: readIdentifier(h[HEADERS.customerToken]) ?? readIdentifier(cookies[CUSTOMER_TOKEN_COOKIE]),
      segmentName: undefined,
      appKey: undefined,
    };
    // Set on the raw response so storefront responses, which bypass Fastify's reply, carry it too.
    reply.raw.setHeader(HEADERS.requestId, request.id);
  });
};

export default fp(requestContextPlugin, { name: 'request-context', dependencies: ['@fastify/cookie'] });
