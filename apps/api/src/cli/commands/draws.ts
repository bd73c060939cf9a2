// Operator commands of the draw lifecycle (DESIGN §8): advance a draw now, enter a result by hand, import a results
// feed file. A result that breaks the game's rules is refused with the reason and the command exits 1.
import { readFile } from 'node:fs/promises';
import { toCents } from '@shop/contracts';
import {
  cryptoRandom,
  getGame,
  isGameKey,
  validateResult,
  type DrawResult,
  type GameDefinition,
  type GameKey,
} from '@shop/lottery';
import { AppError } from '../../lib/errors.ts';
import {
  enterManualResult,
  importResultsFeed,
  ResultsFeedError,
  simulatedDividends,
  type Dividend,
  type DrawSummary,
  type DrawsService,
} from '../../modules/draws/index.ts';
import { defineCommand, offerAndDraw, UsageError } from '../command.ts';
import { runRaffleDraw } from './raffles.ts';

interface DrawResultOptions {
  offer?: string;
  draw?: string;
  numbers?: string;
  supps?: string;
  powerball?: string;
  luckyStars?: string;
  dividends?: string;
}

function gameArg(offer: string | undefined): GameDefinition {
  if (!offer) throw new UsageError('--offer <key> is required.');
  if (!isGameKey(offer)) throw new UsageError(`Unknown offer "${offer}".`);
  return getGame(offer);
}

function drawNoArg(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw new UsageError(`--draw must be a draw number, got "${raw}".`);
  return Number(raw);
}

function numbersArg(name: string, raw: string | undefined): number[] {
  if (raw === undefined || raw.trim() === '') return [];
  return raw.split(',').map((s) => {
    const t = s.trim();
    if (!/^\d{1,3}$/.test(t)) throw new UsageError(`--${name} takes whole numbers separated by commas, got "${raw}".`);
    return Number(t);
  });
}

/** `--dividends 1=1000000,2=45000.50`: division=prize in dollars (pounds). */
function dividendsArg(raw: string | undefined): Dividend[] | undefined {
  if (raw === undefined) return undefined;
  return raw.split(',').map((pair) => {
    const m = /^\s*(\d{1,2})\s*=\s*(\d+(?:\.\d{1,2})?)\s*$/.exec(pair);
    if (!m) throw new UsageError(`--dividends takes division=amount pairs, e.g. 1=1000000,2=45000.50; got "${pair}".`);
    return { division: Number(m[1]), prizeCents: toCents(m[2]!), winners: null };
  });
}

function describe(game: GameDefinition, result: DrawResult): string {
  const parts = [`numbers ${result.numbers.join(' ')}`];
  if (result.supplementaries.length) parts.push(`supps ${result.supplementaries.join(' ')}`);
  for (const [set, nums] of Object.entries(result.bonus ?? {})) if (nums.length) parts.push(`${set} ${nums.join(' ')}`);
  return `${game.name}: ${parts.join(', ')}`;
}

/** `--numbers` and the other result options as a result (the main numbers are required). */
function resultArg(options: DrawResultOptions): DrawResult {
  if (options.numbers === undefined) throw new UsageError('--numbers is required.');
  const bonus: Record<string, number[]> = {};
  if (options.powerball !== undefined) bonus.powerball = numbersArg('powerball', options.powerball);
  if (options.luckyStars !== undefined) bonus.lucky_stars = numbersArg('lucky-stars', options.luckyStars);
  return {
    numbers: numbersArg('numbers', options.numbers),
    supplementaries: numbersArg('supps', options.supps),
    bonus,
  };
}

/** The options of a result entered by hand (draw:result, and draw:advance to force a result). */
const resultOptions = (c: Parameters<typeof offerAndDraw>[0]) =>
  offerAndDraw(c)
    .option('--numbers <list>', 'the main numbers, e.g. 1,2,3,4,5,6,7')
    .option('--supps <list>', 'the supplementaries')
    .option('--powerball <n>', 'the Powerball')
    .option('--lucky-stars <list>', "EuroMillions' lucky stars")
    .option('--dividends <pairs>', 'division=amount pairs, e.g. 1=1000000,2=45000.50');

/** The draw to advance: the given number, else the oldest closed draw still waiting for its result, else the next open one. */
async function drawToAdvance(
  draws: DrawsService,
  game: GameDefinition,
  drawNo: number | undefined,
): Promise<DrawSummary> {
  if (drawNo !== undefined) {
    const draw = await draws.getDrawByNumber(game.key, drawNo);
    if (!draw) throw new UsageError(`${game.name} has no draw ${drawNo}.`);
    return draw;
  }
  const waiting = (await draws.drawsInState('DRAW_CLOSED', { limit: 1000 })).find((d) => d.gameKey === game.key);
  if (waiting) return waiting;
  await draws.ensureSchedule(game.key as GameKey);
  const next = (await draws.upcomingDraws(game.key as GameKey, 1))[0];
  if (!next) throw new UsageError(`${game.name} has no open draw to advance.`);
  return next;
}

