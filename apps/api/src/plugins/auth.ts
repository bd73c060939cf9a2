// Authentication (DESIGN.md §5, ADR 004): reads the access token from `Authorization: Bearer` or the
// web_access_token cookie, once per request, into request.auth. Routes that need a signed-in customer add
// `preHandler: app.requireCustomer`: 401 envelope without a valid token, 403 for a cookie-authenticated write from
// another origin (CSRF). The identity module supplies `sessionActive` so a revoked session (logout, password
// change, closure) stops working at once instead of when its 15-minute token expires.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { verifyAccessToken, type AccessTokenClaims } from '../lib/access-token.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';

export const ACCESS_TOKEN_COOKIE = 'web_access_token';
export const REFRESH_TOKEN_COOKIE = 'web_refresh_token';

export interface RequestAuth extends AccessTokenClaims {
  /** Where the token came from: cookie-authenticated writes get the same-origin check. */
  via: 'bearer' | 'cookie';
}

export interface AuthOptions {
  config: AppConfig;
  clock: Clock;
  /** Whether a session (refresh-token family) is still live; absent, every validly signed token is accepted. */
  sessionActive?: (sessionId: string, customerId: string) => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in customer, or null (no token, or a token that is invalid, expired or revoked). */
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** The secret access tokens are signed with (AUTH_SECRET, else one kept in DATA_DIR). */
    authSecret: string;
    /** preHandler for routes that need a signed-in customer. */
    requireCustomer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * AUTH_SECRET when configured; otherwise one generated on first start and kept in DATA_DIR (mode 600), so tokens
 * survive a restart and every process on the same data directory agrees. Tests get a fixed one from their config.
 */
export function resolveAuthSecret(config: AppConfig): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth.secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process wrote it first: use theirs.
    return fs.readFileSync(file, 'utf8').trim();
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/**
 * Same-origin check for cookie-authenticated writes: Origin, or Referer when Origin is absent, must be ours.
 * `Origin: null` is refused: browsers send it from sandboxed frames, data: and file: pages and some cross-origin
 * redirects, all places another site can post from (ADR 028).
 */
export function sameOrigin(request: FastifyRequest, config: AppConfig): boolean {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin !== 'null' && allowed.has(origin);
  const referer = request.headers.referer;
  if (typeof referer === 'string') {
    try {
      return allowed.has(new URL(referer).origin);
    } catch {
      return false;
    }
  }
  // No Origin and no Referer: not a browser form post (browsers send Origin on cross-site writes); server-side
  // rendering forwards cookies from our own loaders/actions without them.
  return true;
}

const authPlugin: FastifyPluginAsync<AuthOptions> = async (app, { config, clock, sessionActive }) => {
  const secret = resolveAuthSecret(config);
  app.decorate('authSecret', secret);
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    const fromHeader = bearer(request);
    const token = fromHeader ?? request.cookies?.[ACCESS_TOKEN_COOKIE];
    if (!token) return;
    const claims = verifyAccessToken(secret, token, clock.now());
    if (!claims) return;
    if (sessionActive && !(await sessionActive(claims.sessionId, claims.customerId))) return;
    request.auth = { ...claims, via: fromHeader ? 'bearer' : 'cookie' };
    request.ctx.customerId = claims.customerId;
  });

  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized('Please log in to continue.', 'unauthorized');
    const safe = request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS';
    if (!safe && request.auth.via === 'cookie' && !sameOrigin(request, config)) {
      throw forbidden('This request did not come from the shop.', 'csrf');
    }
  });
};

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie', 'request-context'] });
