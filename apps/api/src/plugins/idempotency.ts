// Idempotency-Key on money-moving writes (DESIGN.md §4): a route opts in with `config: { idempotent: true }`. The
// first response to a key is stored in the database and replayed for 24 h; the same key with other parameters is
// 422; a retry while the first request is still running is 409. Keys are per customer, and
// the claim is one INSERT … ON CONFLICT, so two processes racing on one key cannot both run the request.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import { paymentsIdempotencyKeys as keys } from '../modules/payments/index.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Money-moving write: honours the Idempotency-Key header. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: { scope: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still "running" after this long belongs to a process that died: a retry may take it over. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,255}$/;

function requestHash(request: FastifyRequest): string {
  const h = createHash('sha256');
  h.update(request.method);
  h.update('\0');
  h.update(request.routeOptions.url ?? request.url);
  h.update('\0');
  h.update(JSON.stringify(request.params ?? null));
  h.update('\0');
  h.update(JSON.stringify(request.body ?? null));
  h.update('\0');
  h.update(request.apiVersion);
  return h.digest('hex');
}

const idempotencyPlugin: FastifyPluginAsync<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  const { db } = database;
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    // Unauthenticated: the route answers 401 itself; nothing to store.
    if (!request.auth) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_PATTERN.test(key))
      throw badRequest(
        'The Idempotency-Key header must be 1 to 255 letters, digits or - _ : .',
        'invalid_idempotency_key',
      );
    const scope = request.auth.customerId;
    const hash = requestHash(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    const now = clock.now();

    for (let attempt = 0; attempt < 2; attempt++) {
      const claimed = await db
        .insert(keys)
        .values({
          scope,
          key,
          route,
          requestHash: hash,
          status: 'running',
          createdAt: now,
          expiresAt: new Date(now.getTime() + REPLAY_TTL_MS),
        })
        .onConflictDoNothing()
        .returning({ key: keys.key });
      if (claimed.length) {
        request.idempotencyClaim = { scope, key };
        return;
      }
      const [row] = await db
        .select()
        .from(keys)
        .where(and(eq(keys.scope, scope), eq(keys.key, key)));
      if (!row) continue;
      const stale = row.status === 'running' && row.createdAt.getTime() < now.getTime() - STALE_CLAIM_MS;
      if (row.expiresAt <= now || stale) {
        // Expired, or claimed by a process that died mid-request: free the key (only if it is still that row) and claim again.
        await db.delete(keys).where(and(eq(keys.scope, scope), eq(keys.key, key), eq(keys.createdAt, row.createdAt)));
        continue;
      }
      if (row.requestHash !== hash) {
        throw new AppError(422, 'This Idempotency-Key was already used with different parameters.', {
          code: 'idempotency_key_reused',
        });
      }
      if (row.status === 'running')
        throw conflict(
          'A request with this Idempotency-Key is still being processed. Try again shortly.',
          'idempotency_in_flight',
        );
      reply.header('idempotent-replayed', 'true');
      for (const [name, value] of Object.entries((row.responseHeaders ?? {}) as Record<string, string>))
        reply.header(name, value);
      reply.code(row.responseStatus ?? 200).type('application/json; charset=utf-8');
      return reply.send(row.responseBody ?? '');
    }
    throw conflict(
      'A request with this Idempotency-Key is still being processed. Try again shortly.',
      'idempotency_in_flight',
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const where = and(eq(keys.scope, claim.scope), eq(keys.key, claim.key), eq(keys.status, 'running'));
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // Nothing reliable to replay (server failure or a streamed body): the client may retry with the same key.
      await db.delete(keys).where(where);
      return payload;
    }
    const location = reply.getHeader('location');
    await db
      .update(keys)
      .set({
        status: 'done',
        responseStatus: reply.statusCode,
        responseBody: payload,
        responseHeaders: location ? { location: String(location) } : {},
      })
      .where(where);
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    // A claim whose reply never reached onSend (connection dropped) must not block retries for 24 h.
    const claim = request.idempotencyClaim;
    if (claim)
      await db
        .delete(keys)
        .where(and(eq(keys.scope, claim.scope), eq(keys.key, claim.key), eq(keys.status, 'running')));
  });
};

/** Forget stored responses older than their replay window (a scheduled job calls this). */
export async function purgeExpiredIdempotencyKeys(database: Database, now: Date): Promise<number> {
  const removed = await database.db
    .delete(keys)
    .where(
      or(
        lt(keys.expiresAt, now),
        and(eq(keys.status, 'running'), lt(keys.createdAt, sql`${new Date(now.getTime() - REPLAY_TTL_MS)}`)),
      ),
    )
    .returning({ key: keys.key });
  return removed.length;
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth', 'versioning'] });
