// Content-Security-Policy violation reports (core §8): reported once per message, browser extensions ignored. The
// storefront's CSP names POST /api/v2/csp-report (report-uri and report-to); each message is one row with a count.
import { createHash } from 'node:crypto';
import type { CspReportBody } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPlatformRepository, type CspReportRow, type NewCspReport } from './platform.repository.ts';

/** Violations caused by the visitor's browser extensions, not by the shop: not worth a row. */
const EXTENSION_SCHEMES = /^(chrome|moz|safari|safari-web|ms-browser)-extension:/i;

export interface CspViolation {
  directive: string;
  blockedUri: string;
  sourceFile: string;
  documentUri: string;
  lineNumber: number | null;
  sample: string;
}

/** Both shapes browsers send (report-uri's single report, report-to's list) as violations; other report types dropped. */
export function violationsOf(body: CspReportBody): CspViolation[] {
  if (Array.isArray(body)) {
    return body
      .filter((r) => r.type === 'csp-violation')
      .map(({ body: b }) => ({
        directive: b.effectiveDirective ?? '',
        blockedUri: b.blockedURL ?? '',
        sourceFile: b.sourceFile ?? '',
        documentUri: b.documentURL ?? '',
        lineNumber: b.lineNumber ?? null,
        sample: b.sample ?? '',
      }));
  }
  const r = body['csp-report'];
  return [
    {
      directive: r['effective-directive'] ?? r['violated-directive'] ?? '',
      blockedUri: r['blocked-uri'] ?? '',
      sourceFile: r['source-file'] ?? '',
      documentUri: r['document-uri'] ?? '',
      lineNumber: r['line-number'] ?? null,
      sample: r['script-sample'] ?? '',
    },
  ];
}

export function fromExtension(v: CspViolation): boolean {
  return EXTENSION_SCHEMES.test(v.blockedUri) || EXTENSION_SCHEMES.test(v.sourceFile);
}

/** The path of an address without its query (tokens, emails), or the text as given when it is not an address. */
function pathOnly(uri: string): string {
  try {
    const url = new URL(uri);
    return url.protocol.startsWith('http') ? `${url.origin}${url.pathname}` : url.protocol.replace(/:$/, '');
  } catch {
    return uri;
  }
}

/** The message a violation is counted under: the directive, what it blocked and where from. */
export function messageKeyOf(v: Pick<CspViolation, 'directive' | 'blockedUri' | 'sourceFile'>): string {
  return createHash('sha256')
    .update(`${v.directive}\n${pathOnly(v.blockedUri)}\n${pathOnly(v.sourceFile)}`)
    .digest('hex');
}

export function createCspReportService(deps: { db: Db; clock: Clock }) {
  const repo = createPlatformRepository(deps.db);
  return {
    /** Records each violation of the report; returns how many were new messages (0 for repeats and extensions). */
    async record(body: CspReportBody): Promise<{ recorded: number; newMessages: number }> {
      let recorded = 0;
      let newMessages = 0;
      for (const v of violationsOf(body)) {
        if (fromExtension(v) || !v.directive) continue;
        const row: NewCspReport = {
          messageKey: messageKeyOf(v),
          directive: v.directive,
          blockedUri: pathOnly(v.blockedUri),
          sourceFile: pathOnly(v.sourceFile),
          documentPath: pathOnly(v.documentUri),
          lineNumber: v.lineNumber,
          sample: v.sample.slice(0, 256),
        };
        const count = await repo.recordCspReport(row, deps.clock.now());
        recorded += 1;
        if (count === 1) newMessages += 1;
      }
      return { recorded, newMessages };
    },

    list(limit = 50): Promise<CspReportRow[]> {
      return repo.listCspReports(limit);
    },
  };
}
export type CspReportService = ReturnType<typeof createCspReportService>;
