// The marketing feature banner (core §2 /marketing/feature-banner, outside the base layout): the featured lottery's
// next jackpot, when it is drawn and a play link, alone on the page so the app and the shop's own pages can frame it.
import { Countdown } from './countdown.tsx';
import { drawJackpotText, drawWhenLabel, type useSiteFormat } from './lottery-format.ts';
import type { OfferTileView } from './lotteries.wire.ts';
import { offerPath } from './offer-links.ts';

export function FeatureBanner({
  offer,
  now,
  site,
}: {
  offer: OfferTileView;
  now: string;
  site: ReturnType<typeof useSiteFormat>;
}) {
  const next = offer.draws[0]!;
  return (
    <section
      aria-labelledby="feature-banner"
      className="flex flex-col items-start gap-0.5 bg-brand p-1.5 text-white md:flex-row md:items-center md:gap-1.5"
      data-testid="feature-banner"
    >
      <div className="flex flex-col gap-0.25">
        <h1 id="feature-banner" className="text-xl font-bold">
          {offer.name}
        </h1>
        <p className="text-3xl font-extrabold" data-testid="jackpot">
          {drawJackpotText(next, site)}
        </p>
        <p className="text-sm">
          Draw {next.drawNo} · {drawWhenLabel(next.drawAt ?? next.stop, now, site)}
        </p>
        <Countdown stop={next.stop} now={now} />
      </div>
      {/* _top: inside a frame the play screen opens as the whole page, not in the banner's box. */}
      <a href={offerPath(offer)} target="_top" className="btn btn-secondary md:ml-auto">
        Play {offer.name}
      </a>
    </section>
  );
}
