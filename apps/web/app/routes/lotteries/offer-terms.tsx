// /:productOfferKey/terms-and-conditions and /:productOfferKey/terms-and-conditions/:drawNo (spec core §2): the
// rules of entry the offer is sold under, from the catalogue (number sets, prices, entry sizes, sales close) and,
// for one draw, that draw's dates and prize pool. The shop's general terms stay in /about/terms-and-conditions.
import { Link } from 'react-router';
import { drawJackpotText, longDate, price, useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { loadOffer } from '../../features/lotteries/lotteries.server.ts';
import { offerPath, termsPath } from '../../features/lotteries/offer-links.ts';
import { formatTime } from '../../lib/format.ts';
import { notFound } from '../../lib/route-errors.ts';
import type { Route } from './+types/offer-terms';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offer = await loadOffer(context, request, params.productOfferKey);
  let drawNo: number | null = null;
  if (params.drawNo !== undefined) {
    if (!/^[1-9][0-9]{0,9}$/.test(params.drawNo)) notFound();
    drawNo = Number(params.drawNo);
    if (!offer.draws.some((d) => d.drawNo === drawNo)) notFound();
  }
  return { offer, drawNo };
}

export function meta({ data: d }: Route.MetaArgs) {
  return d ? [{ title: `${d.offer.name} terms and conditions${d.drawNo ? `: draw ${d.drawNo}` : ''}` }] : [];
}

export default function OfferTerms({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { offer, drawNo } = loaderData;
  const draw = drawNo === null ? null : offer.draws.find((d) => d.drawNo === drawNo)!;
  return (
    <div className="page-container flex max-w-[70ch] flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">
        {offer.name} terms and conditions{draw ? `: draw ${draw.drawNo}` : ''}
      </h1>
      {draw ? (
        <section aria-labelledby="draw-terms" className="flex flex-col gap-0.5">
          <h2 id="draw-terms" className="text-2xl font-bold">
            Draw {draw.drawNo}
          </h2>
          <ul className="list-disc pl-1.5">
            <li>
              Sales close {longDate(draw.stop, site)} at {formatTime(new Date(draw.stop), site)}. Tickets bought after
              that time are not accepted for this draw.
            </li>
            {draw.drawAt ? (
              <li>
                The draw takes place {longDate(draw.drawAt, site)} at {formatTime(new Date(draw.drawAt), site)}.
              </li>
            ) : null}
            <li>
              Division 1 prize pool: {drawJackpotText(draw, site)}. The prize pool is an estimate until the draw is
              done.
            </li>
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="entry-rules" className="flex flex-col gap-0.5">
        <h2 id="entry-rules" className="text-2xl font-bold">
          How entries work
        </h2>
        <ul className="list-disc pl-1.5">
          {offer.gameTypes.flatMap((t) =>
            t.gameOffers.map((g) => (
              <li key={`${t.type}-${g.key}`}>
                {g.name}: pick{' '}
                {g.numberSets
                  .map((s) => `${s.pick} ${s.name.replace(/_/g, ' ')} from ${s.from} to ${s.to}`)
                  .join(' and ')}
                ; {g.minGames} to {g.maxGames}{' '}
                {g.gamesPerLine > 1 ? `entries of ${g.gamesPerLine.toLocaleString(site.locale)} games` : 'games'} per
                ticket at {price(g.priceCents, g.currency, site)} {g.gamesPerLine > 1 ? 'per entry' : 'per game'}.
              </li>
            )),
          )}
          <li>
            A game line wins only its highest division. Prizes are paid into your account once the draw's results are
            official.
          </li>
          <li>Tickets are bought for the draw you choose and cannot be changed once sales for it close.</li>
        </ul>
      </section>
      <p>
        These rules add to our{' '}
        <Link to="/about/terms-and-conditions" className="underline">
          general terms and conditions
        </Link>
        .
      </p>
      <p className="flex flex-wrap gap-1 text-sm">
        <Link to={offerPath(offer)} className="underline">
          Play {offer.name}
        </Link>
        {draw ? (
          <Link to={termsPath(offer)} className="underline">
            All {offer.name} terms
          </Link>
        ) : null}
      </p>
    </div>
  );
}
