// Importer for the official results feed shape (games.md "Official results feeds"): { DrawResults: [{ ProductId,
// DrawNumber, DrawDate, PrimaryNumbers[], SecondaryNumbers[], Dividends[{ Division, BlocNumberOfWinners,
// BlocDividend }] }] }. The live endpoint is unsupported and unreachable, so results arrive as a file. A file is
// all or nothing: every entry is checked against the game's rules before any is recorded.
import { toCents } from '@shop/contracts';
import { getGame, type DrawResult, type GameDefinition, type GameKey } from '@shop/lottery';
import { z } from 'zod';
import { scheduledDraw } from './draws.schedule.ts';
import {
  drawPublicId,
  estimatedJackpotCents,
  resultProblem,
  type Dividend,
  type DrawsService,
} from './draws.service.ts';

/** ProductId values of the operator's feed, and the game each one is. */
export const FEED_PRODUCTS: Record<string, GameKey> = {
  OzLotto: 'oz-lotto',
  Powerball: 'powerball',
  TattsLotto: 'saturday-lotto',
  SaturdayLotto: 'saturday-lotto',
  GoldLotto: 'saturday-lotto',
  XLotto: 'saturday-lotto',
  WeekdayWindfall: 'weekday-windfall',
  SetForLife744: 'set-for-life',
  SetForLife: 'set-for-life',
  LottoStrike: 'lotto-strike',
  UKLotto: 'uk-lotto',
  EuroMillions: 'euromillions',
};

const FeedNumber = z.number().int();
const FeedDrawResult = z.object({
  ProductId: z.string(),
  DrawNumber: z.number().int().positive(),
  DrawDate: z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'DrawDate must start with YYYY-MM-DD'),
  PrimaryNumbers: z.array(FeedNumber),
  SecondaryNumbers: z.array(FeedNumber).nullish(),
  Dividends: z
    .array(
      z.object({
        Division: z.number().int().positive(),
        BlocNumberOfWinners: z.number().int().min(0).nullish(),
        BlocDividend: z.number().min(0),
      }),
    )
    .nullish(),
});
const Feed = z.object({ DrawResults: z.array(FeedDrawResult).min(1, 'The feed has no DrawResults.') });

export interface FeedEntry {
  gameKey: GameKey;
  drawNo: number;
  /** The draw's local date as the feed states it. */
  drawDate: string;
  result: DrawResult;
  dividends: Dividend[];
}

/** A feed that cannot be recorded: every reason, one per line ("OzLotto draw 1650: Oz Lotto needs 7 main numbers ..."). */
export class ResultsFeedError extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('\n'));
    this.name = 'ResultsFeedError';
  }
}

/**
 * Feed numbers to a result: SecondaryNumbers fill the game's bonus barrels when it has them (Powerball:
 * SecondaryNumbers[0] is the Powerball; EuroMillions: the Lucky Stars), otherwise they are the supplementaries.
 */
function toResult(game: GameDefinition, primary: number[], secondary: number[]): DrawResult {
  const bonusSets = game.numberSets.filter((s) => s.name !== 'numbers');
  if (bonusSets.length === 0) return { numbers: primary, supplementaries: secondary, bonus: {} };
  const bonus: Record<string, number[]> = {};
  let at = 0;
  for (const set of bonusSets) {
    bonus[set.name] = secondary.slice(at, at + set.pick);
    at += set.pick;
  }
  return { numbers: primary, supplementaries: secondary.slice(at), bonus };
}

