// The winner derivation as docs/raffle-verification.md states it, checked against an independent few-line rewrite.
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf, deriveWinners, pickIndex, soldListHash, verifyRaffleDraw } from './raffles.draw.ts';

const seed = createHash('sha256').update('test seed').digest('hex');

/** The documented procedure, written from the docs only. */
function referenceFirstPrize(seedHex: string, drawId: string, tickets: number[]): number {
  const sorted = [...tickets].sort((a, b) => a - b);
  const n = BigInt(sorted.length);
  for (let attempt = 0; ; attempt++) {
    const v = createHmac('sha256', Buffer.from(seedHex, 'hex'))
      .update(`${drawId}:1:${attempt}`)
      .digest()
      .readBigUInt64BE(0);
    if (v < ((1n << 64n) / n) * n) return sorted[Number(v % n)]!;
  }
}

describe('raffle draw derivation', () => {
  it('commitment and sold-list hash are plain SHA-256 of the seed bytes and of the sorted numbers joined by newlines', () => {
    expect(commitmentOf(seed)).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    expect(soldListHash([3, 1, 2])).toBe(createHash('sha256').update('1\n2\n3').digest('hex'));
  });

  it('the first prize is the first ticket drawn, as the documented procedure computes it', () => {
    const tickets = [7, 3, 11, 42, 5, 19, 23];
    const winners = deriveWinners(seed, 'raf_test', tickets, [
      { rank: 1, kind: 'first', eligibleUpTo: null },
      { rank: 2, kind: 'secondary', eligibleUpTo: null },
    ]);
    expect(winners[0]).toEqual({
      rank: 1,
      ticketNumber: referenceFirstPrize(seed, 'raf_test', tickets),
      series: 'main',
    });
    expect(winners[1]!.ticketNumber).not.toBe(winners[0]!.ticketNumber);
    // The order of the given list does not matter; the draw id does.
    expect(
      deriveWinners(seed, 'raf_test', [...tickets].reverse(), [{ rank: 1, kind: 'first', eligibleUpTo: null }])[0],
    ).toEqual(winners[0]);
  });

  it('no ticket wins two main prizes; a sub-draw only takes tickets up to its cutoff; prizes beyond the tickets go unwon', () => {
    const winners = deriveWinners(
      seed,
      'raf_x',
      [1, 2, 3],
      [
        { rank: 1, kind: 'first', eligibleUpTo: null },
        { rank: 2, kind: 'secondary', eligibleUpTo: null },
        { rank: 3, kind: 'secondary', eligibleUpTo: null },
        { rank: 4, kind: 'secondary', eligibleUpTo: null },
        { rank: 5, kind: 'early_bird', eligibleUpTo: 1 },
      ],
    );
    expect(
      winners
        .filter((w) => w.series === 'main')
        .map((w) => w.ticketNumber)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(winners.find((w) => w.rank === 4)).toBeUndefined();
    expect(winners.find((w) => w.rank === 5)).toEqual({ rank: 5, ticketNumber: 1, series: 'sub' });
  });

  it('every ticket has an equal chance (2,400 seeds over 3 tickets)', () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 2_400; i++)
      counts[pickIndex(createHash('sha256').update(`s${i}`).digest('hex'), 'raf_u:1', 3)]!++;
    for (const c of counts) expect(Math.abs(c - 800)).toBeLessThan(120);
  });

  it('verification fails on a wrong seed or a changed list', () => {
    const prizes = [{ rank: 1, kind: 'first' as const, eligibleUpTo: null }];
    const tickets = [1, 2, 3, 4, 5];
    const published = deriveWinners(seed, 'raf_v', tickets, prizes);
    const base = {
      seed,
      commitment: commitmentOf(seed),
      drawId: 'raf_v',
      ticketNumbers: tickets,
      prizes,
      soldListHash: soldListHash(tickets),
      published,
    };
    expect(verifyRaffleDraw(base).ok).toBe(true);
    expect(verifyRaffleDraw({ ...base, seed: 'ff'.repeat(32) })).toMatchObject({ commitmentOk: false, ok: false });
    expect(verifyRaffleDraw({ ...base, ticketNumbers: [1, 2, 3, 4] })).toMatchObject({ soldListOk: false, ok: false });
  });
});
