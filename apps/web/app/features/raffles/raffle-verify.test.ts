// The browser's draw check against an independent node:crypto rendering of the published procedure: the same
// winners for the same seed and list, and a visible failure when the seed, the list or a published winner is wrong.
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recomputeWinners, soldListHash, verifyRaffleDraw, type VerifyPrize } from './raffle-verify.ts';

const TWO_64 = 1n << 64n;

function nodePick(seedHex: string, prefix: string, n: number): number {
  const limit = (TWO_64 / BigInt(n)) * BigInt(n);
  for (let attempt = 0; ; attempt++) {
    const v = createHmac('sha256', Buffer.from(seedHex, 'hex'))
      .update(`${prefix}:${attempt}`)
      .digest()
      .readBigUInt64BE(0);
    if (v < limit) return Number(v % BigInt(n));
  }
}

function nodeWinners(
  seedHex: string,
  drawId: string,
  tickets: number[],
  prizes: VerifyPrize[],
): { rank: number; ticketNumber: number }[] {
  const sorted = [...new Set(tickets)].sort((a, b) => a - b);
  const sub = (k: string) => k === 'early_bird' || k === 'bonus';
  const out: { rank: number; ticketNumber: number }[] = [];
  const left = [...sorted];
  const ordered = [...prizes].sort((a, b) => a.rank - b.rank);
  ordered
    .filter((p) => !sub(p.kind))
    .forEach((p, i) => {
      if (left.length === 0) return;
      const idx = nodePick(seedHex, `${drawId}:${i + 1}`, left.length);
      out.push({ rank: p.rank, ticketNumber: left.splice(idx, 1)[0]! });
    });
  const subWon = new Set<number>();
  ordered
    .filter((p) => sub(p.kind))
    .forEach((p, i) => {
      const pool = sorted.filter((t) => (p.eligibleUpTo === null || t <= p.eligibleUpTo) && !subWon.has(t));
      if (pool.length === 0) return;
      const t = pool[nodePick(seedHex, `${drawId}:early-bird:${i + 1}`, pool.length)]!;
      subWon.add(t);
      out.push({ rank: p.rank, ticketNumber: t });
    });
  return out.sort((a, b) => a.rank - b.rank);
}

const SEED = '3f'.repeat(16) + 'a1'.repeat(16);
const COMMITMENT = createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex');
const PRIZES: VerifyPrize[] = [
  { rank: 1, kind: 'first', name: 'Gold Coast prize home', eligibleUpTo: null },
  { rank: 2, kind: 'secondary', name: '$10,000 gold bullion', eligibleUpTo: null },
  { rank: 3, kind: 'early_bird', name: 'Early-bird $50,000', eligibleUpTo: 40 },
];
const TICKETS = Array.from({ length: 120 }, (_, i) => i + 1);

async function published() {
  const winners = nodeWinners(SEED, 'raf_demo1', TICKETS, PRIZES);
  return { winners, hash: createHash('sha256').update(TICKETS.join('\n')).digest('hex') };
}

describe('raffle draw check in the browser', () => {
  it('derives the same winners as the published procedure for any seed and sold list', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 5000 }),
        async (seed, tickets, cutoff) => {
          const seedHex = Buffer.from(seed).toString('hex');
          const prizes: VerifyPrize[] = [...PRIZES.slice(0, 2), { ...PRIZES[2]!, eligibleUpTo: cutoff }];
          const expected = nodeWinners(seedHex, 'raf_x', tickets, prizes);
          expect(await recomputeWinners({ drawId: 'raf_x', seedHex, ticketNumbers: tickets, prizes })).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('hashes the sold list as the API records it (ascending, newline-separated, no trailing newline)', async () => {
    expect(await soldListHash([3, 1, 2])).toBe(createHash('sha256').update('1\n2\n3').digest('hex'));
  });

  it('says a faithful draw checks out: commitment, list hash and every winner', async () => {
    const { winners, hash } = await published();
    const outcome = await verifyRaffleDraw({
      drawId: 'raf_demo1',
      seedHex: SEED,
      commitment: COMMITMENT,
      ticketNumbers: TICKETS,
      soldListHash: hash,
      prizes: PRIZES,
      published: winners,
    });
    expect(outcome).toMatchObject({ commitmentOk: true, soldListOk: true, winnersOk: true, ok: true });
    expect(outcome.winners.map((w) => w.ticketNumber)).toEqual(winners.map((w) => w.ticketNumber));
    // The early-bird winner came from the tickets sold before its close.
    expect(outcome.winners[2]!.ticketNumber).toBeLessThanOrEqual(40);
  });

  it('fails visibly when a ticket is added to the sold list after the close', async () => {
    const { winners, hash } = await published();
    const tampered = [...TICKETS, 121];
    const outcome = await verifyRaffleDraw({
      drawId: 'raf_demo1',
      seedHex: SEED,
      commitment: COMMITMENT,
      ticketNumbers: tampered,
      soldListHash: hash,
      prizes: PRIZES,
      published: winners,
    });
    expect(outcome.soldListOk).toBe(false);
    expect(outcome.ok).toBe(false);
  });

  it('fails when the seed does not match the commitment, and derives no winners from it', async () => {
    const { winners, hash } = await published();
    const outcome = await verifyRaffleDraw({
      drawId: 'raf_demo1',
      seedHex: '00'.repeat(32),
      commitment: COMMITMENT,
      ticketNumbers: TICKETS,
      soldListHash: hash,
      prizes: PRIZES,
      published: winners,
    });
    expect(outcome.commitmentOk).toBe(false);
    expect(outcome.winners.every((w) => w.ticketNumber === null && !w.matches)).toBe(true);
    expect(outcome.ok).toBe(false);
  });

  it('fails when a published winner is not the ticket the seed draws', async () => {
    const { winners, hash } = await published();
    const forged = winners.map((w) => (w.rank === 1 ? { ...w, ticketNumber: w.ticketNumber === 7 ? 8 : 7 } : w));
    const outcome = await verifyRaffleDraw({
      drawId: 'raf_demo1',
      seedHex: SEED,
      commitment: COMMITMENT,
      ticketNumbers: TICKETS,
      soldListHash: hash,
      prizes: PRIZES,
      published: forged,
    });
    expect(outcome.winners[0]).toMatchObject({ matches: false, publishedTicketNumber: forged[0]!.ticketNumber });
    expect(outcome.winnersOk).toBe(false);
    expect(outcome.ok).toBe(false);
  });
});
