import { describe, expect, it } from 'vitest';
import { dividendRows, postedDividends, resultRefusal } from './result-dividends.ts';

const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [d, a] of pairs) {
    f.append('dividendDivision', d);
    f.append('dividendAmount', a);
  }
  return f;
};

describe('result dividends', () => {
  const rows = dividendRows('uk-lotto', 1);

  it('lists every division of the prize table with its fixed amount, null for a pool or jackpot share', () => {
    expect(rows.map((r) => [r.division, r.tableCents])).toEqual([
      [1, null],
      [2, 1_000_000_00],
      [3, 1_750_00],
      [4, 140_00],
      [5, 30_00],
      [6, expect.any(Number)],
    ]);
    expect(dividendRows('no-such-game', 1)).toEqual([]);
  });

  it('sends nothing when every prize is empty, and completes fixed divisions from the table', () => {
    expect(postedDividends(form(rows.map((r) => [String(r.division), ''])), rows)).toEqual({
      ok: true,
      dividends: undefined,
    });
    const typed = postedDividends(
      form(rows.map((r) => [String(r.division), r.division === 1 ? '5000000.50' : ''])),
      rows,
    );
    expect(typed).toMatchObject({ ok: true });
    expect(typed.ok && typed.dividends?.[0]).toEqual({ division: 1, prizeCents: 500_000_050 });
    expect(typed.ok && typed.dividends?.[1]).toEqual({ division: 2, prizeCents: 1_000_000_00 });
  });

  it('refuses an empty pool division once one prize is typed, and text that is not an amount', () => {
    const empty = postedDividends(
      form([
        ['1', ''],
        ['2', '10.00'],
      ]),
      rows,
    );
    expect(empty).toEqual({
      ok: false,
      error: 'Enter the prize of division 1 too, or leave every prize empty to use the prize table.',
    });
    expect(postedDividends(form([['1', 'lots']]), rows)).toMatchObject({ ok: false });
    // A negative amount is sent: the API answers why it is refused.
    expect(postedDividends(form([['1', '-5']]), rows)).toEqual({
      ok: true,
      dividends: [{ division: 1, prizeCents: -500 }],
    });
  });

  it("says the API's refusal of a dividend per division", () => {
    const sent = [
      { division: 2, prizeCents: 100 },
      { division: 4, prizeCents: -500 },
    ];
    expect(
      resultRefusal('Some fields are not valid.', { 'dividends.1.prizeCents': ['A prize cannot be negative.'] }, sent),
    ).toBe('Division 4: A prize cannot be negative.');
    expect(resultRefusal('Oz Lotto has no division 9.', { dividends: ['Oz Lotto has no division 9.'] }, sent)).toBe(
      'Oz Lotto has no division 9.',
    );
  });
});
