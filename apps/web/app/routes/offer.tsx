// Offer page /:productOfferKey (spec features §2 Product offer pages, core §2 offer links): the offer, the draw
// chosen by ?firstDrawNo= (the next draw otherwise), the draws to choose from, each game type with its prices, and
// the Play call to action leading to the ticket builder of that game type.
import { forwardDrawLabel } from '@shop/lottery';
import { Link } from 'react-router';
import { Countdown } from '../features/lotteries/countdown.tsx';
import { drawJackpotText, drawWhenLabel, price, useSiteFormat } from '../features/lotteries/lottery-format.ts';
import { loadOffer } from '../features/lotteries/lotteries.server.ts';
import type { GameOfferView } from '../features/lotteries/lotteries.wire.ts';
import { offerDrawLink, playPath, resultsPath, selectedDraw, statisticsPath, termsPath } from '../features/lotteries/offer-links.ts';
import { hasCapability } from '../lib/capabilities.ts';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';
import type { Route } from './+types/offer';

/** How many coming draws the picker offers. */
const PICKER_DRAWS = 8;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const offer = await loadOffer(context, request, params.productOfferKey);
  const selected = selectedDraw(offer, new URL(request.url).searchParams.get('firstDrawNo'));
  return { offer, selectedDrawNo: selected?.drawNo ?? null, now: new Date().toISOString() };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `${data.offer.name} tickets` }] : [];
}

function numberSetsText(g: GameOfferView): string {
  return g.numberSets.map((s) => `${s.pick} ${s.name === 'numbers' ? 'numbers' : s.name.replace(/_/g, ' ')} from ${s.from} to ${s.to}`).join(' + ');
}

export default function OfferPage({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const caps = useRouteLoaderData<typeof rootLoader>('root')?.shell.capabilities ?? [];
  const { offer, now, selectedDrawNo } = loaderData;
  const draw = offer.draws.find((d) => d.drawNo === selectedDrawNo) ?? offer.draws[0]!;
  const isFirst = draw.drawNo === offer.draws[0]!.drawNo;
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <header className="flex flex-col gap-0.5 rounded-theme bg-surface p-1.5">
        <h1 className="text-3xl font-extrabold text-brand md:text-4xl">{offer.name}</h1>
        <p className="text-sm font-semibold">
          Draw {draw.drawNo} · {drawWhenLabel(draw.drawAt ?? draw.stop, now, site)}
        </p>
        <p className="text-4xl font-extrabold" data-testid="jackpot">
          {drawJackpotText(draw, site)}
        </p>
        <Countdown stop={draw.stop} now={now} />
        {draw.purchaseStatus === 'pre_order' ? <p className="text-sm">Pre-order: your ticket is bought when sales for this draw open.</p> : null}
        {offer.restrictions.map((r) => (
          <p key={r} className="text-sm">
            {r}
          </p>
        ))}
      </header>

      <section aria-labelledby="choose-draw" className="flex flex-col gap-0.5">
        <h2 id="choose-draw" className="text-2xl font-bold">
          Choose your draw
        </h2>
        <ul className="grid grid-cols-1 gap-0.5 md:grid-cols-2 lg:grid-cols-4" data-testid="draw-picker">
          {offer.draws.slice(0, PICKER_DRAWS).map((d, i) => {
            const current = d.drawNo === draw.drawNo;
            return (
              <li key={d.drawId}>
                <Link
                  to={offerDrawLink(offer, d.drawNo)}
                  aria-current={current ? 'true' : undefined}
                  preventScrollReset
                  className={`flex min-h-[44px] flex-col rounded-theme border-2 p-0.5 no-underline ${current ? 'border-brand bg-surface' : 'border-black/10'}`}
                >
                  <span className="text-sm font-bold">
                    {forwardDrawLabel(i)} · Draw {d.drawNo}
                  </span>
                  <span className="text-sm">{drawWhenLabel(d.drawAt ?? d.stop, now, site)}</span>
                  <span className="text-sm">{drawJackpotText(d, site)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="ways-to-play" className="flex flex-col gap-0.5">
        <h2 id="ways-to-play" className="text-2xl font-bold">
          Ways to play
        </h2>
        <ul className="grid grid-cols-1 gap-1 md:grid-cols-2">
          {offer.gameTypes.map((t) => {
            const first = t.gameOffers[0];
            return (
              <li key={t.type} className="flex flex-col gap-0.5 rounded-theme border border-black/10 p-1" data-testid="game-type">
                <h3 className="text-xl font-bold text-brand">{t.name}</h3>
                {first ? <p className="text-sm">Pick {numberSetsText(first)}.</p> : null}
                <ul className="flex flex-col gap-0.25 text-sm">
                  {t.gameOffers.map((g) => (
                    <li key={g.key} className="flex justify-between gap-1 border-b border-black/5 py-0.25">
                      <span>
                        {g.name}
                        {g.gamesPerLine > 1 ? ` (${g.gamesPerLine.toLocaleString(site.locale)} games)` : ''}
                      </span>
                      <span className="font-semibold tabular-nums">{price(g.priceCents, g.currency, site)}{g.gamesPerLine > 1 ? '' : ' per game'}</span>
                    </li>
                  ))}
                </ul>
                {first ? <p className="text-sm">From {first.minGames} to {first.maxGames} {first.gamesPerLine > 1 ? 'entries' : 'games'} per ticket.</p> : null}
                <Link to={playPath(offer, t.type, isFirst ? null : draw.drawNo)} className="btn btn-primary mt-auto self-start">
                  Play {t.name}
                  <span className="sr-only"> for {offer.name} draw {draw.drawNo}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <nav aria-label={`More about ${offer.name}`} className="flex flex-wrap gap-1 text-sm">
        <Link to={resultsPath(offer)} className="underline">
          {offer.name} results
        </Link>
        {hasCapability(caps, 'commercial_lotteries') ? (
          <Link to={statisticsPath(offer)} className="underline">
            Number statistics
          </Link>
        ) : null}
        <Link to={termsPath(offer)} className="underline">
          Terms and conditions
        </Link>
      </nav>
    </div>
  );
}
