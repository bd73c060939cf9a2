// One offer on the home and category pages: name, next draw's jackpot, when it is drawn, countdown, play link.
import { Link } from 'react-router';
import { Countdown } from './countdown.tsx';
import { drawJackpotText, drawWhenLabel, type useSiteFormat } from './lottery-format.ts';
import type { OfferTileView } from './lotteries.wire.ts';
import { offerPath, resultsPath } from './offer-links.ts';

export function OfferTile({
  offer,
  now,
  site,
  headingLevel = 3,
}: {
  offer: OfferTileView;
  now: string;
  site: ReturnType<typeof useSiteFormat>;
  headingLevel?: 2 | 3;
}) {
  const next = offer.draws[0]!;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `offer-${offer.key}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-0.5 rounded-theme border border-black/10 bg-white p-1 shadow-theme"
      data-testid="offer-tile"
    >
      <Heading id={headingId} className="text-xl font-bold text-brand">
        {offer.name}
      </Heading>
      <p className="text-3xl font-extrabold" data-testid="jackpot">
        {drawJackpotText(next, site)}
      </p>
      <p className="text-sm">
        Draw {next.drawNo} · <span>{drawWhenLabel(next.drawAt ?? next.stop, now, site)}</span>
      </p>
      <Countdown stop={next.stop} now={now} />
      <div className="mt-auto flex flex-wrap items-center gap-1 pt-0.5">
        <Link to={offerPath(offer)} className="btn btn-primary">
          Play {offer.name}
        </Link>
        <Link to={resultsPath(offer)} className="text-sm underline">
          {offer.name} results
        </Link>
      </div>
    </article>
  );
}

export function OfferGrid({
  offers,
  now,
  site,
  headingLevel,
}: {
  offers: OfferTileView[];
  now: string;
  site: ReturnType<typeof useSiteFormat>;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3">
      {offers.map((o) => (
        <li key={o.key}>
          <OfferTile offer={o} now={now} site={site} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
