// Idempotency-Key on money-moving writes (DESIGN.md §4, ADR 026; Stripe's model). A route opts in with
// `config: { idempotent: true }` and must record its key WITH the operation it starts (the deposit, withdrawal or
// checkout row carries the key, and `request.idempotency.recordOperation` names that row in the key's record, in the
// same transaction), before any outside call. Then:
// - the first request claims the key (one INSERT: two processes racing on one key cannot both run it);
// - its answer is stored and replayed for 24 h (`idempotent-replayed: true`); other parameters with the key are 422;
// - a retry while the first is running is 409 `idempotency_in_flight`;
// - a key left running by a crash (held longer than STALE_CLAIM_MS) is RECOVERED, never re-run: the retry takes the
//   key over and the route's service finds the recorded operation by its key (or as `recoveredOperation`) and resumes
//   or reports it (a deposit asks the gateway again with the same idempotency key; a scheduled purchase is answered as
//   it was made); only a request that recorded nothing starts afresh.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { IN_FLIGHT_MESSAGE } from '@shop/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { BatchedWrite, Database, Executor } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { crashPoint } from '../lib/crash-points.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';
import { idempotencyKeysRepository as keys, type OperationKey } from '../modules/payments/index.ts';
import { toWireJson } from './casing.ts';

/** The key of this request once claimed: what the route hands its service (see OperationKey). */
export interface RequestIdempotency extends OperationKey {
  scope: string;
  /** True when this request took over a key a crashed request left running. */
  recovering: boolean;
  /** When recovering: the operation the crashed request recorded with the key (dep_…, sch_…), if it got that far. */
  recoveredOperation: string | null;
  /**
   * recordOperationWrite that also stores the answer the route will send when that operation commits (`payload`, as
   * the reply would carry it; status 200): the key is done in the operation's own write, and the answer is not
   * written again after the route (issue 22: one statement fewer a purchase). For a route whose answer follows from
   * the operation's id alone.
   */
  answerWrite: (operationId: string, payload: unknown) => BatchedWrite;
}

/** The answers a request offered with its operation's write (answerWrite); the one it sends is already stored. */
const offeredAnswers = new WeakMap<RequestIdempotency, Set<string>>();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Money-moving write: honours the Idempotency-Key header (the service records the key with its operation). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: RequestIdempotency | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A running key whose holder has not finished within this long is taken to belong to a process that died. It is then
 * recovered (the recorded operation is resumed or reported), never run a second time. Longer than any request.
 */
export const STALE_CLAIM_MS = 60 * 1000;
const KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,255}$/;

function requestHash(request: FastifyRequest): string {
  const h = createHash('sha256');
  h.update(request.method);
  h.update('\0');
  h.update(request.routeOptions.url ?? request.url);
  h.update('\0');
  // Bounded input: the input-hygiene plugin refused bodies nested deeper than 32 before parsing.
  h.update(JSON.stringify(request.params ?? null));
  h.update('\0');
  h.update(JSON.stringify(request.body ?? null));
  h.update('\0');
  h.update(request.apiVersion);
  return h.digest('hex');
}

const inFlight = () => conflict(IN_FLIGHT_MESSAGE, 'idempotency_in_flight');

const idempotencyPlugin: FastifyPluginAsync<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  const { db } = database;
  app.decorateRequest('idempotency', null);

  function holdKey(
    request: FastifyRequest,
    scope: string,
    key: string,
    recovered: { operation: string | null } | null,
  ) {
    const held: RequestIdempotency = {
      scope,
      key,
      recovering: recovered !== null,
      recoveredOperation: recovered?.operation ?? null,
      recordOperation: (tx: Executor, operationId: string) => keys.recordOperation(tx, scope, key, operationId),
      recordOperationWrite: (operationId: string) => keys.recordOperationWrite(scope, key, operationId),
      answerWrite: (operationId: string, payload: unknown) => {
        const body = toWireJson(payload);
        const offered = offeredAnswers.get(held) ?? new Set<string>();
        offered.add(body);
        offeredAnswers.set(held, offered);
        return keys.answerWrite(scope, key, operationId, { status: 200, body, headers: {} });
      },
    };
    request.idempotency = held;
  }

  async function replay(reply: FastifyReply, row: NonNullable<Awaited<ReturnType<typeof keys.find>>>) {
    reply.header('idempotent-replayed', 'true');
    for (const [name, value] of Object.entries((row.responseHeaders ?? {}) as Record<string, string>))
      reply.header(name, value);
    reply.code(row.responseStatus ?? 200).type('application/json; charset=utf-8');
    return reply.send(row.responseBody ?? '');
  }

  // Runs after the route's own preHandlers (sign-in and CSRF checks), so a refused request claims nothing.
  const claim: preHandlerHookHandler = async function (request, reply) {
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
      const claimed = await keys.claim(db, {
        scope,
        key,
        route,
        requestHash: hash,
        status: 'running',
        lockedAt: now,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REPLAY_TTL_MS),
      });
      if (claimed) {
        holdKey(request, scope, key, null);
        crashPoint('idempotency:claimed');
        return;
      }
      const row = await keys.find(db, scope, key);
      if (!row) continue;
      if (row.expiresAt <= now) {
        // Past its replay window: free the key (only if it is still that row) and claim it again.
        await keys.removeExpired(db, scope, key, row.createdAt);
        continue;
      }
      if (row.requestHash !== hash) {
        throw new AppError(422, 'This Idempotency-Key was already used with different parameters.', {
          code: 'idempotency_key_reused',
        });
      }
      if (row.status === 'done') return replay(reply, row);
      const heldSince = row.lockedAt ?? row.createdAt;
      if (heldSince.getTime() > now.getTime() - STALE_CLAIM_MS) throw inFlight();
      // The holder died (or gave up): take the key over and let the service resume what it recorded.
      if (!(await keys.takeOver(db, scope, key, row.lockedAt, now))) throw inFlight();
      request.log.warn({ idempotencyKey: key, operation: row.operation }, 'recovering an Idempotency-Key left running');
      holdKey(request, scope, key, { operation: row.operation ?? null });
      return;
    }
    throw inFlight();
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const own =
      route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [...own, claim];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      // Nothing reliable to replay (a server failure or a streamed body): the next retry recovers the key at once.
      await keys.release(db, held.scope, held.key);
      return payload;
    }
    // A 200 carrying an answer the operation's write stored (answerWrite): that write committed (only a committed
    // operation is answered with its id), so the key is done already. Any other answer is stored as always (a
    // `status = 'running'` update, so it never overwrites a stored one).
    if (reply.statusCode === 200 && offeredAnswers.get(held)?.has(payload)) {
      crashPoint('idempotency:stored');
      return payload;
    }
    const location = reply.getHeader('location');
    await keys.complete(db, held.scope, held.key, {
      status: reply.statusCode,
      body: payload,
      headers: location ? { location: String(location) } : {},
    });
    crashPoint('idempotency:stored');
    return payload;
  });

  app.addHook('onResponse', async (request) => {
    // A claim whose reply never reached onSend (connection dropped) must not wait out the stale window.
    const held = request.idempotency;
    if (held) await keys.release(db, held.scope, held.key);
  });
};

/** Forget stored responses older than their replay window (a scheduled job calls this). */
export async function purgeExpiredIdempotencyKeys(database: Database, now: Date): Promise<number> {
  return keys.purgeExpired(database.db, now, REPLAY_TTL_MS);
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['auth', 'versioning'] });
