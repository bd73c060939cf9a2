// Main API (/api/v2) routes of the platform domain: web configuration and capabilities (spec core §7).
import {
  CapabilitiesResult,
  CSP_REPORT_CONTENT_TYPES,
  CspReportBody,
  successEnvelope,
  WebConfig,
} from '@shop/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import type { CspReportService } from './platform.csp-reports.ts';
import type { PlatformService } from './platform.service.ts';

export interface PlatformRoutesOptions {
  platform: PlatformService;
  cspReports: CspReportService;
}

/** A CSP report is a few hundred bytes; report-to batches up to 20. */
export const CSP_REPORT_BODY_LIMIT = 32 * 1024;

/** Spec core §9: server-side cache 60 s by default. */
const DEFAULT_MAX_AGE = 60;

function cacheFor(reply: FastifyReply, seconds: number, scope: 'public' | 'private') {
  reply.header('cache-control', `${scope}, max-age=${seconds}`);
}

export const platformRoutes: FastifyPluginAsync<PlatformRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { platform, cspReports } = opts;

  // Browsers send CSP reports as JSON under their own content types.
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.addContentTypeParser(
    [...CSP_REPORT_CONTENT_TYPES],
    { parseAs: 'string', bodyLimit: CSP_REPORT_BODY_LIMIT },
    parseJson,
  );

  routes.post(
    '/csp-report',
    {
      // The browser sends it on its own, unsigned and without cookies (core §8).
      config: { signature: false },
      bodyLimit: CSP_REPORT_BODY_LIMIT,
      schema: {
        tags: ['platform'],
        summary: 'Content-Security-Policy violation reports (report-uri and report-to), kept once per message',
        body: CspReportBody,
      },
    },
    async (request, reply) => {
      await cspReports.record(request.body);
      return reply.code(204).send();
    },
  );

  routes.get(
    '/config',
    {
      schema: {
        tags: ['platform'],
        summary: 'Web configuration of the site (spec core §3)',
        response: { 200: successEnvelope(WebConfig) },
      },
    },
    async (_request, reply) => {
      const webConfig = await platform.getWebConfig();
      cacheFor(reply, DEFAULT_MAX_AGE, 'public');
      return ok(webConfig);
    },
  );

  routes.get(
    '/capabilities',
    {
      schema: {
        tags: ['platform'],
        summary: "Every segment's capabilities, and those of the segment that applies to this request",
        response: { 200: successEnvelope(CapabilitiesResult) },
      },
    },
    async (request, reply) => {
      const result = await platform.capabilitiesFor(request.ctx?.segmentName);
      // The answer depends on the customer's segment: shared caches must not keep it.
      cacheFor(reply, DEFAULT_MAX_AGE, 'private');
      return ok(result);
    },
  );
};
