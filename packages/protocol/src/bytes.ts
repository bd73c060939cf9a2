// Byte helpers shared by the signing and raffle code: hex in and out, UTF-8, and a constant-time comparison.
// Plain JavaScript so the browser and Node run the very same lines.

const utf8 = new TextEncoder();

export function utf8Bytes(text: string): Uint8Array {
  return utf8.encode(text);
}

/** Lower-case hex of some bytes. */
export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** The bytes of a hex string (either case, surrounding spaces ignored); throws on anything else. */
export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.trim().toLowerCase();
  if (!/^(?:[0-9a-f]{2})*$/.test(clean)) throw new Error('not a hex string');
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Compares two strings without an early exit, so the time taken does not tell how much of a secret matched. */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = utf8Bytes(a);
  const y = utf8Bytes(b);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}