/** Parses and checks a feed file's text; throws ResultsFeedError listing every problem. */
export function parseResultsFeed(text: string): FeedEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ResultsFeedError(['The file is not JSON.']);
  }
  const parsed = Feed.safeParse(json);
  if (!parsed.success) {
    throw new ResultsFeedError(parsed.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`));
  }
  const reasons: string[] = [];
  const entries: FeedEntry[] = [];
  const seen = new Set<string>();
  for (const r of parsed.data.DrawResults) {
    const label = `${r.ProductId} draw ${r.DrawNumber}`;
    const gameKey = FEED_PRODUCTS[r.ProductId];
    if (!gameKey) {
      reasons.push(`${label}: unknown ProductId "${r.ProductId}" (known: ${Object.keys(FEED_PRODUCTS).join(', ')}).`);
      continue;
    }
    if (seen.has(`${gameKey}:${r.DrawNumber}`)) {
      reasons.push(`${label}: appears twice in the file.`);
      continue;
    }
    seen.add(`${gameKey}:${r.DrawNumber}`);
    const game = getGame(gameKey, r.DrawNumber);
    const result = toResult(game, r.PrimaryNumbers, r.SecondaryNumbers ?? []);
    const problem = resultProblem(game, result);
    if (problem) {
      reasons.push(`${label}: ${problem}`);
      continue;
    }
    const divisions = new Set(game.divisions.map((d) => d.division));
    const dividends: Dividend[] = [];
    for (const d of r.Dividends ?? []) {
      if (!divisions.has(d.Division)) {
        reasons.push(`${label}: ${game.name} has no division ${d.Division}.`);
        continue;
      }
      try {
        dividends.push({
          division: d.Division,
          prizeCents: toCents(d.BlocDividend),
          winners: d.BlocNumberOfWinners ?? null,
        });
      } catch {
        reasons.push(`${label}: division ${d.Division} dividend ${d.BlocDividend} is not an amount in cents.`);
      }
    }
    entries.push({ gameKey, drawNo: r.DrawNumber, drawDate: r.DrawDate.slice(0, 10), result, dividends });
  }
  if (reasons.length) throw new ResultsFeedError(reasons);
  return entries;
}

export interface ImportOutcome {
  gameKey: GameKey;
  drawNo: number;
  drawId: string;
  /** false when the same result was already recorded (importing a file twice changes nothing). */
  recorded: boolean;
}

/**
 * Records every entry of a feed. Checks first, writes after: a draw whose stored date disagrees with the feed, a
 * draw still open for sales, or a different result already recorded stops the import before anything is written.
 * A draw the shop never scheduled (older than its history) is created closed from the feed's date.
 */
export async function importResultsFeed(draws: DrawsService, text: string, now: Date): Promise<ImportOutcome[]> {
  const entries = parseResultsFeed(text);
  const reasons: string[] = [];
  for (const e of entries) {
    const game = getGame(e.gameKey);
    const label = `${game.name} draw ${e.drawNo}`;
    const draw = await draws.getDrawByNumber(e.gameKey, e.drawNo);
    if (!draw) continue;
    if (draw.localDate !== e.drawDate)
      reasons.push(`${label}: the feed dates it ${e.drawDate}, the shop's schedule ${draw.localDate}.`);
    else if (draw.status === 'DRAW_OPEN' && draw.stopAt.getTime() > now.getTime())
      reasons.push(`${label}: sales are still open until ${draw.stopAt.toISOString()}.`);
    else if (draw.result && JSON.stringify(draw.result.numbers) !== JSON.stringify(e.result.numbers))
      reasons.push(`${label}: a different result is already recorded.`);
  }
  if (reasons.length) throw new ResultsFeedError(reasons);

  const outcomes: ImportOutcome[] = [];
  for (const e of entries) {
    let draw = await draws.getDrawByNumber(e.gameKey, e.drawNo);
    if (!draw) {
      const game = getGame(e.gameKey, e.drawNo);
      // Times from the game's calendar; the number is the feed's (the shop's numbering may not reach back that far).
      const planned = scheduledDraw(game, e.drawDate);
      await draws.insertPastDraws([
        {
          publicId: drawPublicId(e.gameKey, e.drawNo),
          gameKey: e.gameKey,
          drawNo: e.drawNo,
          stopAt: planned.stopAt,
          drawAt: planned.drawAt,
          jackpotCents: estimatedJackpotCents(e.gameKey, e.drawNo),
          purchaseStatus: 'standard',
          status: 'DRAW_CLOSED',
          closedAt: now,
        },
      ]);
      draw = (await draws.getDrawByNumber(e.gameKey, e.drawNo))!;
    }
    if (draw.status === 'DRAW_OPEN') await draws.close(draw.id);
    const step = await draws.recordResult(draw.id, e.result, e.dividends, 'import');
    outcomes.push({ gameKey: e.gameKey, drawNo: e.drawNo, drawId: draw.id, recorded: step.changed });
  }
  return outcomes;
}
