// Results paging (spec features §9 "results page size 5") and the period part of archive urls
// ("Past results path ends in month name and year, or only a year").
// The zod-free entry: this module ships to the browser with the home page.
import { PAGE_SIZES } from '@shop/contracts/constants';

export const RESULTS_PAGE_SIZE = PAGE_SIZES.results;

/** The page of a `/:page?` segment: absent is page 1; anything but a whole number from 1 is no page at all. */
export function parsePage(param: string | undefined): number | null {
  if (param === undefined || param === '') return 1;
  if (!/^[1-9][0-9]{0,5}$/.test(param)) return null;
  return Number(param);
}

export function pageCount(total: number | null, pageSize: number = RESULTS_PAGE_SIZE): number | null {
  return total === null ? null : Math.max(1, Math.ceil(total / pageSize));
}

export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

export interface ResultsPeriod {
  year: number;
  /** 1-12, or null for the whole year. */
  month: number | null;
}

/** "november-2026" -> { year: 2026, month: 11 }; "2026" -> { year: 2026, month: null }; anything else -> null. */
export function parsePeriod(param: string | undefined): ResultsPeriod | null {
  if (!param) return null;
  const yearOnly = /^(\d{4})$/.exec(param);
  if (yearOnly) return validYear(Number(yearOnly[1])) ? { year: Number(yearOnly[1]), month: null } : null;
  const monthYear = /^([a-z]+)-(\d{4})$/i.exec(param);
  if (!monthYear) return null;
  const month = MONTH_NAMES.indexOf(monthYear[1]!.toLowerCase() as (typeof MONTH_NAMES)[number]) + 1;
  const year = Number(monthYear[2]);
  return month > 0 && validYear(year) ? { year, month } : null;
}

function validYear(year: number): boolean {
  return year >= 1900 && year <= 9999;
}

export function periodSegment(period: ResultsPeriod): string {
  return period.month === null ? String(period.year) : `${MONTH_NAMES[period.month - 1]}-${period.year}`;
}

export function periodLabel(period: ResultsPeriod): string {
  if (period.month === null) return String(period.year);
  const name = MONTH_NAMES[period.month - 1]!;
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${period.year}`;
}
