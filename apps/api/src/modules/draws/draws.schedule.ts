// The draw calendar of a game: which local dates it draws on, their draw numbers, and the UTC instants of the draw
// and of sales close. Pure; the draw time is a wall-clock time in the game's zone (Australia/Sydney, Europe/London),
// so the UTC instant moves by an hour across daylight saving.
import type { GameDefinition } from '@shop/lottery';

export interface ScheduledDraw {
  drawNo: number;
  /** YYYY-MM-DD in the game's time zone. */
  localDate: string;
  drawAt: Date;
  stopAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock parts of an instant in a time zone. */
export function zonedParts(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

function offsetMs(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a zone. Two passes settle the offset on either side of a DST change;
 * a time inside a spring-forward gap resolves to the instant after the gap (draw times are evenings, never in it).
 */
export function zonedTimeToUtc(localDate: string, time: string, timeZone: string): Date {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

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
