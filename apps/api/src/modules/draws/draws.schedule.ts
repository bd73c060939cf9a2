// The draw calendar of a game: which local dates it draws on, their draw numbers, and the UTC instants of the draw
// and of sales close. Pure; the draw time is a wall-clock time in the game's zone (Australia/Sydney, Europe/London),
// so the UTC instant moves by an hour across daylight saving. Wall-clock conversion is @shop/protocol's zoned time.
import type { GameDefinition } from '@shop/lottery';
import { zonedTimeToUtc } from '@shop/protocol';

export { localDateOf, zonedParts, zonedTimeToUtc } from '@shop/protocol';

export interface ScheduledDraw {
  drawNo: number;
  /** YYYY-MM-DD in the game's time zone. */
  localDate: string;
  drawAt: Date;
  stopAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(localDate: string): number {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Draw days in (from, to] (or, when to is earlier, minus those in (to, from]). */
function drawDaysBetween(game: Pick<GameDefinition, 'drawDays'>, from: string, to: string): number {
  const span = daysBetween(from, to);
  const sign = span < 0 ? -1 : 1;
  const whole = Math.floor(Math.abs(span) / 7);
  let count = whole * game.drawDays.length;
  for (let i = whole * 7 + 1; i <= Math.abs(span); i++) {
    if (game.drawDays.includes(weekdayOf(addDays(from, sign * i)))) count++;
  }
  return sign * count;
}

export function isDrawDay(game: Pick<GameDefinition, 'drawDays'>, localDate: string): boolean {
  return game.drawDays.includes(weekdayOf(localDate));
}

/** The operator's draw number of a draw day, counted from the game's anchor draw. */
export function drawNoOn(game: Pick<GameDefinition, 'drawDays' | 'drawNoAnchor'>, localDate: string): number {
  return game.drawNoAnchor.drawNo + drawDaysBetween(game, game.drawNoAnchor.date, localDate);
}

export function scheduledDraw(
  game: Pick<GameDefinition, 'drawDays' | 'drawNoAnchor' | 'drawTime' | 'timeZone' | 'salesCloseMinutesBefore'>,
  localDate: string,
): ScheduledDraw {
  const drawAt = zonedTimeToUtc(localDate, game.drawTime, game.timeZone);
  return {
    drawNo: drawNoOn(game, localDate),
    localDate,
    drawAt,
    stopAt: new Date(drawAt.getTime() - game.salesCloseMinutesBefore * 60_000),
  };
}

/** Every draw whose local date is in [fromDate, toDate], in order. */
export function drawsBetween(
  game: Parameters<typeof scheduledDraw>[0],
  fromDate: string,
  toDate: string,
): ScheduledDraw[] {
  const out: ScheduledDraw[] = [];
  for (let d = fromDate; d <= toDate; d = addDays(d, 1)) if (isDrawDay(game, d)) out.push(scheduledDraw(game, d));
  return out;
}
