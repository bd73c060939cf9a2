// Compact HS256 JWTs: claims signed with a secret, checked without a database read, refused once expired. Access
// tokens (ADR 004) and content preview links (ADR 036) use them, each with its own secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function mac(secret: string, data: string) {
  return createHmac('sha256', secret).update(data).digest();
}

/**
 * A signing key of its own for one purpose, derived from the shop's secret: a token of one purpose (an access token,
 * a content preview, an offer preview) can never pass for another.
 */
export function purposeKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

/** A token carrying `claims` plus iat and exp (`ttlSeconds` from `now`). */
export function signClaims(secret: string, claims: Record<string, unknown>, now: Date, ttlSeconds: number): string {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = b64(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds }));
  const body = `${HEADER}.${payload}`;
  return `${body}.${b64(mac(secret, body))}`;
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else (never throws). */
export function verifyClaims(secret: string, token: string, now: Date): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > 2048) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = mac(secret, `${parts[0]}.${parts[1]}`);
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const exp = (claims as { exp?: unknown }).exp;
  if (typeof exp !== 'number' || exp * 1000 <= now.getTime()) return null;
  return claims as Record<string, unknown>;
}
