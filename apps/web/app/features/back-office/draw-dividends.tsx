// The dividends of a draw on the Draws screen: the rows of the result form (one per division of the game's prize
// table, amounts in dollars), the dividends a proposal or an official result carries, and after settlement the
// winning lines and prizes paid per division.
import type { AdminWinners } from '@shop/contracts';
import type { z } from 'zod';
import { formCents } from './back-office-format.ts';
import { DataTable } from './data-table.tsx';
import type { DividendRow } from './result-dividends.ts';

const TABLE_TEXT: Record<DividendRow['kind'], string> = {
  jackpot: 'the jackpot',
  pool: 'a share of the prize pool',
  fixed: 'a fixed prize',
  free_entry: 'a free entry',
};

const hintOf = (r: DividendRow) =>
  r.tableCents === null
    ? `Pays ${TABLE_TEXT[r.kind]}.`
    : `Pays ${TABLE_TEXT[r.kind]}: ${formCents(r.tableCents, r.currency)} when left empty.`;

/** One amount per division; all empty, the API takes the prizes from the game's prize table. */
export function DividendsFieldset({ rows }: { rows: DividendRow[] }) {
  if (rows.length === 0) return null;
  return (
    <fieldset className="mt-1 basis-full" aria-describedby="dividends-hint">
      <legend className="mb-0.5 font-bold">Prize per division (optional)</legend>
      <p id="dividends-hint" className="mb-0.5 text-sm text-[#4a4a4a]">
        In {rows[0]!.currency}, dollars and cents, as the lottery announced them. Leave every prize empty to use the
        game’s prize table; once you enter one, enter every pool and jackpot division too.
      </p>
      <div className="grid gap-1 sm:grid-cols-2 xl:grid-cols-3">
        {rows.map((r) => (
          <div key={r.division}>
            <input type="hidden" name="dividendDivision" value={r.division} />
            <label htmlFor={`dividend-${r.division}`} className="mb-[4px] block font-semibold">
              Division {r.division} ({r.label})
            </label>
            <p id={`dividend-${r.division}-hint`} className="mb-[4px] text-sm text-[#4a4a4a]">
              {hintOf(r)}
            </p>
            <input
              id={`dividend-${r.division}`}
              name="dividendAmount"
              inputMode="decimal"
              autoComplete="off"
              aria-describedby={`dividend-${r.division}-hint`}
              className="block min-h-[44px] w-full rounded-theme border border-[#767676] px-0.5"
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** "Division 1 $1,000,000.00 · Division 2 …", or where the prizes come from when none were entered. */
export function dividendsText(
  dividends: { division: number; prizeCents: number }[] | null,
  currency: string,
  none = 'from the game’s prize table',
): string {
  if (!dividends || dividends.length === 0) return none;
  return [...dividends]
    .sort((a, b) => a.division - b.division)
    .map((d) => `Division ${d.division} ${formCents(d.prizeCents, currency)}`)
    .join(' · ');
}

type Winners = z.infer<typeof AdminWinners>;

/** After settlement: each division's dividend, winning lines and what they were paid. */
export function DivisionsTable({
  winners,
  dividends,
  rows,
  currency,
}: {
  winners: Winners;
  dividends: { division: number; prizeCents: number }[] | null;
  rows: DividendRow[];
  currency: string;
}) {
  const divisions = rows.length
    ? rows.map((r) => r.division)
    : [...new Set(winners.divisions.map((d) => d.division ?? 0))].sort((a, b) => a - b);
  const data = divisions.map((division) => {
    const won = winners.divisions.find((d) => d.division === division);
    return {
      division,
      label: rows.find((r) => r.division === division)?.label ?? '',
      dividend: dividends?.find((d) => d.division === division)?.prizeCents ?? null,
      winners: won?.winners ?? 0,
      paid: won?.prizeCents ?? 0,
    };
  });
  return (
    <DataTable
      caption="Winners and prizes per division"
      columns={[
        { accessorKey: 'division', header: 'Division' },
        { accessorKey: 'label', header: 'Matched' },
        {
          accessorKey: 'dividend',
          header: 'Dividend',
          cell: (c) => (c.row.original.dividend === null ? '—' : formCents(c.row.original.dividend, currency)),
        },
        { accessorKey: 'winners', header: 'Winning lines' },
        { accessorKey: 'paid', header: 'Paid', cell: (c) => formCents(c.row.original.paid, currency) },
      ]}
      rows={data}
      rowId={(r) => String(r.division)}
      empty="No divisions."
    />
  );
}
