// Drawn numbers, result cards, the dividends table and the pager of the results screens.
import { Link } from 'react-router';
import { longDate, price, type useSiteFormat } from './lottery-format.ts';
import type { PastDrawView } from './lotteries.wire.ts';
import { drawResultPath } from './offer-links.ts';

type Site = ReturnType<typeof useSiteFormat>;

const SET_LABELS: Record<string, string> = { powerball: 'Powerball', lucky_stars: 'Lucky Stars', bonus: 'Bonus Ball' };

function setLabel(name: string): string {
  return SET_LABELS[name] ?? name.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

function Ball({ n, variant }: { n: number; variant: 'main' | 'supp' | 'bonus' }) {
  const tone =
    variant === 'main'
      ? 'bg-brand text-white'
      : variant === 'supp'
        ? 'border-2 border-brand bg-white text-brand'
        : 'bg-action text-white';
  return (
    <li
      className={`flex size-[2.25rem] items-center justify-center rounded-full text-base font-bold tabular-nums ${tone}`}
    >
      {n}
    </li>
  );
}

function BallRow({
  label,
  numbers,
  variant,
}: {
  label: string;
  numbers: number[];
  variant: 'main' | 'supp' | 'bonus';
}) {
  if (numbers.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-0.5">
      <span className="w-full text-sm font-semibold md:w-auto md:min-w-[8rem]">{label}</span>
      <ol className="flex flex-wrap gap-0.5" aria-label={`${label}: ${numbers.join(', ')}`}>
        {numbers.map((n, i) => (
          <Ball key={`${i}-${n}`} n={n} variant={variant} />
        ))}
      </ol>
    </div>
  );
}

export function DrawnNumbers({ draw }: { draw: Pick<PastDrawView, 'numbers' | 'supplementaries' | 'bonus'> }) {
  return (
    <div className="flex flex-col gap-0.5" data-testid="drawn-numbers">
      <BallRow label="Winning numbers" numbers={draw.numbers} variant="main" />
      <BallRow label="Supplementary numbers" numbers={draw.supplementaries} variant="supp" />
      {draw.bonus.map((b) => (
        <BallRow key={b.name} label={setLabel(b.name)} numbers={b.numbers} variant="bonus" />
      ))}
    </div>
  );
}

export function ResultCard({
  draw,
  site,
  offerSlug,
  headingLevel = 2,
}: {
  draw: PastDrawView;
  site: Site;
  offerSlug: string | null;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = `${draw.gameName} draw ${draw.drawNo}`;
  return (
    <article className="flex flex-col gap-0.5 rounded-theme border border-black/10 p-1" data-testid="result-card">
      <Heading className="text-lg font-bold text-brand">{title}</Heading>
      <p className="text-sm">{longDate(draw.drawDate, site)}</p>
      <DrawnNumbers draw={draw} />
      {offerSlug ? (
        <Link to={drawResultPath({ slug: offerSlug }, draw.drawNo)} className="self-start text-sm underline">
          Prizes and winners<span className="sr-only"> of {title}</span>
        </Link>
      ) : null}
    </article>
  );
}

export function DividendsTable({ draw, site }: { draw: PastDrawView; site: Site }) {
  if (draw.dividends.length === 0)
    return <p>Prize amounts are not in yet. They are published once the draw is scored.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" data-testid="dividends">
        <caption className="sr-only">Prizes of draw {draw.drawNo} by division</caption>
        <thead>
          <tr className="border-b-2 border-brand">
            <th scope="col" className="py-0.5 pr-1">
              Division
            </th>
            <th scope="col" className="py-0.5 pr-1 text-right">
              Winners
            </th>
            <th scope="col" className="py-0.5 text-right">
              Prize each
            </th>
          </tr>
        </thead>
        <tbody>
          {draw.dividends.map((d) => (
            <tr key={d.division} className="border-b border-black/10">
              {/* The match rule sits under the division so the table fits a 375 px screen without scrolling. */}
              <th scope="row" className="py-0.5 pr-1 text-left align-top">
                <span className="block whitespace-nowrap font-semibold">Division {d.division}</span>
                <span className="block font-normal">{d.description}</span>
              </th>
              <td className="py-0.5 pr-1 text-right align-top tabular-nums">
                {d.winners === null ? '–' : d.winners.toLocaleString(site.locale)}
              </td>
              <td className="py-0.5 text-right align-top whitespace-nowrap tabular-nums">
                {d.prizeCents === null || d.currency === null ? 'Not won' : price(d.prizeCents, d.currency, site)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next page links (plain links: paging works without JavaScript). */
export function Pager({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number | null;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const hasNext = pages === null ? false : page < pages;
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-1 py-1">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="btn btn-secondary" rel="prev">
          Newer results
        </Link>
      ) : (
        <span />
      )}
      {pages !== null ? (
        <span className="text-sm">
          Page {page} of {pages}
        </span>
      ) : null}
      {hasNext ? (
        <Link to={hrefFor(page + 1)} className="btn btn-secondary" rel="next">
          Older results
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
