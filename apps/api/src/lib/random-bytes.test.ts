import { describe, expect, it } from 'vitest';
import { randomBase64url, randomHex } from './random-bytes.ts';

describe('pooled random bytes', () => {
  it('hands out the asked length, never the same bytes twice, across refills of the pool', () => {
    const seen = new Set<string>();
    // 2,000 ids of 12 bytes: several refills of the 4 KiB pool.
    for (let i = 0; i < 2000; i++) {
      const id = randomHex(12);
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      expect(seen.has(id)).toBe(false);
      seen.add(id);
    }
    expect(randomBase64url(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('spreads its bytes evenly (no byte value more than twice as common as another)', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 4000; i++) for (const b of Buffer.from(randomHex(16), 'hex')) counts[b]!++;
    expect(Math.max(...counts) / Math.min(...counts)).toBeLessThan(2);
  });

  it('refuses lengths it cannot give', () => {
    expect(() => randomHex(0)).toThrow(RangeError);
    expect(() => randomHex(257)).toThrow(RangeError);
  });
});
