// Single-use tokens sent by email or handed to another app (autologin, login challenge, password reset, email and
// address confirmation): stored as SHA-256, consumed exactly once by one conditional UPDATE.
import type { Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256 } from './identity.crypto.ts';
import { oneTimeTokens, type OneTimeTokenKind } from './identity.repository.ts';
import { linkInvalid, TOKEN_TTL_MS } from './identity.shared.ts';

export function createOneTimeTokens(deps: { clock: Clock }) {
  const { clock } = deps;
  const tokens = {
    async issue(tx: Executor, customerId: number, kind: OneTimeTokenKind, data: Record<string, unknown> = {}) {
      const token = randomToken();
      const now = clock.now();
      await oneTimeTokens.insert(tx, {
        customerId,
        kind,
        tokenHash: sha256(token),
        data,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
      });
      return token;
    },
    /** The live token's row, now used; undefined when unknown, used or expired. */
    consume: (ex: Executor, kind: OneTimeTokenKind, token: string) =>
      oneTimeTokens.consume(ex, kind, sha256(token), clock.now()),
    /** consume, or 422 link_invalid: the emailed link was already used or has expired. */
    async consumeLink(ex: Executor, kind: OneTimeTokenKind, token: string) {
      const row = await tokens.consume(ex, kind, token);
      if (!row) throw linkInvalid();
      return row;
    },
    /** Read a live token without using it (a login challenge stays valid across wrong codes). */
    peek: (ex: Executor, kind: OneTimeTokenKind, token: string) =>
      oneTimeTokens.peek(ex, kind, sha256(token), clock.now()),
    invalidateAll: (ex: Executor, customerId: number, kind: OneTimeTokenKind) =>
      oneTimeTokens.invalidateAll(ex, customerId, kind, clock.now()),
  };
  return tokens;
}
export type OneTimeTokens = ReturnType<typeof createOneTimeTokens>;
