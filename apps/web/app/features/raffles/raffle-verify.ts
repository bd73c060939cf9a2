// Recomputes a raffle draw from its published data with WebCrypto only (the browser's crypto.subtle; Node has the same
// object), so anyone can check the shop's result without trusting the shop's code. The procedure is the API's
// (docs/raffle-verification.md, GET /raffles/{offer}/draws/{drawNo}/verification lists it in words):
//   commitment  = SHA-256(seed bytes), published before sales open;
//   sold list   = SHA-256 of the sold ticket numbers ascending, one per line, no trailing newline, recorded at close;
//   k-th main prize (k from 1, rank order) = HMAC-SHA256(key = seed, "{drawId}:{k}:{attempt}"), first 8 bytes as an
//     unsigned big-endian 64-bit integer v, rejected when v >= floor(2^64 / N) * N (no modulo bias), else index v mod N
//     into the ascending tickets not yet drawn; that ticket wins and leaves the list;
//   k-th sub-draw (early-bird, bonus; k from 1) = the same over "{drawId}:early-bird:{k}:{attempt}" and the tickets
//     numbered up to its cutoff that have not won a sub-draw yet.

export interface VerifyPrize {
  rank: number;
  kind: string;
  name: string;
  /** Sub-draws: the highest ticket number that takes part (null: every ticket). */
  eligibleUpTo: number | null;
}

export interface PublishedWinner {
  rank: number;
  ticketNumber: number;
}

export interface VerifyInput {
  drawId: string;
  /** Hex of the secret seed, published once the draw is done. */
  seedHex: string;
  /** Hex SHA-256 of the seed, published before sales closed. */
  commitment: string;
  ticketNumbers: readonly number[];
  /** Hex SHA-256 of the sold list recorded when sales closed; null when the shop has not recorded one. */
  soldListHash: string | null;
  prizes: readonly VerifyPrize[];
  published: readonly PublishedWinner[];
}

export interface RecomputedWinner {
  rank: number;
  name: string;
  ticketNumber: number | null;
  publishedTicketNumber: number | null;
  matches: boolean;
}

export interface VerifyOutcome {
  commitmentOk: boolean;
  soldListOk: boolean | null;
  winners: RecomputedWinner[];
  winnersOk: boolean;
  /** Everything checks out: the seed matches the commitment, the list its hash, and every published winner. */
  ok: boolean;
}

const TWO_64 = 1n << 64n;
/** A draw that keeps rejecting is not a plausible HMAC output: stop rather than loop. */
const MAX_ATTEMPTS = 1000;

function subtle(): SubtleCrypto {
  const c = globalThis.crypto?.subtle;
  if (!c) throw new Error('This browser cannot check the draw: it has no Web Crypto.');
  return c;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const clean = hex.trim().toLowerCase();
  if (!/^([0-9a-f]{2})*$/.test(clean)) throw new Error('not a hex string');
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

export async function sha256Hex(data: Uint8Array<ArrayBuffer>): Promise<string> {
  return bytesToHex(await subtle().digest('SHA-256', data));
}

/** The sold-list text that is hashed: sorted ascending, one number per line. */
export function soldListText(ticketNumbers: readonly number[]): string {
  return [...ticketNumbers].sort((a, b) => a - b).join('\n');
}

export async function soldListHash(ticketNumbers: readonly number[]): Promise<string> {
  return sha256Hex(new TextEncoder().encode(soldListText(ticketNumbers)));
}

/** Index into a list of n tickets for one prize, by rejection sampling over HMAC outputs. */
async function drawIndex(key: CryptoKey, prefix: string, n: number): Promise<number> {
  const limit = (TWO_64 / BigInt(n)) * BigInt(n);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const mac = new Uint8Array(await subtle().sign('HMAC', key, new TextEncoder().encode(`${prefix}:${attempt}`)));
    const value = new DataView(mac.buffer).getBigUint64(0, false);
    if (value < limit) return Number(value % BigInt(n));
  }
  throw new Error('The draw kept rejecting values: the seed cannot be right.');
}

const isSubDraw = (kind: string) => kind === 'early_bird' || kind === 'bonus';

/** The winners the seed gives, prize by prize (a prize with no ticket left to draw has no winner). */
export async function recomputeWinners(
  input: Pick<VerifyInput, 'drawId' | 'seedHex' | 'ticketNumbers' | 'prizes'>,
): Promise<{ rank: number; ticketNumber: number }[]> {
  const key = await subtle().importKey('raw', hexToBytes(input.seedHex), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const sorted = [...new Set(input.ticketNumbers)].sort((a, b) => a - b);
  const ordered = [...input.prizes].sort((a, b) => a.rank - b.rank);
  const out: { rank: number; ticketNumber: number }[] = [];
  const main = [...sorted];
  let k = 0;
  for (const p of ordered.filter((x) => !isSubDraw(x.kind))) {
    k++;
    if (main.length === 0) continue;
    const i = await drawIndex(key, `${input.drawId}:${k}`, main.length);
    out.push({ rank: p.rank, ticketNumber: main[i]! });
    main.splice(i, 1);
  }
  const subWon = new Set<number>();
  k = 0;
  for (const p of ordered.filter((x) => isSubDraw(x.kind))) {
    k++;
    const pool = sorted.filter((t) => (p.eligibleUpTo === null || t <= p.eligibleUpTo) && !subWon.has(t));
    if (pool.length === 0) continue;
    const ticket = pool[await drawIndex(key, `${input.drawId}:early-bird:${k}`, pool.length)]!;
    subWon.add(ticket);
    out.push({ rank: p.rank, ticketNumber: ticket });
  }
  return out.sort((a, b) => a.rank - b.rank);
}

/** Checks a published draw: the seed against the commitment, the list against its hash, and every prize's winner. */
export async function verifyRaffleDraw(input: VerifyInput): Promise<VerifyOutcome> {
  const seed = input.seedHex.trim().toLowerCase();
  const commitmentOk =
    /^[0-9a-f]{64}$/.test(seed) && (await sha256Hex(hexToBytes(seed))) === input.commitment.trim().toLowerCase();
  const soldListOk =
    input.soldListHash === null
      ? null
      : (await soldListHash(input.ticketNumbers)) === input.soldListHash.trim().toLowerCase();
  // A seed that does not match its commitment proves nothing: no winners are derived from it.
  const recomputed = new Map(
    commitmentOk ? (await recomputeWinners({ ...input, seedHex: seed })).map((w) => [w.rank, w.ticketNumber]) : [],
  );
  const published = new Map(input.published.map((w) => [w.rank, w.ticketNumber]));
  const winners = [...input.prizes]
    .sort((a, b) => a.rank - b.rank)
    .map((p) => {
      const ticketNumber = recomputed.get(p.rank) ?? null;
      const publishedTicketNumber = published.get(p.rank) ?? null;
      return {
        rank: p.rank,
        name: p.name,
        ticketNumber,
        publishedTicketNumber,
        matches: commitmentOk && ticketNumber === publishedTicketNumber,
      };
    });
  const unknownRanks = input.published.some((w) => !input.prizes.some((p) => p.rank === w.rank));
  const winnersOk = commitmentOk && winners.every((w) => w.matches) && !unknownRanks;
  return { commitmentOk, soldListOk, winners, winnersOk, ok: commitmentOk && soldListOk !== false && winnersOk };
}
