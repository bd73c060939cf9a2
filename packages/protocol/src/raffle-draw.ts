// The verifiable raffle draw (DESIGN §7, docs/raffle-verification.md). A commitment to a secret seed is published
// when the draw is created; the winners are derived from the seed and the sorted list of sold ticket numbers by a
// deterministic procedure anyone can rerun. The API's draw, its raffle:verify command and the storefront's
// verification page (in the visitor's browser) all run these functions: what the page checks is what the draw did.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8Bytes } from './bytes.ts';

export type RafflePrizeKind = 'first' | 'secondary' | 'early_bird' | 'bonus';

export interface DrawPrizeInput {
  rank: number;
  kind: RafflePrizeKind | (string & {});
  /** Sub-draws: tickets numbered up to here take part (null: every ticket). */
  eligibleUpTo: number | null;
}
export interface DerivedWinner {
  rank: number;
  ticketNumber: number;
  series: 'main' | 'sub';
}

const TWO_64 = 1n << 64n;
/** Each attempt is rejected with probability below n / 2^64: a thousand in a row means the input is broken. */
const MAX_ATTEMPTS = 1000;

/** A fresh secret seed: 32 bytes from the platform CSPRNG, as hex. */
export function newSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256 (hex) of the seed's 32 bytes. */
export function commitmentOf(seedHex: string): string {
  return bytesToHex(sha256(hexToBytes(seedHex)));
}

/** The sold-list text that is hashed: the ticket numbers ascending, one per line, no trailing newline. */
export function soldListText(ticketNumbers: readonly number[]): string {
  return [...ticketNumbers].sort((a, b) => a - b).join('\n');
}

/** SHA-256 (hex) of the sold-list text. */
export function soldListHash(ticketNumbers: readonly number[]): string {
  return bytesToHex(sha256(utf8Bytes(soldListText(ticketNumbers))));
}

/** Sub-draws (early-bird, bonus) draw from their own pool; first and secondary prizes from the main one. */
export const isSubDraw = (kind: DrawPrizeInput['kind']) => kind === 'early_bird' || kind === 'bonus';

/**
 * An unbiased index in [0, n): HMAC-SHA256(seed, "{prefix}:{attempt}"), first 8 bytes as an unsigned big-endian
 * 64-bit integer, rejected when it falls in the incomplete last block (>= floor(2^64 / n) * n), else taken mod n.
 */
export function pickIndex(seedHex: string, prefix: string, n: number): number {
  if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`Cannot pick from ${n} tickets`);
  const key = hexToBytes(seedHex);
  const size = BigInt(n);
  const limit = (TWO_64 / size) * size;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const h = hmac(sha256, key, utf8Bytes(`${prefix}:${attempt}`));
    const value = new DataView(h.buffer, h.byteOffset, h.byteLength).getBigUint64(0, false);
    if (value < limit) return Number(value % size);
  }
  throw new Error('The draw kept rejecting values: the seed cannot be right.');
}

/**
 * The winners of every prize. Main prizes in rank order: the k-th main prize (k = 1 for the first prize) uses the
 * message prefix "{drawId}:{k}" and picks from the sold tickets not yet drawn, ascending; the ticket drawn is removed,
 * so the first ticket drawn wins first prize and no ticket wins twice. Sub-draws in rank order: the k-th uses
 * "{drawId}:early-bird:{k}" over the tickets up to its cutoff that have not won a sub-draw yet. A prize with no ticket
 * left to draw has no winner.
 */
