// The only code that queries draws_draws. Every state step is one conditional UPDATE (WHERE status = the expected
// state), so when two processes race, exactly one of them moves the draw and the other sees zero rows.
import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, WritePart } from '../../db/index.ts';
import { drawsDraws } from './draws.schema.ts';

export type DrawStatus = 'DRAW_OPEN' | 'DRAW_CLOSED' | 'DRAW_DRAWN' | 'DRAW_SCORED' | 'DRAW_PAID' | 'DRAW_EMAILED';
export const VISIBLE_STATUSES: DrawStatus[] = ['DRAW_DRAWN', 'DRAW_SCORED', 'DRAW_PAID', 'DRAW_EMAILED'];

export type DrawRow = typeof drawsDraws.$inferSelect;
export type NewDrawRow = Pick<
  typeof drawsDraws.$inferInsert,
  'publicId' | 'gameKey' | 'drawNo' | 'stopAt' | 'drawAt' | 'jackpotCents' | 'purchaseStatus'
> &
  Partial<
    Pick<
      typeof drawsDraws.$inferInsert,
      'status' | 'result' | 'dividends' | 'resultSource' | 'closedAt' | 'drawnAt' | 'scoredAt' | 'paidAt' | 'emailedAt'
    >
  >;

/** The timestamp column each state stamps when a draw enters it. */
const STAMP = {
  DRAW_CLOSED: 'closedAt',
  DRAW_DRAWN: 'drawnAt',
  DRAW_SCORED: 'scoredAt',
  DRAW_PAID: 'paidAt',
  DRAW_EMAILED: 'emailedAt',
} as const;

export interface ResultsFilter {
  gameKeys?: readonly string[];
  /** Draw time window [from, to), per game (archived months are months in each game's own time zone). */
  windows?: { gameKey: string; from: Date; to: Date }[];
}

function resultsWhere(filter: ResultsFilter): SQL {
  const parts: (SQL | undefined)[] = [inArray(drawsDraws.status, VISIBLE_STATUSES)];
  if (filter.gameKeys)
    parts.push(filter.gameKeys.length ? inArray(drawsDraws.gameKey, [...filter.gameKeys]) : sql`false`);
  if (filter.windows) {
    parts.push(
      filter.windows.length
        ? or(
            ...filter.windows.map((w) =>
              and(eq(drawsDraws.gameKey, w.gameKey), gte(drawsDraws.drawAt, w.from), lt(drawsDraws.drawAt, w.to)),
            ),
          )
        : sql`false`,
    );
  }
  return and(...parts)!;
}

/** Standard sales for one open pre-order draw (draw:advance brings a game's next draw forward). */
async function openSalesOf(db: Db, drawId: string): Promise<DrawRow[]> {
  return db
    .update(drawsDraws)
    .set({ purchaseStatus: 'standard' })
    .where(
      and(
        eq(drawsDraws.publicId, drawId),
        eq(drawsDraws.purchaseStatus, 'pre_order'),
        eq(drawsDraws.status, 'DRAW_OPEN'),
      ),
    )
    .returning();
}

