// One offer on the home and category pages: name, next draw's jackpot, when it is drawn, countdown, play link. A
// syndicate_share offer is the syndicate tile (features §9): shares left of its size, the cost per share, the games
// its tickets play, and a link to the syndicate play screen (/:productOfferKey/syndicate, the offer's url).
import { Link } from 'react-router';
import { formatCents } from '../../lib/format.ts';
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
  if (offer.syndicate)
    return (
      <SyndicateTile offer={offer} syndicate={offer.syndicate} now={now} site={site} headingLevel={headingLevel} />
    );
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

function SyndicateTile({
  offer,
  syndicate,
  now,
  site,
  headingLevel,
}: {
  offer: OfferTileView;
  syndicate: NonNullable<OfferTileView['syndicate']>;
  now: string;
  site: ReturnType<typeof useSiteFormat>;
  headingLevel: 2 | 3;
}) {
  const next = offer.draws[0]!;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `offer-${offer.key}`;
  const perShare = formatCents(syndicate.costPerShareCents, next.currency, site.locale);
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-0.5 rounded-theme border-2 border-brand bg-white p-1 shadow-theme"
      data-testid="offer-tile"
      data-offer-type="syndicate_share"
    >
      <p className="self-start rounded-theme bg-brand px-0.5 text-xs font-bold uppercase text-white">Syndicate</p>
      <Heading id={headingId} className="text-xl font-bold text-brand">
        {offer.name}
      </Heading>
      <p className="text-3xl font-extrabold" data-testid="jackpot">
        {drawJackpotText(next, site)}
      </p>
      <p className="font-semibold" data-testid="syndicate-shares">
        {perShare} a share · {syndicate.sharesLeft} of {syndicate.size} shares left
      </p>
      <p className="text-sm">
        {syndicate.numStandardGames} games: {syndicate.tickets.map((t) => t.name).join(' + ')}
      </p>
      <p className="text-sm">
        Draw {next.drawNo} · <span>{drawWhenLabel(next.drawAt ?? next.stop, now, site)}</span>
      </p>
      <Countdown stop={next.stop} now={now} />
      <div className="mt-auto flex flex-wrap items-center gap-1 pt-0.5">
        <Link to={offerPath(offer)} className="btn btn-primary">
          Buy a share
          <span className="sr-only"> of the {offer.name}</span>
        </Link>
      </div>
    </article>
  );
}

/**
 * The product list's tiles in the order given (offer-order.ts). `syndicates`: the visitor's site sells syndicates
 * (capability `syndicates`); without it the syndicate tile is left out.
 */
export function OfferGrid({
  offers,
  now,
  site,
  headingLevel,
  syndicates,
}: {
  offers: OfferTileView[];
  now: string;
  site: ReturnType<typeof useSiteFormat>;
  headingLevel?: 2 | 3;
  syndicates: boolean;
}) {
  return (
    <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3" data-testid="offer-list">
      {offers
        .filter((o) => syndicates || o.type !== 'syndicate_share')
        .map((o) => (
          <li key={o.key}>
            <OfferTile offer={o} now={now} site={site} headingLevel={headingLevel} />
          </li>
        ))}
    </ul>
  );
}
