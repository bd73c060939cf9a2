// The raffle offer page (features §2 Product offer pages, §3 raffle draw): the draw's first prize, supply and odds,
// the buy form (bundles, cause), the other prizes, the causes it supports, the draw commitment, permits, and links to
// the draws, winners and prize details. The offer route, the draw route and /causes/:causeSlug/:productOfferKey
// all render it. The causes section is the site configuration's charity support widget (features §3 Site config):
// not rendered when that widget is switched off.
import { Link } from 'react-router';
import type { Raffle, RaffleDraw } from '@shop/contracts';
import { useWidgetVariant } from '../../lib/shell.ts';
import { dateTime, longDate, useSiteFormat } from './raffle-site.ts';
import {
  canOrder,
  causePath,
  drawPath,
  oddsText,
  prizeDetailsPath,
  supportPath,
  winnersPath,
} from './raffle-format.ts';
import {
  BuyForm,
  Commitment,
  Permits,
  PrizeList,
  PurchaseStatusNotice,
  TicketsRemaining,
  type BuyFormErrors,
} from './raffle-parts.tsx';

export interface RaffleScreenData {
  raffle: Raffle;
  slug: string;
  /** The draw this screen is about (the offer page: the one on sale now). */
  draw: RaffleDraw;
  now: string;
  utm: string;
  chosenCause?: string | null;
}

/** Offer links (core §2): a coming draw open for purchase is at {offerPath}/draw/{drawNumber}; the first is the plain page. */
function drawLink(slug: string, raffle: Raffle, d: RaffleDraw): string {
  const first = raffle.draws[0];
  return first && first.drawNo === d.drawNo ? `/${slug}` : drawPath({ slug }, d.drawNo);
}

export function RaffleScreen({
  data,
  errors,
  title,
}: {
  data: RaffleScreenData;
  errors?: BuyFormErrors | null;
  title?: string;
}) {
  const site = useSiteFormat();
  const charitySupport = useWidgetVariant('charitySupportWidget');
  const { raffle, slug, draw, utm } = data;
  const ref = { slug };
  const first = draw.prizes.find((p) => p.kind === 'first') ?? null;
  const orderable = canOrder(draw);
  const otherDraws = raffle.draws.filter((d) => d.drawNo !== draw.drawNo);
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <header className="flex flex-col gap-0.5 rounded-theme bg-surface p-1.5">
        <h1 className="text-3xl font-extrabold text-brand md:text-4xl">{title ?? raffle.name}</h1>
        <p className="text-sm font-semibold">
          Draw {draw.drawNo} · {longDate(draw.drawDate, site)}
        </p>
        {first ? (
          <p className="text-2xl font-extrabold" data-testid="headline-prize">
            Win {first.name}
          </p>
        ) : null}
        {raffle.description ? <p>{raffle.description}</p> : null}
        {draw.purchaseStatus === 'open' ? (
          <p className="text-sm" data-testid="sales-close">
            Sales close {dateTime(draw.stopDate, site)}
          </p>
        ) : null}
        <PurchaseStatusNotice raffle={ref} draw={draw} site={site} />
        <TicketsRemaining draw={draw} site={site} />
        <p className="text-sm" data-testid="odds">
          {oddsText(draw, site)}
        </p>
      </header>

      <div className="grid grid-cols-1 gap-1.5 lg:grid-cols-[1fr_minmax(0,26rem)]">
        <div className="flex flex-col gap-1.5 lg:order-2">
          {orderable ? (
            <div className="rounded-theme border border-black/10 p-1 shadow-theme">
              <BuyForm
                raffle={raffle}
                slug={slug}
                draw={draw}
                chosenCause={data.chosenCause ?? null}
                utm={utm}
                errors={errors}
              />
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-1.5 lg:order-1">
          <PrizeList prizes={draw.prizes} site={site} />
          {raffle.causes.length > 0 && charitySupport !== null ? (
            <section
              aria-labelledby="raffle-causes"
              className="flex flex-col gap-0.5"
              data-widget="charity-support"
              data-variant={charitySupport}
            >
              <h2 id="raffle-causes" className="text-2xl font-bold">
                {raffle.causes.length > 1 ? 'Causes you can support' : 'The cause you support'}
              </h2>
              <ul className="flex flex-col gap-0.25">
                {raffle.causes.map((c) => (
                  <li key={c.slug}>
                    <Link
                      to={causePath(c.slug)}
                      className="inline-flex min-h-[44px] items-center font-semibold underline"
                    >
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {otherDraws.length > 0 ? (
            <section aria-labelledby="raffle-draws" className="flex flex-col gap-0.5">
              <h2 id="raffle-draws" className="text-2xl font-bold">
                Other draws
              </h2>
              <ul className="flex flex-col gap-0.25" data-testid="raffle-draws">
                {otherDraws.map((d) => (
                  <li key={d.drawNo}>
                    <Link to={drawLink(slug, raffle, d)} className="inline-flex min-h-[44px] items-center underline">
                      Draw {d.drawNo} · {longDate(d.drawDate, site)}
                      {d.purchaseStatus === 'pre_order'
                        ? ' · pre-order'
                        : d.purchaseStatus === 'sold_out'
                          ? ' · sold out'
                          : ''}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Commitment raffle={ref} draw={draw} />
          <Permits raffle={raffle} />
          <nav aria-label={`More about ${raffle.name}`} className="flex flex-wrap gap-1 text-sm">
            <Link to={winnersPath(ref)} className="underline">
              Winners
            </Link>
            <Link to={prizeDetailsPath(ref, draw.drawNo)} className="underline">
              Prize details
            </Link>
            <Link to={supportPath(ref)} className="underline">
              Your support
            </Link>
            <Link to={`/${slug}/terms-and-conditions`} className="underline">
              Terms and conditions
            </Link>
          </nav>
        </div>
      </div>
    </div>
  );
}
