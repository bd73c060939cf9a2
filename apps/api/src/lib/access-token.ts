// Access tokens (ADR 004): a compact HS256 JWT checked without a database read. Only the claims we need: the
// customer's public id, the session (refresh-token family) it belongs to, issued-at and expiry.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenClaims {
  customerId: string;
  /** The refresh-token family (one per login); logout and password changes revoke it. */
  sessionId: string;
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function mac(secret: string, data: string) {
  return createHmac('sha256', secret).update(data).digest();
}

export function signAccessToken(
  secret: string,
  claims: AccessTokenClaims,
  now: Date,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): string {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = b64(JSON.stringify({ sub: claims.customerId, sid: claims.sessionId, iat, exp: iat + ttlSeconds }));
  const body = `${HEADER}.${payload}`;
  return `${body}.${b64(mac(secret, body))}`;
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else (never throws). */
export function verifyAccessToken(secret: string, token: string, now: Date): AccessTokenClaims | null {
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
  const c = claims as { sub?: unknown; sid?: unknown; exp?: unknown };
  if (typeof c.sub !== 'string' || typeof c.sid !== 'string' || typeof c.exp !== 'number') return null;
  if (c.exp * 1000 <= now.getTime()) return null;
  return { customerId: c.sub, sessionId: c.sid };
}
