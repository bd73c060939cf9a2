// Access tokens (ADR 004): a compact HS256 JWT checked without a database read. Only the claims we need: the
// customer's public id, the session (refresh-token family) it belongs to, issued-at and expiry.
import { signClaims, verifyClaims } from './signed-token.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenClaims {
  customerId: string;
  /** The refresh-token family (one per login); logout and password changes revoke it. */
  sessionId: string;
}

export function signAccessToken(
  secret: string,
  claims: AccessTokenClaims,
  now: Date,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): string {
  return signClaims(secret, { sub: claims.customerId, sid: claims.sessionId }, now, ttlSeconds);
}

/** The claims of a valid, unexpired token signed with `secret`; null for anything else (never throws). */
export function verifyAccessToken(secret: string, token: string, now: Date): AccessTokenClaims | null {
  const c = verifyClaims(secret, token, now);
  if (!c || typeof c.sub !== 'string' || typeof c.sid !== 'string') return null;
  return { customerId: c.sub, sessionId: c.sid };
}