export function deriveWinners(
  seedHex: string,
  drawId: string,
  ticketNumbers: readonly number[],
  prizes: readonly DrawPrizeInput[],
): DerivedWinner[] {
  const sorted = [...new Set(ticketNumbers)].sort((a, b) => a - b);
  const ordered = [...prizes].sort((a, b) => a.rank - b.rank);
  const winners: DerivedWinner[] = [];
  const main = [...sorted];
  let k = 0;
  for (const p of ordered.filter((x) => !isSubDraw(x.kind))) {
    k++;
    if (main.length === 0) continue;
    const i = pickIndex(seedHex, `${drawId}:${k}`, main.length);
    winners.push({ rank: p.rank, ticketNumber: main[i]!, series: 'main' });
    main.splice(i, 1);
  }
  const subWon = new Set<number>();
  k = 0;
  for (const p of ordered.filter((x) => isSubDraw(x.kind))) {
    k++;
    const pool = sorted.filter((t) => (p.eligibleUpTo === null || t <= p.eligibleUpTo) && !subWon.has(t));
    if (pool.length === 0) continue;
    const ticket = pool[pickIndex(seedHex, `${drawId}:early-bird:${k}`, pool.length)]!;
    subWon.add(ticket);
    winners.push({ rank: p.rank, ticketNumber: ticket, series: 'sub' });
  }
  return winners.sort((a, b) => a.rank - b.rank);
}

export interface VerifyInput {
  seed: string;
  commitment: string;
  drawId: string;
  ticketNumbers: readonly number[];
  prizes: readonly DrawPrizeInput[];
  /** The published sold-list hash, when checking the list too. */
  soldListHash?: string | null;
  /** The published winners, when checking them too. */
  published?: readonly { rank: number; ticketNumber: number }[];
}
export interface VerifyOutcome {
  commitmentOk: boolean;
  /** Null when no published hash was given. */
  soldListOk: boolean | null;
  winners: DerivedWinner[];
  /** Null when no published winners were given. */
  matchesPublished: boolean | null;
  /** All the checks given pass. */
  ok: boolean;
}

/** Hex as published, compared without regard to case or surrounding spaces. */
const sameHex = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Recomputes a draw from its published data: the seed against the commitment, the list against its hash, and the
 * winners against the published ones. A seed that does not match its commitment proves nothing: no winners are
 * derived from it.
 */
export function verifyRaffleDraw(input: VerifyInput): VerifyOutcome {
  const seed = input.seed.trim().toLowerCase();
  const commitmentOk = /^[0-9a-f]{64}$/.test(seed) && sameHex(commitmentOf(seed), input.commitment);
  const soldListOk = input.soldListHash == null ? null : sameHex(soldListHash(input.ticketNumbers), input.soldListHash);
  const winners = commitmentOk ? deriveWinners(seed, input.drawId, input.ticketNumbers, input.prizes) : [];
  let matchesPublished: boolean | null = null;
  if (input.published) {
    const key = (w: { rank: number; ticketNumber: number }) => `${w.rank}:${w.ticketNumber}`;
    const a = [...input.published].map(key).sort();
    const b = winners.map(key).sort();
    matchesPublished = a.length === b.length && a.every((x, i) => x === b[i]);
  }
  return {
    commitmentOk,
    soldListOk,
    winners,
    matchesPublished,
    ok: commitmentOk && soldListOk !== false && matchesPublished !== false,
  };
}

export const VERIFICATION_PROCEDURE: string[] = [
  'Before sales open we publish the commitment: the SHA-256 of a secret 32-byte seed (hex).',
  'When sales close we publish the sold-list hash: the SHA-256 of the sold ticket numbers in ascending order, one per line, without a trailing newline.',
  'After the draw we publish the seed. Check that SHA-256(seed bytes) equals the commitment.',
  'Main prizes in rank order (k = 1 is the first prize): compute HMAC-SHA256 with the seed bytes as key over the text "{drawId}:{k}:{attempt}", starting at attempt 0.',
  'Read the first 8 bytes of the HMAC as an unsigned big-endian 64-bit integer v. With N tickets left, if v >= floor(2^64 / N) * N try the next attempt (this removes modulo bias); else the index is v mod N.',
  'The ticket at that index of the ascending list of tickets not yet drawn wins the prize and leaves the list: the first ticket drawn wins first prize and no ticket wins two main prizes.',
  'Early-bird and bonus sub-draws in rank order (k counts the sub-draws from 1) use "{drawId}:early-bird:{k}:{attempt}" over the tickets numbered up to the sub-draw\'s cutoff that have not yet won a sub-draw.',
];
