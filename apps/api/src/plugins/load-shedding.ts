// Load shedding (features §2 Error pages "server busy", core §8): when the event loop lags behind (the process has
// more work than it can do), new requests get 503 at once instead of queueing until every one of them times out.
// @fastify/under-pressure samples the delay. Pages get a static server-busy page (rendering one is the work being
// shed); API calls get the error envelope with code server_busy, which the storefront shows as the same page.
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { ERROR_PAGE_TEXTS, SERVER_BUSY_CODE } from '@shop/contracts';
import type { AppConfig } from '../env.ts';
import { errorEnvelope } from './errors.ts';

/** Seconds a shed visitor is told to wait. */
export const SHED_RETRY_AFTER_S = 10;
/** Probes keep answering under load: a busy process is alive, and the balancer reads its metrics. */
const NEVER_SHED = new Set(['/api/healthz', '/api/readyz', '/api/metrics']);

const escapeHtml = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export function serverBusyHtml(siteName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(ERROR_PAGE_TEXTS.problemTitle(siteName))}</title></head><body><main id="main" data-error-code="500"><h1>${escapeHtml(ERROR_PAGE_TEXTS.itsNotYou)}</h1><p>${escapeHtml(ERROR_PAGE_TEXTS.serverBusy)}</p></main></body></html>`;
}

function shed(siteName: () => string) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (NEVER_SHED.has(path)) return undefined;
    request.log.warn({ path }, 'shed under load');
    void reply.code(503).header('retry-after', String(SHED_RETRY_AFTER_S)).header('cache-control', 'no-store');
    if (path.startsWith('/api/'))
      return errorEnvelope({ status: 503, message: ERROR_PAGE_TEXTS.serverBusy, code: SERVER_BUSY_CODE });
    void reply.type('text/html; charset=utf-8');
    return serverBusyHtml(siteName());
  };
}

const loadShedding: FastifyPluginAsync<{ config: AppConfig; siteName?: () => string }> = async (app, o) => {
  const { maxEventLoopDelayMs, sampleIntervalMs } = o.config.overload;
  if (maxEventLoopDelayMs === 0) return;
  const siteName = o.siteName ?? (() => 'Online lottery shop');
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: sampleIntervalMs,
    retryAfter: SHED_RETRY_AFTER_S,
    // What the handler returns is sent (the README's documented behaviour); the typings only say void.
    pressureHandler: shed(siteName) as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
  });
};

export default fp(loadShedding, { name: 'load-shedding' });
