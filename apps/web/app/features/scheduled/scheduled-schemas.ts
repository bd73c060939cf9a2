// The posts of the scheduled purchase screens (ADR 022: every action parses its post with a schema): cancel on the
// scheduled purchase's screen, and "Schedule for later" on the play screen (the ticket being built, and the date and
// time to buy it in the site's time zone, sent to POST /scheduled-purchases as an ISO time with that date's offset).
import { zonedIsoString, zonedTimeToUtc } from '@shop/protocol';
import { z } from 'zod';
import { jsonField } from '../../lib/form-data.ts';

export const CancelScheduledSchema = z.object({ intent: z.literal('cancel') });

/** The schedule form's own messages (the API's come back in its error envelope and are shown as they are). */
export const SCHEDULE_MESSAGES = {
  ticket: 'Complete at least 1 game',
  date: 'Choose the date to buy it.',
  time: 'Choose the time to buy it.',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;

/** A real calendar date (2027-02-30 is not one: it would silently become 2 March). */
function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

/**
 * The play screen's "Schedule for later" post: the ticket as JSON (the same field Add to cart sends; checked against
 * the contract by the action) and the date and time to buy it, read as wall-clock time in the site's time zone.
 */
export const ScheduleTicketSchema = z.object({
  intent: z.literal('schedule'),
  ticket: jsonField(SCHEDULE_MESSAGES.ticket),
  date: z.string({ error: SCHEDULE_MESSAGES.date }).refine(isCalendarDate, SCHEDULE_MESSAGES.date),
  time: z.string({ error: SCHEDULE_MESSAGES.time }).regex(TIME, SCHEDULE_MESSAGES.time),
});

/**
 * The API's `scheduledAt` for a date and time chosen in the site's time zone: ISO 8601 with that date's offset
 * (Australia/Sydney: +11:00 in daylight saving, +10:00 otherwise). Seconds the browser may add are dropped.
 */
export function scheduledAtOf(date: string, time: string, timeZone: string): string {
  return zonedIsoString(zonedTimeToUtc(date, time.slice(0, 5), timeZone), timeZone);
}
