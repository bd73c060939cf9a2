// Pieces of the syndicate screens (issue 16): a syndicate's tile (lottery, draw date, jackpot, shares left of size,
// cost per share), its tickets with their games and numbers, and the draw's result.
import { Link } from 'react-router';
import type { Syndicate } from '@shop/contracts';
import { formatJackpot, formatLongDate, formatMoney, formatTime, type SiteFormat } from '../../lib/format.ts';

export { useSiteFormat } from '../../lib/shell.ts';

const sharesWord = (n: number) => `${n} ${n === 1 ? 'share' : 'shares'}`;
export const sharesLeftText = (s: Pick<Syndicate, 'sharesLeft' | 'size'>) =>
  s.sharesLeft === 0 ? `Sold out (${s.size} shares)` : `${sharesWord(s.sharesLeft)} left of ${s.size}`;
export const drawDateText = (s: Pick<Syndicate, 'drawDate'>, site: SiteFormat) =>
  formatLongDate(new Date(s.drawDate), site);
export const stopText = (s: Pick<Syndicate, 'stop'>, site: SiteFormat) =>
  `${formatLongDate(new Date(s.stop), site)}, ${formatTime(new Date(s.stop), site)}`;
export const syndicatePath = (s: Pick<Syndicate, 'productOfferKey' | 'id'>) =>
  `/${s.productOfferKey}/syndicate?syndicate=${s.id}`;

export function SyndicateCard({ syndicate: s, site }: { syndicate: Syndicate; site: SiteFormat }) {
  const soldPct = Math.round((100 * s.sharesSold) / s.size);
  const titleId = `syn-${s.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-0.5 rounded-theme border border-black/10 bg-surface p-1"
      data-testid="syndicate-card"
    >
      <h2 id={titleId} className="text-xl font-extrabold text-brand">
        {s.name}
      </h2>
      <p className="text-sm">
        {s.lotteryName} draw {s.drawNo}, {drawDateText(s, site)}
      </p>
      {s.jackpot ? (
        <p className="font-semibold">Jackpot {formatJackpot(Math.round(s.jackpot.amount * 100), s.jackpot.currency)}</p>
      ) : null}
      <p className="text-sm">
        {s.tickets.map((t) => t.name).join(' + ')} · {s.numStandardGames} games
      </p>
      <p className="text-sm font-semibold" data-testid="shares-left">
        {sharesLeftText(s)}
      </p>
      <div aria-hidden="true" className="h-[0.6rem] w-full overflow-hidden rounded-full bg-black/10">
        <div className="h-full rounded-full bg-brand" style={{ width: `${soldPct}%` }} />
      </div>
      <p className="text-lg font-bold">
        {formatMoney(s.costPerShare)} <span className="text-sm font-normal">per share</span>
      </p>
      <Link to={syndicatePath(s)} className="btn btn-primary mt-auto self-start">
        {s.status === 'sold_out' ? 'View syndicate' : 'Buy shares'}
        <span className="sr-only">
          {' '}
          in the {s.name} for draw {s.drawNo}
        </span>
      </Link>
    </article>
  );
}

export function SyndicateTickets({ syndicate: s, headingLevel = 2 }: { syndicate: Syndicate; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="syndicate-tickets" className="flex flex-col gap-0.5" data-testid="syndicate-tickets">
      <H id="syndicate-tickets" className="text-2xl font-bold">
        The syndicate&apos;s tickets
      </H>
      <p className="text-sm">
        {s.numStandardGames} games in {s.tickets.length} {s.tickets.length === 1 ? 'ticket' : 'tickets'}, bought for
        draw {s.drawNo}.
      </p>
      <ul className="flex flex-col gap-0.5">
        {s.tickets.map((t, i) => (
          <li key={i} className="rounded-theme border border-black/10 p-1">
            <p className="font-semibold">
              {t.name} <span className="font-normal">({t.numStandardGames} games)</span>
            </p>
            <ul className="flex flex-col gap-0.25">
              {t.lines.map((line, j) => (
                <li key={j} className="flex flex-wrap gap-0.25 font-mono text-sm" data-testid="syndicate-line">
                  {Object.entries(line).map(([set, numbers]) => (
                    <span key={set}>
                      <span className="sr-only">{set === 'numbers' ? 'Numbers' : set}: </span>
                      {set === 'numbers' ? '' : '+ '}
                      {numbers.join(' ')}
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SyndicateResult({ syndicate: s }: { syndicate: Syndicate }) {
  if (!s.result) return null;
  return (
    <section aria-labelledby="syndicate-result" className="flex flex-col gap-0.25" data-testid="syndicate-result">
      <h2 id="syndicate-result" className="text-2xl font-bold">
        Draw {s.drawNo} result
      </h2>
      <p className="font-mono">
        {Object.entries(s.result.numbers).map(([set, numbers]) => (
          <span key={set}>
            {set === 'numbers' ? 'Winning numbers: ' : ` ${set}: `}
            {numbers.join(' ')}
          </span>
        ))}
        {s.result.supplementaries.length ? <span> · Supplementaries: {s.result.supplementaries.join(' ')}</span> : null}
      </p>
    </section>
  );
}
