// The dividends a draw officer types with a result (docs/back-office.md, Draws): one row per division of the game's
// prize table (the lottery engine's, for this draw's number). Left all empty, the API takes the prizes from the prize
// table; once one is typed, every pool or jackpot division must be typed too (the API would pay 0 for a division it
// is not given), and an empty fixed-prize or free-entry division takes the prize table's amount.
import { getGame, isGameKey, type DivisionRule } from '@shop/lottery';

export interface DividendRow {
  division: number;
  label: string;
  /** What the prize table pays when nothing is typed: its amount, or null for a share of the pool or the jackpot. */
  tableCents: number | null;
  kind: DivisionRule['prize']['kind'];
  currency: string;
}

/** The game's divisions for this draw, or [] for a game the engine does not know. */
export function dividendRows(gameKey: string, drawNo: number): DividendRow[] {
  if (!isGameKey(gameKey)) return [];
  const game = getGame(gameKey, drawNo);
  return game.divisions.map((d) => ({
    division: d.division,
    label: d.label,
    kind: d.prize.kind,
    tableCents:
      d.prize.kind === 'fixed'
        ? d.prize.cents
        : d.prize.kind === 'free_entry'
          ? Math.floor(game.price.cents / game.price.games)
          : null,
    currency: game.currency,
  }));
}

/** "55.25" as 5525 cents, "-1" as -100 (the API says why a negative prize is refused), anything else as NaN. */
function centsOf(text: string): number {
  if (!/^-?\d{1,9}(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -cents : cents;
}

export type DividendsAnswer =
  { ok: true; dividends: { division: number; prizeCents: number }[] | undefined } | { ok: false; error: string };

/**
 * The dividends a result form posted (`dividendDivision` / `dividendAmount` pairs), completed by the prize table: none
 * typed is undefined (the API uses the prize table). Divisions are sent as posted, so one the game lacks is refused
 * by the API with its reason.
 */
export function postedDividends(
  form: { getAll(name: string): FormDataEntryValue[] },
  rows: DividendRow[],
): DividendsAnswer {
  const divisions = form.getAll('dividendDivision').map((d) => Number(d));
  const amounts = form.getAll('dividendAmount').map((a) => String(a).trim());
  if (amounts.every((a) => a === '')) return { ok: true, dividends: undefined };
  const dividends: { division: number; prizeCents: number }[] = [];
  for (const [i, division] of divisions.entries()) {
    const amount = amounts[i] ?? '';
    const row = rows.find((r) => r.division === division);
    if (amount === '') {
      if (row && row.tableCents === null)
        return {
          ok: false,
          error: `Enter the prize of division ${division} too, or leave every prize empty to use the prize table.`,
        };
      if (row?.tableCents != null) dividends.push({ division, prizeCents: row.tableCents });
      continue;
    }
    const prizeCents = centsOf(amount);
    if (!Number.isInteger(division) || Number.isNaN(prizeCents))
      return { ok: false, error: `Write the prize of division ${division} in dollars and cents, e.g. 1250.00.` };
    dividends.push({ division, prizeCents });
  }
  return { ok: true, dividends };
}

/**
 * The API's refusal of a result, said per division where it names a posted dividend (`dividends.3.prizeCents`:
 * "Division 4: A prize cannot be negative."), otherwise its own message.
 */
export function resultRefusal(
  message: string,
  fieldErrors: Record<string, string[]>,
  sent: { division: number }[] | undefined,
): string {
  const perDivision = Object.entries(fieldErrors).flatMap(([field, texts]) => {
    const at = /^dividends\.(\d+)\./.exec(field);
    const division = at ? sent?.[Number(at[1])]?.division : undefined;
    return division === undefined ? [] : texts.map((t) => `Division ${division}: ${t}`);
  });
  return perDivision.length ? perDivision.join(' ') : message;
}
