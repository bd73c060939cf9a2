// The play screen /:productOfferKey/:gameTypeKey? (spec core §2, features §2 Product offer pages, §3 Ticket being
// built): the offer (name, jackpot and countdown of the chosen draw, the draws to choose from with ?firstDrawNo=),
// the ticket builder of one game type, the ways to play with their prices and the links to results, statistics and
// terms. The plain offer path plays the offer's first game type; offers that are not lottery tickets show no builder.
// Where the scheduled purchase screen is available (its gate), the builder offers "Schedule for later".
import { forwardDrawLabel } from '@shop/lottery';
import { localDateOf } from '@shop/protocol';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { hasCapability, routeAllowed } from '../../lib/capabilities.ts';
import { usePageKey } from '../../lib/use-page-key.ts';
import type { loader as rootLoader } from '../../root.tsx';
import type { BuilderData, PlayScreenData, PlayScreenResult } from './play-screen.server.ts';
import { Countdown } from '../../features/lotteries/countdown.tsx';
import { drawJackpotText, drawWhenLabel, price, useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import type { GameOfferView } from '../../features/lotteries/lotteries.wire.ts';
import {
  offerDrawLink,
  playPath,
  resultsPath,
  statisticsPath,
  termsPath,
} from '../../features/lotteries/offer-links.ts';
import { LATER_ANCHOR, TicketBuilder, type TicketBuilderProps } from '../../features/tickets/ticket-builder.tsx';
import { deferredPart } from '../../ui/deferred-part.tsx';

/**
 * "Schedule for later" shows when it is asked for (or after a refused schedule): its form, schema and the form library
 * load then, not with the play screen (a deferred part, ADR 098; docs/storefront.md "Performance"). The server renders
 * it in place when the page opens with it.
 */
const SchedulePanel = deferredPart(() =>
  import('../../features/scheduled/schedule-form.tsx').then((m) => m.SchedulePanel),
);

/** How many coming draws the picker offers. */
const PICKER_DRAWS = 8;

function numberSetsText(g: GameOfferView): string {
  return g.numberSets
    .map((s) => `${s.pick} ${s.name === 'numbers' ? 'numbers' : s.name.replace(/_/g, ' ')} from ${s.from} to ${s.to}`)
    .join(' + ');
}

/**
 * "Schedule for later" for the builder, only where the scheduled purchase screen it leads to is available (its route
 * gate). Signed out: the panel's login link comes back to this page with the panel open (#schedule-later).
 */
function useScheduleLater(
  builder: BuilderData | null,
  result: PlayScreenResult | undefined,
  caps: Parameters<typeof routeAllowed>[1],
): TicketBuilderProps['later'] {
  const site = useSiteFormat();
  const location = useLocation();
  // The first key this page view's loader gave ('' while signed out: the panel then offers the login).
  const pageKey = usePageKey(builder?.scheduleKey ?? '');
  if (!builder || !routeAllowed('my-account-scheduled-purchase', caps)) return undefined;
  const feedback = result && 'schedule' in result ? result.schedule : null;
  const back = `${location.pathname}${location.search}#${LATER_ANCHOR}`;
  return {
    open: feedback !== null,
    render: (ticket, headingRef) => (
      <SchedulePanel
        ticket={ticket}
        signedIn={builder.signedIn}
        loginHref={`/login?redirect=${encodeURIComponent(back)}`}
        idempotencyKey={feedback?.idempotencyKey ?? (pageKey || null)}
        result={feedback?.result ?? null}
        today={localDateOf(new Date(builder.now), site.timeZone)}
        timeZone={site.timeZone}
        headingRef={headingRef}
      />
    ),
  };
}

/** What an offer preview says instead of adding to the cart. */
const PREVIEW_NOT_FOR_SALE = 'Tickets cannot be bought from this preview.';

function withQuery(href: string, key: string, value: string): string {
  const url = new URL(href, 'http://offer.invalid');
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}`;
}

export function PlayScreen({ data, result }: { data: PlayScreenData; result?: PlayScreenResult | undefined }) {
  const site = useSiteFormat();
  const location = useLocation();
  const caps = useRouteLoaderData<typeof rootLoader>('root')?.shell?.capabilities ?? [];
  const scheduleLater = useScheduleLater(data.builder, result, caps);
  // A preview offers neither Add to cart nor Schedule for later.
  const later = data.preview ? undefined : scheduleLater;
  const error = result && 'error' in result ? result.error : null;
  const fieldErrors = result && 'error' in result ? result.fieldErrors : undefined;
  const { offer, now, selectedDrawNo, builder } = data;
  const draw = offer.draws.find((d) => d.drawNo === selectedDrawNo) ?? offer.draws[0]!;
  const isFirst = draw.drawNo === offer.draws[0]!.drawNo;
  // On a game type's own path the draw links keep that game type (and so the ticket being built).
  // A preview's draw links keep the preview (the plain offer page, where the flag is read).
  const previewToken = new URLSearchParams(location.search).get('preview');
  const drawLink = (drawNo: number, index: number) =>
    data.preview && previewToken
      ? withQuery(offerDrawLink(offer, drawNo), 'preview', previewToken)
      : data.gameTypeInPath && builder
        ? playPath(offer, builder.gameType, index === 0 ? null : drawNo)
        : offerDrawLink(offer, drawNo);
  const playing = builder ? builder.offer.gameTypes.find((t) => t.type === builder.gameType) : undefined;
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      {data.preview ? (
        <p
          className="rounded-theme border-2 border-brand bg-white p-1 font-semibold"
          data-testid="offer-preview-banner"
        >
          {`Preview: ${offer.name} is not on sale. ${PREVIEW_NOT_FOR_SALE}`}
        </p>
      ) : null}
      <header className="flex flex-col gap-0.5 rounded-theme bg-surface p-1.5">
        <h1 className="text-3xl font-extrabold text-brand md:text-4xl">{offer.name}</h1>
        <p className="text-sm font-semibold">
          Draw {draw.drawNo} · {drawWhenLabel(draw.drawAt ?? draw.stop, now, site)}
        </p>
        <p className="text-4xl font-extrabold" data-testid="jackpot">
          {drawJackpotText(draw, site)}
        </p>
        <Countdown stop={draw.stop} now={now} />
        {draw.purchaseStatus === 'pre_order' ? (
          <p className="text-sm">Pre-order: your ticket is bought when sales for this draw open.</p>
        ) : null}
        {offer.restrictions.map((r) => (
          <p key={r} className="text-sm">
            {r}
          </p>
        ))}
      </header>

      <section aria-labelledby="choose-draw" className="flex min-w-0 flex-col gap-0.5">
        <h2 id="choose-draw" className="text-2xl font-bold">
          Choose your draw
        </h2>
        {/* A swipeable strip on phones (the builder stays near the top), a grid from tablets up. */}
        <ul
          className="-mx-0.5 flex gap-0.5 overflow-x-auto px-0.5 pb-0.25 md:mx-0 md:grid md:grid-cols-2 md:overflow-visible md:px-0 lg:grid-cols-4"
          data-testid="draw-picker"
        >
          {offer.draws.slice(0, PICKER_DRAWS).map((d, i) => {
            const current = d.drawNo === draw.drawNo;
            return (
              <li key={d.drawId} className="w-[11rem] shrink-0 md:w-auto">
                <Link
                  to={drawLink(d.drawNo, i)}
                  aria-current={current ? 'true' : undefined}
                  preventScrollReset
                  className={`flex h-full min-h-[44px] flex-col rounded-theme border-2 p-0.5 no-underline ${current ? 'border-brand bg-surface' : 'border-black/10'}`}
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

      {builder && playing ? (
        <section aria-labelledby="play-heading" className="flex flex-col gap-1">
          <h2 id="play-heading" className="text-2xl font-bold">
            Play {playing.name}
          </h2>
          <TicketBuilder
            // Another game type starts a fresh ticket; another first draw keeps the numbers picked so far.
            key={builder.gameType}
            offer={builder.offer}
            gameType={builder.gameType}
            firstDrawNo={builder.firstDrawNo}
            favourites={builder.favourites}
            signedIn={builder.signedIn}
            site={site}
            typeLinks={builder.offer.gameTypes
              .filter((t) => t.gameOffers.length > 0 && (!data.preview || t.type === builder.gameType))
              .map((t) => ({
                type: t.type,
                name: t.name,
                href: playPath(offer, t.type, isFirst ? null : draw.drawNo),
              }))}
            drawChoices={[]}
            precart={hasCapability(caps, 'pre_cart_recommended_draws')}
            error={error}
            fieldErrors={fieldErrors}
            later={later}
            cta={data.cta ?? 'control'}
            notForSale={data.preview ? PREVIEW_NOT_FOR_SALE : undefined}
          />
        </section>
      ) : null}

      <section aria-labelledby="ways-to-play" className="flex flex-col gap-0.5">
        <h2 id="ways-to-play" className="text-2xl font-bold">
          Ways to play
        </h2>
        <ul className="grid grid-cols-1 gap-1 md:grid-cols-2">
          {offer.gameTypes.map((t) => {
            const first = t.gameOffers[0];
            return (
              <li
                key={t.type}
                className="flex flex-col gap-0.5 rounded-theme border border-black/10 p-1"
                data-testid="game-type"
              >
                <h3 className="text-xl font-bold text-brand">{t.name}</h3>
                {first ? <p className="text-sm">Pick {numberSetsText(first)}.</p> : null}
                <ul className="flex flex-col gap-0.25 text-sm">
                  {t.gameOffers.map((g) => (
                    <li key={g.key} className="flex justify-between gap-1 border-b border-black/5 py-0.25">
                      <span>
                        {g.name}
                        {g.gamesPerLine > 1 ? ` (${g.gamesPerLine.toLocaleString(site.locale)} games)` : ''}
                      </span>
                      <span className="font-semibold tabular-nums">
                        {price(g.priceCents, g.currency, site)}
                        {g.gamesPerLine > 1 ? '' : ' per game'}
                      </span>
                    </li>
                  ))}
                </ul>
                {first ? (
                  <p className="text-sm">
                    From {first.minGames} to {first.maxGames} {first.gamesPerLine > 1 ? 'entries' : 'games'} per ticket.
                  </p>
                ) : null}
                {builder && t.type === builder.gameType ? (
                  <a href="#play-heading" className="btn btn-secondary mt-auto self-start" aria-current="true">
                    Play {t.name}
                    <span className="sr-only">
                      {' '}
                      (the ticket above) for {offer.name} draw {draw.drawNo}
                    </span>
                  </a>
                ) : data.preview ? null : (
                  // A preview links to no page of the offer that is not on sale (they answer 404 until it is).
                  <Link
                    to={playPath(offer, t.type, isFirst ? null : draw.drawNo)}
                    className="btn btn-primary mt-auto self-start"
                  >
                    Play {t.name}
                    <span className="sr-only">
                      {' '}
                      for {offer.name} draw {draw.drawNo}
                    </span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      {data.preview ? null : (
        <nav aria-label={`More about ${offer.name}`} className="flex flex-wrap gap-1 text-sm">
          <Link to={resultsPath(offer)} className="inline-flex min-h-[44px] items-center underline">
            {offer.name} results
          </Link>
          {hasCapability(caps, 'commercial_lotteries') ? (
            <Link to={statisticsPath(offer)} className="inline-flex min-h-[44px] items-center underline">
              Number statistics
            </Link>
          ) : null}
          <Link to={termsPath(offer)} className="inline-flex min-h-[44px] items-center underline">
            Terms and conditions
          </Link>
        </nav>
      )}
    </div>
  );
}