export const drawAdvanceCommand = defineCommand({
  name: 'draw:advance',
  usage: '--offer <key> [--draw <no>] [--numbers 1,2,.. [--supps ..] [--powerball n] [--lucky-stars a,b]]',
  summary:
    'Close the next draw of an offer now, draw it with the simulated provider (or the result given) and settle it.',
  define: resultOptions,
  async run(parsed: { args: string[]; options: DrawResultOptions }, ctx) {
    const { options } = parsed;
    // Charity raffles are drawn in-house: the same close, draw and pay as raffle:draw.
    if (options.offer && !isGameKey(options.offer)) return runRaffleDraw(parsed, ctx);
    const game = gameArg(options.offer);
    const drawNo = drawNoArg(options.draw);
    // A result given by hand (a forced win in a demo or browser test) instead of the simulated provider's.
    const forced = options.numbers === undefined ? null : resultArg(options);
    // Refused before the draw is closed: a bad result changes nothing.
    const problem = forced && validateResult(drawNo === undefined ? game : getGame(game.key, drawNo), forced);
    if (problem) throw new UsageError(problem);
    const { draws, providers, settlement } = await ctx.services();
    let draw = await drawToAdvance(draws, game, drawNo);
    if (draw.status === 'DRAW_OPEN') {
      draw = (await draws.close(draw.id)).draw;
      ctx.out(`${game.name} draw ${draw.drawNo} (${draw.id}) is closed.`);
    }
    if (draw.status === 'DRAW_CLOSED' && forced) {
      const dividends =
        dividendsArg(options.dividends) ??
        simulatedDividends(getGame(game.key, draw.drawNo), forced, draw.jackpotCents, cryptoRandom);
      draw = (await draws.recordResult(draw.id, forced, dividends, 'manual')).draw;
      ctx.out(`Drawn: ${describe(game, draw.result!)}`);
    } else if (draw.status === 'DRAW_CLOSED') {
      const provider = providers.results;
      const provided = (await provider.resultFor(draw))!;
      draw = (await draws.recordResult(draw.id, provided.result, provided.dividends, provider.source)).draw;
      ctx.out(`Drawn: ${describe(game, draw.result!)}`);
    }
    if (draw.status === 'DRAW_DRAWN' || draw.status === 'DRAW_SCORED') {
      const report = await settlement.settle(draw.id);
      ctx.out(`Settled: ${report.linesScored} lines scored, ${report.prizesRecorded} prizes recorded.`);
    }
    const final = (await draws.getDraw(draw.id))!;
    ctx.out(`${game.name} draw ${final.drawNo} is ${final.status}.`);
    // Time compressed: the game's next draw is the one on sale now (a pre-order until its sales would have opened).
    await draws.openNextDrawSales(game.key as GameKey);
  },
});

export const drawResultCommand = defineCommand({
  name: 'draw:result',
  usage:
    '--offer <key> --draw <no> --numbers 1,2,.. [--supps ..] [--powerball n] [--lucky-stars a,b] [--dividends 1=amount,..]',
  summary: 'Enter the official result of a draw by hand (refused with the reason when it breaks the rules).',
  define: resultOptions,
  async run({ options }: { options: DrawResultOptions }, ctx) {
    const game = gameArg(options.offer);
    const drawNo = drawNoArg(options.draw);
    if (drawNo === undefined) throw new UsageError('--draw <no> is required.');
    const result = resultArg(options);
    const given = dividendsArg(options.dividends);

    const { draws } = await ctx.services();
    const draw = await draws.getDrawByNumber(game.key, drawNo);
    if (!draw) throw new UsageError(`${game.name} has no draw ${drawNo}.`);
    let step;
    try {
      step = await enterManualResult(draws, ctx.clock.now(), draw.id, result, given);
    } catch (e) {
      if (!(e instanceof AppError) || e.options.code !== 'draw_open') throw e;
      ctx.err(e.message);
      return 1;
    }
    ctx.out(
      step.changed
        ? `Recorded ${describe(game, step.draw.result!)} for draw ${drawNo}; the draw clock settles it.`
        : `Draw ${drawNo} already has this result; nothing changed.`,
    );
  },
});

export const drawImportCommand = defineCommand({
  name: 'draw:import',
  usage: '<file>',
  summary: 'Import results from a file in the official results feed shape (all or nothing).',
  define: (c) => c.argument('[file]', 'the results feed file (JSON)'),
  async run({ args: positional }, ctx) {
    if (positional.length !== 1) throw new UsageError('Give one results file.');
    let text: string;
    try {
      text = await readFile(positional[0]!, 'utf8');
    } catch (e) {
      ctx.err(`Cannot read ${positional[0]}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
      return 1;
    }
    const { draws } = await ctx.services();
    try {
      const outcomes = await importResultsFeed(draws, text, ctx.clock.now());
      for (const o of outcomes)
        ctx.out(`${getGame(o.gameKey).name} draw ${o.drawNo}: ${o.recorded ? 'recorded' : 'already recorded'}`);
      ctx.out(`Imported ${outcomes.filter((o) => o.recorded).length} of ${outcomes.length} results.`);
    } catch (e) {
      if (!(e instanceof ResultsFeedError)) throw e;
      ctx.err(`Rejected ${positional[0]}; nothing was imported:`);
      for (const reason of e.reasons) ctx.err(`  ${reason}`);
      return 1;
    }
  },
});
