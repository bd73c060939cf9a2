import { describe, expect, it } from 'vitest';
import { createCspReporter, type Violation } from './csp-violations.ts';

const violation = (over: Partial<Violation> = {}): Violation => ({
  effectiveDirective: 'script-src-elem',
  blockedURI: 'https://evil.example/x.js',
  sourceFile: 'https://shop.example/assets/root.js',
  documentURI: 'https://shop.example/cart',
  lineNumber: 3,
  sample: '',
  ...over,
});

describe('CSP violations are reported once per message, ignoring browser extensions (core §8)', () => {
  it('sends a message once however often it happens; another message is sent too', () => {
    const sent: unknown[] = [];
    const report = createCspReporter((body) => sent.push(body));
    expect(report(violation())).toBe(true);
    expect(report(violation({ documentURI: 'https://shop.example/', lineNumber: 9 }))).toBe(false);
    expect(report(violation())).toBe(false);
    expect(report(violation({ effectiveDirective: 'img-src' }))).toBe(true);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      'csp-report': {
        'document-uri': 'https://shop.example/cart',
        'blocked-uri': 'https://evil.example/x.js',
        'effective-directive': 'script-src-elem',
        'violated-directive': 'script-src-elem',
        'source-file': 'https://shop.example/assets/root.js',
        'line-number': 3,
        'script-sample': '',
      },
    });
  });

  it('ignores what browser extensions cause', () => {
    const sent: unknown[] = [];
    const report = createCspReporter((body) => sent.push(body));
    expect(report(violation({ blockedURI: 'chrome-extension://abc/inject.js' }))).toBe(false);
    expect(report(violation({ sourceFile: 'moz-extension://1/content.js', blockedURI: 'eval' }))).toBe(false);
    expect(report(violation({ sourceFile: 'safari-web-extension://x/y.js', blockedURI: 'inline' }))).toBe(false);
    expect(sent).toHaveLength(0);
  });
});
