// The app signature against node:crypto's HMAC: the browser, the SSR client and the API agree on one value.
import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signatureMatches, signaturePayload, signRequest, unixSeconds } from './signature.ts';

describe('request signature', () => {
  it('is hex HMAC-SHA256 of timestamp, app key and customer token with the secret', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0 }), fc.string(), fc.option(fc.string()), (secret, ts, key, tok) => {
        const expected = createHmac('sha256', secret)
          .update(`${ts}${key}${tok ?? ''}`)
          .digest('hex');
        expect(signRequest({ secret, timestamp: ts, appKey: key, customerToken: tok })).toBe(expected);
      }),
      { numRuns: 100 },
    );
    expect(signaturePayload({ timestamp: 1, appKey: 'web', customerToken: null })).toBe('1web');
  });

  it('matches a presented signature in either case and nothing else', () => {
    const input = { secret: 's3cret', timestamp: 1_700_000_000, appKey: 'web', customerToken: 'tok' };
    const sig = signRequest(input);
    expect(signatureMatches(input, sig)).toBe(true);
    expect(signatureMatches(input, sig.toUpperCase())).toBe(true);
    expect(signatureMatches(input, sig.slice(0, -1))).toBe(false);
    expect(signatureMatches({ ...input, customerToken: 'other' }, sig)).toBe(false);
    expect(unixSeconds(new Date(1_700_000_000_999))).toBe(1_700_000_000);
  });
});
