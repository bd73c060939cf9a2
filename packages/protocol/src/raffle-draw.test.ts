// The shared raffle derivation against node:crypto: the same bytes as the documented procedure, and the checks a
// published draw goes through. The API's and the storefront's own tests check it too, from their side.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf, deriveWinners, newSeed, pickIndex, soldListHash, verifyRaffleDraw } from './raffle-draw.ts';

const seed = createHash('sha256').update('protocol seed').digest('hex');

function nodePick(seedHex: string, prefix: string, n: number): number {
  const limit = ((1n << 64n) / BigInt(n)) * BigInt(n);
  for (let attempt = 0; ; attempt++) {
    const v = createHmac('sha256', Buffer.from(seedHex, 'hex'))
      .update(`${prefix}:${attempt}`)
      .digest()
      .readBigUInt64BE(0);
    if (v < limit) return Number(v % BigInt(n));
  }
}

describe('raffle draw (shared)', () => {
  it('hashes and picks exactly as node:crypto does', () => {
    expect(commitmentOf(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    expect(soldListHash([10, 2, 1])).toBe(createHash('sha256').update('1\n2\n10').digest('hex'));
    for (const n of [1, 2, 3, 7, 1000, 2 ** 40 + 3])
      expect(pickIndex(seed, 'raf_p:1', n)).toBe(nodePick(seed, 'raf_p:1', n));
  });

  it('draws main prizes without replacement and sub-draws from their own pool', () => {
    const winners = deriveWinners(
      seed,
      'raf_s',
      [1, 2, 3, 4, 5],
      [
        { rank: 1, kind: 'first', eligibleUpTo: null },
        { rank: 2, kind: 'secondary', eligibleUpTo: null },
        { rank: 3, kind: 'early_bird', eligibleUpTo: 2 },
      ],
    );
    expect(winners.map((w) => w.series)).toEqual(['main', 'main', 'sub']);
    expect(winners[0]!.ticketNumber).not.toBe(winners[1]!.ticketNumber);
    expect(winners[2]!.ticketNumber).toBeLessThanOrEqual(2);
  });

  it('verifies a faithful draw and catches a wrong seed, list or winner', () => {
    const tickets = [4, 8, 15, 16, 23, 42];
    const prizes = [{ rank: 1, kind: 'first', eligibleUpTo: null }];
    const published = deriveWinners(seed, 'raf_v', tickets, prizes);
    const base = { seed, commitment: commitmentOf(seed), drawId: 'raf_v', ticketNumbers: tickets, prizes, published };
    expect(verifyRaffleDraw({ ...base, soldListHash: soldListHash(tickets) }).ok).toBe(true);
    expect(verifyRaffleDraw({ ...base, seed: newSeed() }).commitmentOk).toBe(false);
    expect(verifyRaffleDraw({ ...base, soldListHash: soldListHash([4]) }).soldListOk).toBe(false);
    const other = tickets.find((t) => t !== published[0]!.ticketNumber)!;
    expect(verifyRaffleDraw({ ...base, published: [{ rank: 1, ticketNumber: other }] }).matchesPublished).toBe(false);
  });
});
