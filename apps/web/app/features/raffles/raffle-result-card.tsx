// One drawn raffle draw as a results card: its first prize, winning ticket and a link to the draw's winners. Shown
// by the raffles tab of the results lists and by a raffle's own results page (/:productOfferKey/results).
import { Link } from 'react-router';
import type { RaffleResult } from '@shop/contracts';
import { count, drawPath } from './raffle-format.ts';
import { longDate, useSiteFormat } from './raffle-site.ts';

export function RaffleResultCard({ result, slug }: { result: RaffleResult; slug: string }) {
  const site = useSiteFormat();
  const title = result.name;
  return (
    <article className="flex flex-col gap-0.5 rounded-theme border border-black/10 p-1" data-testid="result-card">
      <h2 className="text-lg font-bold text-brand">{title}</h2>
      <p className="text-sm">{longDate(result.drawDate, site)}</p>
      {result.firstPrize ? (
        <p>
          <span className="font-semibold">First prize:</span> {result.firstPrize}
        </p>
      ) : null}
      <p>
        <span className="font-semibold">Winning ticket:</span>{' '}
        <span className="font-mono text-lg font-bold tabular-nums" data-testid="winning-ticket">
          {result.winningTicketNumber ?? '—'}
        </span>{' '}
        <span className="text-sm">of {count(result.ticketsSold, site)} sold</span>
      </p>
      <Link to={drawPath({ slug }, result.drawNo)} className="self-start text-sm underline">
        Prizes and winners<span className="sr-only"> of {title}</span>
      </Link>
    </article>
  );
}
