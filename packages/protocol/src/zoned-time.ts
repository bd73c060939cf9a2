// Wall-clock time in the site's zone (DESIGN §3: UTC in the database, Australia/Sydney by default for schedules and
// labels): the API's draw calendar and limit windows and the storefront's date labels read and write local time here.
// Intl only, so it runs the same in Node and in browsers.

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export interface ZoneAndLocale {
  timeZone: string;
  locale: string;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
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
    partFormatters.set(timeZone, f);
  }
  return f;
}

/** Wall-clock parts of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const p of partFormatter(timeZone).formatToParts(instant))
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

/** The calendar date `days` after a local date (YYYY-MM-DD), whatever the zone's clock changes do. */
export function addLocalDays(localDate: string, days: number): string {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as ISO 8601 wall-clock time in a zone with that zone's offset then: 2026-12-01T09:00:00+11:00 in Sydney
 * in summer, +10:00 in winter (what an API that takes "a time with its offset" reads back to the same instant).
 */
export function zonedIsoString(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const offsetMinutes = Math.round(offsetMs(instant, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${p.year}-${pad2(p.month)}-${pad2(p.day)}T${pad2(p.hour)}:${pad2(p.minute)}:${pad2(p.second)}` +
    `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`
  );
}

/** The labels both apps show, by name (examples in en-AU). */
const LABEL_STYLES = {
  /** "3 June 2025" */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "3 June 2025 at 12:00 am" */
  longDateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "5 Dec 2026" */
  shortDate: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "5 Dec 2026, 8:15 pm" */
  shortDateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Sat, 28 Nov 2026, 8:15 pm" */
  weekdayDateTime: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type ZonedLabelStyle = keyof typeof LABEL_STYLES;

const labelFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the site shows it, in the site's zone and locale. An ISO string that is not a date comes back as
 * it was (the screen shows what the API sent rather than "Invalid Date").
 */
export function zonedLabel(at: Date | string, style: ZonedLabelStyle, site: ZoneAndLocale): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(instant.getTime())) return typeof at === 'string' ? at : String(at);
  const cacheKey = `${style}|${site.locale}|${site.timeZone}`;
  let f = labelFormatters.get(cacheKey);
  if (!f) {
    f = new Intl.DateTimeFormat(site.locale, { ...LABEL_STYLES[style], timeZone: site.timeZone });
    labelFormatters.set(cacheKey, f);
  }
  return f.format(instant);
}

/**
 * "Pause until <date>" as the customer means it: the start of that day in the site's zone, with its offset (a bare
 * date would be read as midnight UTC, 11 am in Sydney). The first such day still ahead is tomorrow, local time.
 */
export function localDayStartIso(localDate: string, timeZone: string): string {
  return zonedIsoString(zonedTimeToUtc(localDate, '00:00', timeZone), timeZone);
}
