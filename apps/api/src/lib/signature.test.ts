import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signRequest, signatureMatches, signaturePayload, unixSeconds } from './signature.ts';

describe('request signature', () => {
  it('is the hex HMAC-SHA256 of timestamp + app key + customer token with the secret', () => {
    const expected = createHmac('sha256', 's3cret').update('1700000000webtok_1').digest('hex');
    expect(signRequest({ timestamp: 1700000000, appKey: 'web', customerToken: 'tok_1', secret: 's3cret' })).toBe(
      expected,
    );
    expect(signaturePayload({ timestamp: '1700000000', appKey: 'web' })).toBe('1700000000web');
  });

  it('matches only the same inputs and secret, case-insensitively for the hex', () => {
    const input = { timestamp: 1700000000, appKey: 'web', secret: 's3cret' };
    const sig = signRequest(input);
    expect(signatureMatches(input, sig)).toBe(true);
    expect(signatureMatches(input, sig.toUpperCase())).toBe(true);
    expect(signatureMatches({ ...input, secret: 'other' }, sig)).toBe(false);
    expect(signatureMatches({ ...input, customerToken: 'x' }, sig)).toBe(false);
    expect(signatureMatches(input, sig.slice(1))).toBe(false);
    expect(signatureMatches(input, '')).toBe(false);
  });

  it('counts time in whole unix seconds', () => {
    expect(unixSeconds(new Date('2025-01-01T00:00:00.999Z'))).toBe(1735689600);
  });
});
