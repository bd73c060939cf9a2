// The draw calendar: draw days, operator draw numbers and DST-correct instants in Sydney and London.
import { getGame } from '@shop/lottery';
import { describe, expect, it } from 'vitest';
import { addDays, drawNoOn, drawsBetween, localDateOf, scheduledDraw, zonedTimeToUtc } from './draws.schedule.ts';

describe('draw schedule', () => {
  it('numbers draws from the game anchor, forwards and backwards, counting only draw days', () => {
    const oz = getGame('oz-lotto');
    expect(drawNoOn(oz, oz.drawNoAnchor.date)).toBe(oz.drawNoAnchor.drawNo);
    expect(drawNoOn(oz, addDays(oz.drawNoAnchor.date, 7))).toBe(oz.drawNoAnchor.drawNo + 1);
    expect(drawNoOn(oz, addDays(oz.drawNoAnchor.date, -7))).toBe(oz.drawNoAnchor.drawNo - 1);
    expect(drawNoOn(oz, '2026-03-10')).toBe(1673);
    // Weekday Windfall draws Mon, Wed and Fri: draw 1 on Monday 20 May 2024.
    const ww = getGame('weekday-windfall');
    expect(drawsBetween(ww, '2024-05-20', '2024-05-27').map((d) => [d.localDate, d.drawNo])).toEqual([
      ['2024-05-20', 1],
      ['2024-05-22', 2],
      ['2024-05-24', 3],
      ['2024-05-27', 4],
    ]);
  });

  it('only lists the game draw days, and every draw of a daily game', () => {
    const oz = getGame('oz-lotto');
    const tuesdays = drawsBetween(oz, '2026-03-01', '2026-04-30');
    expect(tuesdays).toHaveLength(9);
    for (const d of tuesdays) expect(new Date(`${d.localDate}T12:00:00Z`).getUTCDay()).toBe(2);
    expect(tuesdays.map((d) => d.drawNo)).toEqual(Array.from({ length: 9 }, (_, i) => tuesdays[0]!.drawNo + i));
    expect(drawsBetween(getGame('set-for-life'), '2026-03-01', '2026-03-07')).toHaveLength(7);
  });

  it('keeps the Sydney wall-clock draw time across the end of daylight saving (5 April 2026)', () => {
    const oz = getGame('oz-lotto');
    const before = scheduledDraw(oz, '2026-03-31');
    const after = scheduledDraw(oz, '2026-04-07');
    expect(before.drawAt.toISOString()).toBe('2026-03-31T09:30:00.000Z'); // 20:30 AEDT (+11)
    expect(after.drawAt.toISOString()).toBe('2026-04-07T10:30:00.000Z'); // 20:30 AEST (+10)
    expect(before.stopAt.toISOString()).toBe('2026-03-31T08:30:00.000Z');
    expect(after.drawNo).toBe(before.drawNo + 1);
    // And the start of daylight saving (4 October 2026).
    expect(scheduledDraw(oz, '2026-09-29').drawAt.toISOString()).toBe('2026-09-29T10:30:00.000Z');
    expect(scheduledDraw(oz, '2026-10-06').drawAt.toISOString()).toBe('2026-10-06T09:30:00.000Z');
  });

  it('schedules GB games in London time (BST from 29 March 2026)', () => {
    const uk = getGame('uk-lotto');
    expect(scheduledDraw(uk, '2026-03-28').drawAt.toISOString()).toBe('2026-03-28T20:00:00.000Z');
    expect(scheduledDraw(uk, '2026-04-01').drawAt.toISOString()).toBe('2026-04-01T19:00:00.000Z');
  });

  it('converts both ways around midnight in the zone', () => {
    expect(zonedTimeToUtc('2026-01-01', '00:00', 'Australia/Sydney').toISOString()).toBe('2025-12-31T13:00:00.000Z');
    expect(localDateOf(new Date('2025-12-31T13:00:00.000Z'), 'Australia/Sydney')).toBe('2026-01-01');
    expect(localDateOf(new Date('2025-12-31T12:59:59.000Z'), 'Australia/Sydney')).toBe('2025-12-31');
  });
});
