// Core §8: "Security-policy violations are reported once per message, ignoring browser extensions." The page listens
// for securitypolicyviolation events and sends each distinct message once per page life to the API's report endpoint
// (POST /api/v2/csp-report, the same one the CSP header's report-uri and report-to name), in the report-uri shape.

export const CSP_REPORT_URL = '/api/v2/csp-report';

/** The fields of a SecurityPolicyViolationEvent the report needs. */
export interface Violation {
  effectiveDirective: string;
  blockedURI: string;
  sourceFile: string;
  documentURI: string;
  lineNumber: number;
  sample: string;
}

const EXTENSION = /^(chrome|moz|safari|safari-web|ms-browser)-extension:/i;

export function fromBrowserExtension(v: Pick<Violation, 'blockedURI' | 'sourceFile'>): boolean {
  return EXTENSION.test(v.blockedURI) || EXTENSION.test(v.sourceFile);
}

/** What one message is: the directive and what it blocked, from where. */
export function messageOf(v: Violation): string {
  return `${v.effectiveDirective} ${v.blockedURI} ${v.sourceFile}`;
}

export function reportBodyOf(v: Violation) {
  return {
    'csp-report': {
      'document-uri': v.documentURI,
      'blocked-uri': v.blockedURI,
      'effective-directive': v.effectiveDirective,
      'violated-directive': v.effectiveDirective,
      'source-file': v.sourceFile,
      'line-number': v.lineNumber,
      'script-sample': v.sample,
    },
  };
}

/** A reporter that sends each message once; returns whether this violation was sent. */
export function createCspReporter(send: (body: ReturnType<typeof reportBodyOf>) => void) {
  const sent = new Set<string>();
  return (v: Violation): boolean => {
    if (fromBrowserExtension(v)) return false;
    const message = messageOf(v);
    if (sent.has(message)) return false;
    sent.add(message);
    send(reportBodyOf(v));
    return true;
  };
}

/** In the browser: the reporter that beacons each violation's message once. */
export function beaconCspReporter(): (e: SecurityPolicyViolationEvent) => boolean {
  const report = createCspReporter((body) => {
    const blob = new Blob([JSON.stringify(body)], { type: 'application/csp-report' });
    if (!navigator.sendBeacon?.(CSP_REPORT_URL, blob))
      void fetch(CSP_REPORT_URL, { method: 'POST', body: blob, keepalive: true }).catch(() => undefined);
  });
  return (e) =>
    report({
      effectiveDirective: e.effectiveDirective,
      blockedURI: e.blockedURI,
      sourceFile: e.sourceFile,
      documentURI: e.documentURI,
      lineNumber: e.lineNumber,
      sample: e.sample,
    });
}
