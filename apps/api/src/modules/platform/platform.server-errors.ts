// The API's unexpected failures, kept for the back office's dashboard (ADR 104): the error handler reports each 5xx
// answer here. Recording never makes an error worse: it runs after the answer is on its way, outside any business
// transaction, is bounded (one row per route, error and message an hour with a count; at most MAX_KEYS_PER_HOUR new
// rows an hour, the rest counted on one overflow row; at most MAX_IN_FLIGHT writes at once, the rest dropped), and a
// failure to record is logged and swallowed.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPlatformRepository, type ServerErrorRow } from './platform.repository.ts';

const HOUR_MS = 3_600_000;
const MAX_KEYS_PER_HOUR = 200;
const MAX_IN_FLIGHT = 20;
const KEEP_DAYS = 14;
const MESSAGE_CHARS = 200;

/** What the error handler knows of a failure: the route's pattern (never the address), no body, no query. */
export interface ServerFailure {
  requestId: string;
  method: string;
  /** The route's pattern (`/api/admin/customers/:customerId`), or null when no route matched. */
  route: string | null;
  status: number;
  errorName: string;
  message: string;
}

/**
 * A message as it may be kept: one line, email addresses and long numbers (card numbers, phone numbers, ids a
 * message may quote) replaced, at most MESSAGE_CHARS characters.
 */
export function scrubMessage(message: string): string {
  const line = message
    .replace(/\s+/g, ' ')
    .replace(/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+/g, '<email>')
    .replace(/\d[\d -]{5,}\d/g, '<number>')
    .trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS - 1)}…` : line;
}

const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / HOUR_MS) * HOUR_MS);

export function createServerErrorLog(deps: { db: Db; clock: Clock }) {
  const repo = createPlatformRepository(deps.db);
  let inFlight = 0;

  async function write(f: ServerFailure): Promise<void> {
    const now = deps.clock.now();
    const hour = hourOf(now);
    const row = {
      method: f.method,
      route: f.route ?? '(no route)',
      status: f.status,
      errorName: scrubMessage(f.errorName).slice(0, 80) || 'Error',
      message: scrubMessage(f.message),
      hour,
    };
    const keyOf = (r: typeof row) =>
      createHash('sha256')
        .update([r.hour.toISOString(), r.method, r.route, r.status, r.errorName, r.message].join('\n'))
        .digest('hex');
    const errorKey = keyOf(row);
    if (await repo.countServerError(errorKey, f.requestId, now)) return;
    if ((await repo.serverErrorKeysIn(hour)) >= MAX_KEYS_PER_HOUR) {
      // Too many distinct failures this hour: count them on one row rather than adding rows without end.
      const overflow = {
        ...row,
        method: '*',
        route: '*',
        status: 500,
        errorName: 'Overflow',
        message: `More than ${MAX_KEYS_PER_HOUR} distinct failures this hour; the rest are counted here.`,
      };
      await repo.insertServerError({ ...overflow, errorKey: keyOf(overflow) }, f.requestId, now);
      return;
    }
    await repo.insertServerError({ ...row, errorKey }, f.requestId, now);
    // A new row: rows older than the dashboard will ever show go.
    await repo.pruneServerErrors(new Date(hour.getTime() - KEEP_DAYS * 24 * HOUR_MS));
  }

  return {
    /**
     * Records a failure, best effort and in the background: the caller never waits for it, and never sees its
     * failure (logged). Answers the write's promise for tests and shutdown; it always resolves.
     */
    record(f: ServerFailure, log?: (err: unknown) => void): Promise<void> {
      if (inFlight >= MAX_IN_FLIGHT) return Promise.resolve();
      inFlight += 1;
      return write(f)
        .catch((err: unknown) => log?.(err))
        .finally(() => {
          inFlight -= 1;
        });
    },

    /** Failures of the last hours: how many, and the latest rows (newest first). */
    async since(since: Date, limit: number): Promise<{ total: number; latest: ServerErrorRow[] }> {
      const { total, rows } = await repo.serverErrorsSince(since, limit);
      return { total, latest: rows };
    },
  };
}
export type ServerErrorLog = ReturnType<typeof createServerErrorLog>;
