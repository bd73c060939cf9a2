// Sessions (ADR 004): a login opens a refresh-token family; refresh tokens are stored hashed and rotate on every use,
// and a rotated one presented again ends the whole family. Access tokens are short-lived JWTs checked per request
// against the session (sessionActive), so logout, password changes and closure end access at once.
import type { CustomerOverview } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import { signAccessToken } from '../../lib/access-token.ts';
import type { Clock } from '../../lib/clock.ts';
import { unauthorized } from '../../lib/errors.ts';
import { publicId, randomToken, sha256 } from './identity.crypto.ts';
import { customers, purgeExpired, refreshTokens, sessions, type CustomerRow } from './identity.repository.ts';
import {
  HOUR,
  REFRESH_TOKEN_TTL_DAYS,
  requireCustomer,
  TOKEN_TTL_MS,
  type Authenticated,
  type IdentitySecrets,
} from './identity.shared.ts';
import type { SessionChecks } from './identity.session-checks.ts';
import type { OneTimeTokens } from './identity.tokens.ts';

export interface SessionDeps {
  db: Db;
  clock: Clock;
  secrets: IdentitySecrets;
  tokens: OneTimeTokens;
  /** The per-request check (cached per process, ADR 033); told when this service revokes a session. */
  checks: SessionChecks;
  /** The login response carries the customer overview (the profile service). */
  overviewOf(c: CustomerRow): Promise<CustomerOverview>;
}

export function createSessionService(deps: SessionDeps) {
  const { db, clock, secrets } = deps;
  return {
    /** Opens a session for a customer who passed every factor. */
    async start(
      customer: CustomerRow,
      rememberDeviceToken: string | null = null,
      isNew = false,
    ): Promise<Authenticated> {
      const now = clock.now();
      const refreshToken = randomToken();
      const sessionPublicId = publicId('ses');
      await db.transaction(async (tx) => {
        const session = await sessions.create(tx, {
          publicId: sessionPublicId,
          customerId: customer.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 24 * HOUR),
        });
        await refreshTokens.insert(tx, session.id, sha256(refreshToken), now);
      });
      const accessToken = signAccessToken(
        secrets.authSecret(),
        { customerId: customer.publicId, sessionId: sessionPublicId },
        now,
      );
      return {
        status: 'authenticated',
        accessToken,
        refreshToken,
        sessionId: sessionPublicId,
        customer: await deps.overviewOf(customer),
        isNew,
        rememberDeviceToken,
      };
    },

    /** The auth plugin's per-request check: the session is live and its customer active. */
    sessionActive: (sessionId: string, customerId: string): Promise<boolean> =>
      deps.checks.sessionActive(sessionId, customerId),

    async refresh(
      token: string,
    ): Promise<{ accessToken: string; refreshToken: string; sessionId: string; customerId: string }> {
      const now = clock.now();
      const row = await refreshTokens.byHash(db, sha256(token));
      const invalid = () => unauthorized('missing authentication tokens when calling refresh', 'invalid_refresh_token');
      if (!row) throw invalid();
      const session = await sessions.byId(db, row.sessionId);
      if (!session || session.revokedAt || session.expiresAt <= now) throw invalid();
      const c = await customers.byId(db, session.customerId);
      if (!c || c.status !== 'active') throw invalid();
      const next = randomToken();
      const rotated = await db.transaction(async (tx) => {
        if (!(await refreshTokens.rotate(tx, row.id, now))) return false;
        await refreshTokens.insert(tx, session.id, sha256(next), now);
        return true;
      });
      if (!rotated) {
        // A rotated token came back: someone holds a copy. End the whole family (ADR 004).
        await sessions.revoke(db, session.id, 'refresh_token_reused', now);
        deps.checks.forget();
        throw unauthorized('This session has ended. Please log in again.', 'refresh_token_reused');
      }
      return {
        accessToken: signAccessToken(
          secrets.authSecret(),
          { customerId: c.publicId, sessionId: session.publicId },
          now,
        ),
        refreshToken: next,
        sessionId: session.publicId,
        customerId: c.publicId,
      };
    },

    async logout(sessionPublicId: string | null, refreshToken?: string) {
      const now = clock.now();
      if (sessionPublicId) {
        const s = await sessions.byPublicId(db, sessionPublicId);
        if (s) await sessions.revoke(db, s.id, 'logout', now);
      }
      if (refreshToken) {
        const row = await refreshTokens.byHash(db, sha256(refreshToken));
        if (row) await sessions.revoke(db, row.sessionId, 'logout', now);
      }
      deps.checks.forget();
    },

    /** A single-use token (15 minutes) that carries this login to another app or device. */
    async createAutologinToken(customerId: string) {
      const c = await requireCustomer(db, customerId);
      const token = await deps.tokens.issue(db, c.id, 'autologin');
      return { token, expiresAt: new Date(clock.now().getTime() + TOKEN_TTL_MS.autologin).toISOString() };
    },

    /** Housekeeping (a scheduled job): removes sessions, tokens, codes and throttle records whose use has passed. */
    purgeExpired: () => purgeExpired(db, clock.now()),
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