export function createDrawsRepository(db: Db) {
  return {
    openSalesOf: (drawId: string) => openSalesOf(db, drawId),
    /** Inserts the draws not there yet (by game and number); returns how many were new. */
    async insertMissing(rows: NewDrawRow[], executor: Executor = db): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await executor
        .insert(drawsDraws)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: drawsDraws.id });
      return inserted.length;
    },

    async findByPublicId(publicId: string): Promise<DrawRow | undefined> {
      return (await db.select().from(drawsDraws).where(eq(drawsDraws.publicId, publicId)))[0];
    },

    async findByNumber(gameKey: string, drawNo: number): Promise<DrawRow | undefined> {
      return (
        await db
          .select()
          .from(drawsDraws)
          .where(and(eq(drawsDraws.gameKey, gameKey), eq(drawsDraws.drawNo, drawNo)))
      )[0];
    },

    async latestDrawNo(gameKey: string): Promise<number | null> {
      const rows = await db
        .select({ n: max(drawsDraws.drawNo) })
        .from(drawsDraws)
        .where(eq(drawsDraws.gameKey, gameKey));
      return rows[0]?.n ?? null;
    },

    async upcoming(gameKey: string, now: Date, limit: number): Promise<DrawRow[]> {
      return db
        .select()
        .from(drawsDraws)
        .where(and(eq(drawsDraws.gameKey, gameKey), eq(drawsDraws.status, 'DRAW_OPEN'), gt(drawsDraws.stopAt, now)))
        .orderBy(asc(drawsDraws.drawAt))
        .limit(limit);
    },

    /** A page of draws of a game and/or a state, by draw time (the back office's schedule), and how many match. */
    async page(filter: { gameKey?: string; status?: DrawStatus }, page: { limit: number; offset: number }) {
      const where = and(
        filter.gameKey ? eq(drawsDraws.gameKey, filter.gameKey) : undefined,
        filter.status ? eq(drawsDraws.status, filter.status) : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(drawsDraws)
          .where(where)
          .orderBy(asc(drawsDraws.drawAt), asc(drawsDraws.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(drawsDraws).where(where),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    async withStatus(status: DrawStatus, limit: number, before?: { drawAt: Date }): Promise<DrawRow[]> {
      return db
        .select()
        .from(drawsDraws)
        .where(and(eq(drawsDraws.status, status), before ? lte(drawsDraws.drawAt, before.drawAt) : undefined))
        .orderBy(asc(drawsDraws.drawAt))
        .limit(limit);
    },

    /** Open pre-order draws drawn by `drawnBy` are sold as standard from now on; returns the draws it moved. */
    async openPreOrderSales(drawnBy: Date): Promise<DrawRow[]> {
      return db
        .update(drawsDraws)
        .set({ purchaseStatus: 'standard' })
        .where(
          and(
            eq(drawsDraws.purchaseStatus, 'pre_order'),
            eq(drawsDraws.status, 'DRAW_OPEN'),
            lte(drawsDraws.drawAt, drawnBy),
          ),
        )
        .returning();
    },

    /** Closes every open draw whose sales stop time has come; returns the draws this call closed. */
    async closeDue(now: Date): Promise<DrawRow[]> {
      return db
        .update(drawsDraws)
        .set({ status: 'DRAW_CLOSED', closedAt: now, updatedAt: now })
        .where(and(eq(drawsDraws.status, 'DRAW_OPEN'), lte(drawsDraws.stopAt, now)))
        .returning();
    },

    /** Moves one draw from `from` to `to`; undefined when it was not in `from` (another process moved it first). */
    async transition(
      publicId: string,
      from: DrawStatus,
      to: keyof typeof STAMP,
      now: Date,
    ): Promise<DrawRow | undefined> {
      const rows = await db
        .update(drawsDraws)
        .set({ status: to, [STAMP[to]]: now, updatedAt: now })
        .where(and(eq(drawsDraws.publicId, publicId), eq(drawsDraws.status, from)))
        .returning();
      return rows[0];
    },

    async recordResult(
      publicId: string,
      values: { result: unknown; dividends: unknown; resultSource: string },
      now: Date,
    ): Promise<DrawRow | undefined> {
      const rows = await db
        .update(drawsDraws)
        .set({
          status: 'DRAW_DRAWN',
          result: values.result,
          dividends: values.dividends,
          resultSource: values.resultSource,
          drawnAt: now,
          updatedAt: now,
        })
        .where(and(eq(drawsDraws.publicId, publicId), eq(drawsDraws.status, 'DRAW_CLOSED')))
        .returning();
      return rows[0];
    },

    /** Visible results, newest draw first, with the total for paging. */
    async results(
      filter: ResultsFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: DrawRow[]; total: number }> {
      const where = resultsWhere(filter);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(drawsDraws)
          .where(where)
          .orderBy(desc(drawsDraws.drawAt), asc(drawsDraws.gameKey))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(drawsDraws).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /** (game, draw number, draw time) of every visible result: enough to build the archive's month index. */
    async resultIndex(gameKeys: readonly string[]): Promise<{ gameKey: string; drawNo: number; drawAt: Date }[]> {
      return db
        .select({ gameKey: drawsDraws.gameKey, drawNo: drawsDraws.drawNo, drawAt: drawsDraws.drawAt })
        .from(drawsDraws)
        .where(resultsWhere({ gameKeys }))
        .orderBy(desc(drawsDraws.drawAt));
    },

    /** Every visible result of a game, oldest first (statistics). */
    async resultsOf(gameKey: string): Promise<{ drawNo: number; drawAt: Date; result: unknown }[]> {
      return db
        .select({ drawNo: drawsDraws.drawNo, drawAt: drawsDraws.drawAt, result: drawsDraws.result })
        .from(drawsDraws)
        .where(resultsWhere({ gameKeys: [gameKey] }))
        .orderBy(asc(drawsDraws.drawNo));
    },

    /** Changes whenever a result of the game arrives: the key of the statistics cache. */
    async resultsVersion(gameKey: string): Promise<string> {
      const rows = await db
        .select({ n: count(), last: max(drawsDraws.drawnAt) })
        .from(drawsDraws)
        .where(resultsWhere({ gameKeys: [gameKey] }));
      return `${rows[0]?.n ?? 0}:${rows[0]?.last?.toISOString() ?? ''}`;
    },

    async neighbours(gameKey: string, drawNo: number): Promise<{ previous: number | null; next: number | null }> {
      const [prev, next] = await Promise.all([
        db
          .select({ n: max(drawsDraws.drawNo) })
          .from(drawsDraws)
          .where(and(eq(drawsDraws.gameKey, gameKey), lt(drawsDraws.drawNo, drawNo))),
        db
          .select({ n: drawsDraws.drawNo })
          .from(drawsDraws)
          .where(and(eq(drawsDraws.gameKey, gameKey), gt(drawsDraws.drawNo, drawNo)))
          .orderBy(asc(drawsDraws.drawNo))
          .limit(1),
      ]);
      return { previous: prev[0]?.n ?? null, next: next[0]?.n ?? null };
    },
  };
}
export type DrawsRepository = ReturnType<typeof createDrawsRepository>;

// Purchases racing a draw's close: the close is a conditional UPDATE on the draw row, so a purchase that takes a
// share lock on the same row inside its transaction either commits before the close starts or sees it closed.

/**
 * Share locks on the draws an item plays (one statement, in id order), answering those still open and before their
 * stop by public id. A draw missing from the answer is closed (or unknown): the purchase fails with draw_closed.
 */
export async function lockOpenDraws(
  tx: Executor,
  drawIds: string[],
  now: Date,
): Promise<Map<string, { gameKey: string; drawNo: number }>> {
  const rows = await tx
    .select({
      publicId: drawsDraws.publicId,
      status: drawsDraws.status,
      stopAt: drawsDraws.stopAt,
      gameKey: drawsDraws.gameKey,
      drawNo: drawsDraws.drawNo,
    })
    .from(drawsDraws)
    .where(inArray(drawsDraws.publicId, drawIds))
    .orderBy(asc(drawsDraws.id))
    .for('share')
    // One statement text per number of draws, so one name each.
    .prepare(`draws_lock_open_${drawIds.length}`)
    .execute();
  return new Map(
    rows
      .filter((r) => r.status === 'DRAW_OPEN' && r.stopAt.getTime() > now.getTime())
      .map((r) => [r.publicId, { gameKey: r.gameKey, drawNo: r.drawNo }]),
  );
}

/**
 * lockOpenDraws as a CTE of another module's statement (the purchase's guarded write, ADR 109): the draws that are
 * still open and before their stop at `now`, share-locked in id order. The statement's check compares their number
 * with the draws asked for, so a draw closed meanwhile refuses the whole write (the draw-close race).
 */
export function openDrawsLocked(name: string, drawIds: string[], now: Date): WritePart {
  return {
    ctes: [
      [
        name,
        // Found by public id (the open-and-before-stop test in the select list, not the where clause, so the
        // planner never walks every open draw through the status index); a row locked after a concurrent close is
        // re-read at its newest version, and so is the test.
        sql`select id, status = 'DRAW_OPEN' and stop_at > ${now.toISOString()}::timestamptz as open from draws_draws
          where public_id = any(${`{${drawIds.join(',')}}`}::text[])
          order by id for share`,
      ],
    ],
    checks: [[`${name}_open`, sql`(select count(*) filter (where open) from ${sql.raw(name)}) = ${drawIds.length}`]],
  };
}

/** Open draws of a game from a draw number on, soonest first (multi-draw items beyond the catalogue's list). */
export function openDrawsFrom(ex: Executor, gameKey: string, fromDrawNo: number, now: Date, limit: number) {
  return ex
    .select({
      publicId: drawsDraws.publicId,
      drawNo: drawsDraws.drawNo,
      stopAt: drawsDraws.stopAt,
      drawAt: drawsDraws.drawAt,
      purchaseStatus: drawsDraws.purchaseStatus,
    })
    .from(drawsDraws)
    .where(
      and(
        eq(drawsDraws.gameKey, gameKey),
        eq(drawsDraws.status, 'DRAW_OPEN'),
        gt(drawsDraws.stopAt, now),
        gte(drawsDraws.drawNo, fromDrawNo),
      ),
    )
    .orderBy(asc(drawsDraws.drawNo))
    .limit(limit);
}
