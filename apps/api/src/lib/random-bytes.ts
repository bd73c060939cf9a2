// Random bytes for ids and nonces from node:crypto's CSPRNG, drawn 4 KiB at a time: each randomBytes call is a
// native job of its own, and a checkout asks for about ten ids (issue 22: 3 % of the API's CPU). Same generator,
// and no byte is handed out twice.
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let offset = POOL_BYTES;

function take(n: number): Buffer {
  if (!Number.isInteger(n) || n <= 0 || n > 256) throw new RangeError(`take 1 to 256 random bytes, not ${n}`);
  if (offset + n > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const slice = pool.subarray(offset, offset + n);
  offset += n;
  return slice;
}

/** `n` random bytes as lowercase hex (2n characters). */
export const randomHex = (n: number): string => take(n).toString('hex');

/** `n` random bytes as base64url. */
export const randomBase64url = (n: number): string => take(n).toString('base64url');
