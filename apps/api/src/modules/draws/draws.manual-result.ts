// An official result entered by hand (the CLI's draw:result, the back office's confirmed result): a draw still on
// sale is refused, a draw past its sales stop is closed first, prizes come from the dividends given or else from the
// game's prize table (as the simulated provider does), and the draw clock settles it on its next tick.
import { cryptoRandom, getGame, type DrawResult } from '@shop/lottery';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Dividend, DrawsService, StepResult } from './draws.service.ts';
import { simulatedDividends } from './results-provider.ts';

export async function enterManualResult(
  draws: Pick<DrawsService, 'getDraw' | 'close' | 'recordResult'>,
  now: Date,
  drawId: string,
  result: DrawResult,
  given?: Dividend[],
): Promise<StepResult> {
  let draw = await draws.getDraw(drawId);
  if (!draw) throw notFound('There is no such draw.', 'draw_not_found');
  const game = getGame(draw.gameKey, draw.drawNo);
  if (draw.status === 'DRAW_OPEN') {
    if (draw.stopAt.getTime() > now.getTime())
      throw conflict(
        `${game.name} draw ${draw.drawNo} is still open for sales until ${draw.stopAt.toISOString()}; use draw:advance to close it now.`,
        'draw_open',
      );
    draw = (await draws.close(draw.id)).draw;
  }
  const dividends = given ?? simulatedDividends(game, result, draw.jackpotCents, cryptoRandom);
  return draws.recordResult(draw.id, result, dividends, 'manual');
}
