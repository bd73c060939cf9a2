// Purchases racing a draw's close: the close is a conditional UPDATE on the draw row, so a purchase that takes a
// share lock on the same row inside its transaction either commits before the close starts or sees it closed.
import { and, asc, eq, gt, gte } from 'drizzle-orm';
import type { Executor } from '../../db/index.ts';
import { drawsDraws } from './draws.schema.ts';

/** Locks the draw row FOR SHARE; its game while it is still open for sales at `now`, else false. */
export async function lockOpenDraw(
  tx: Executor,
  drawId: string,
  now: Date,
): Promise<false | { gameKey: string; drawNo: number }> {
  const rows = await tx
    .select({
      status: drawsDraws.status,
      stopAt: drawsDraws.stopAt,
      gameKey: drawsDraws.gameKey,
      drawNo: drawsDraws.drawNo,
    })
    .from(drawsDraws)
    .where(eq(drawsDraws.publicId, drawId))
    .for('share');
  const row = rows[0];
  return (
    row !== undefined &&
    row.status === 'DRAW_OPEN' &&
    row.stopAt.getTime() > now.getTime() && { gameKey: row.gameKey, drawNo: row.drawNo }
  );
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
