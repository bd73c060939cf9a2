// Building blocks of the raffle screens: supply bar, prizes, permits, the draw commitment, purchase status and the
// buy form (bundles and cause picker). Phone first: one column, 44 px targets, real form controls.
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { moneyToCents, type Raffle, type RaffleDraw, type RafflePrize } from '@shop/contracts';
import { longDate, useSiteFormat } from './raffle-site.ts';
import {
  bundleOptions,
  buyPath,
  causePath,
  count,
  defaultEntry,
  drawPath,
  isDrawn,
  money,
  priceOfTickets,
  remainingText,
  verifyPath,
  winnersPath,
  type RaffleRef,
} from './raffle-format.ts';

type Site = ReturnType<typeof useSiteFormat>;

export function TicketsRemaining({ draw, site }: { draw: Pick<RaffleDraw, 'remaining' | 'cap' | 'sold'>; site: Site }) {
  const soldPct = draw.cap > 0 ? Math.min(100, Math.round((draw.sold / draw.cap) * 100)) : 100;
  return (
    <div className="flex flex-col gap-0.25" data-testid="tickets-remaining">
      <p className="text-sm font-semibold">{remainingText(draw, site)}</p>
      {/* The text above says it all; the bar only shows it at a glance. */}
      <div aria-hidden="true" className="h-[0.6rem] w-full overflow-hidden rounded-full bg-black/10">
        <div className="h-full rounded-full bg-brand" style={{ width: `${soldPct}%` }} />
      </div>
    </div>
  );
}

function prizeValue(p: RafflePrize, site: Site): string | null {
  const m = p.cash ?? p.value;
  return m ? money(moneyToCents(m), m.currency, site) : null;
}

const KIND_LABEL: Record<RafflePrize['kind'], string> = {
  first: 'First prize',
  secondary: 'Secondary prize',
  early_bird: 'Early-bird prize',
  bonus: 'Bonus prize',
};

/** The prizes of a draw: the first prize large, then the others; sub-draws with the date they close. */
export function PrizeList({
  prizes,
  site,
  headingLevel = 2,
}: {
  prizes: RafflePrize[];
  site: Site;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const sorted = [...prizes].sort((a, b) => a.rank - b.rank);
  const first = sorted.find((p) => p.kind === 'first');
  const rest = sorted.filter((p) => p !== first);
  return (
    <section aria-labelledby="raffle-prizes" className="flex flex-col gap-0.5" data-testid="raffle-prizes">
      <H id="raffle-prizes" className="text-2xl font-bold">
        Prizes
      </H>
      {first ? (
        <article
          className="flex flex-col gap-0.25 rounded-theme border-2 border-brand bg-surface p-1"
          data-testid="first-prize"
        >
          <p className="text-sm font-semibold uppercase tracking-wide">First prize</p>
          <Sub className="text-xl font-extrabold text-brand">{first.name}</Sub>
          {prizeValue(first, site) ? <p className="font-semibold">Worth {prizeValue(first, site)}</p> : null}
          <p>{first.description}</p>
        </article>
      ) : null}
      {rest.length > 0 ? (
        <ul className="flex flex-col gap-0.5">
          {rest.map((p) => (
            <li
              key={p.rank}
              className="flex flex-col gap-0.25 rounded-theme border border-black/10 p-1"
              data-testid="prize"
            >
              <p className="text-sm font-semibold">{KIND_LABEL[p.kind]}</p>
              <p className="font-bold">
                {p.name}
                {prizeValue(p, site) ? <span className="font-semibold"> · {prizeValue(p, site)}</span> : null}
              </p>
              {p.description ? <p className="text-sm">{p.description}</p> : null}
              {p.closesAt ? (
                <p className="text-sm font-semibold" data-testid="early-bird-close">
                  Tickets bought by {longDate(p.closesAt, site)} are in this draw.
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Permit numbers per state and the states where the raffle cannot be sold (the law asks for both to be shown). */
export function Permits({ raffle }: { raffle: Pick<Raffle, 'permits' | 'excludedRegions'> }) {
  if (raffle.permits.length === 0 && raffle.excludedRegions.length === 0) return null;
  return (
    <section aria-labelledby="raffle-permits" className="flex flex-col gap-0.25 text-sm" data-testid="permits">
      <h2 id="raffle-permits" className="text-base font-bold">
        Permits
      </h2>
      {raffle.permits.length > 0 ? (
        <ul className="flex flex-col">
          {raffle.permits.map((p) => (
            <li key={p.region}>
              {p.permitNumber.toUpperCase().startsWith(p.region) ? p.permitNumber : `${p.region}: ${p.permitNumber}`}
            </li>
          ))}
        </ul>
      ) : null}
      {raffle.excludedRegions.length > 0 ? (
        <p data-testid="excluded-regions">Not available in {raffle.excludedRegions.join(', ')}.</p>
      ) : null}
    </section>
  );
}

/** The published commitment (SHA-256 of the draw's secret seed) and where to check the draw. */
export function Commitment({
  raffle,
  draw,
}: {
  raffle: RaffleRef;
  draw: Pick<RaffleDraw, 'commitment' | 'drawNo' | 'status'>;
}) {
  return (
    <div className="flex flex-col gap-0.25 text-sm" data-testid="commitment">
      <p>
        <span className="font-semibold">Draw commitment: </span>
        <code className="break-all font-mono">{draw.commitment}</code>
      </p>
      <p>
        This is the SHA-256 fingerprint of the secret seed that decides the winners, published before the draw so the
        seed cannot be changed.{' '}
        <Link to={verifyPath(raffle, draw.drawNo)} className="underline">
          {isDrawn(draw) ? 'Check the draw' : 'How the draw is checked'}
          <span className="sr-only"> for draw {draw.drawNo}</span>
        </Link>
      </p>
    </div>
  );
}

/** Features §4 raffle purchase status: what the visitor can do with this draw now. */
export function PurchaseStatusNotice({ raffle, draw, site }: { raffle: RaffleRef; draw: RaffleDraw; site: Site }) {
  switch (draw.purchaseStatus) {
    case 'pre_order':
      return (
        <p
          className="rounded-theme bg-surface p-0.5 text-sm font-semibold"
          data-testid="purchase-status"
          data-status="pre_order"
        >
          Pre-order: sales open {longDate(draw.salesOpenAt, site)}. Your tickets are bought and charged then.
        </p>
      );
    case 'sold_out':
      return (
        <p
          className="rounded-theme bg-surface p-0.5 font-semibold"
          data-testid="purchase-status"
          data-status="sold_out"
        >
          This draw is sold out. The draw is on {longDate(draw.drawDate, site)}.
        </p>
      );
    case 'past_draw':
      return (
        <p
          className="rounded-theme bg-surface p-0.5 font-semibold"
          data-testid="purchase-status"
          data-status="past_draw"
        >
          Sales for this draw have closed.{' '}
          <Link to={isDrawn(draw) ? drawPath(raffle, draw.drawNo) : winnersPath(raffle)} className="underline">
            {isDrawn(draw) ? 'See the winners' : 'Winners are published after the draw'}
          </Link>
        </p>
      );
    default:
      return null;
  }
}

export function DrawFacts({ draw, site }: { draw: RaffleDraw; site: Site }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-1 gap-y-0.25 text-sm" data-testid="draw-facts">
      <dt className="font-semibold">Draw</dt>
      <dd>{draw.drawNo}</dd>
      <dt className="font-semibold">Sales close</dt>
      <dd>{longDate(draw.stopDate, site)}</dd>
      <dt className="font-semibold">Drawn</dt>
      <dd>{longDate(draw.drawDate, site)}</dd>
      <dt className="font-semibold">Tickets</dt>
      <dd>
        {count(draw.sold, site)} sold of {count(draw.cap, site)}
      </dd>
    </dl>
  );
}

export interface BuyFormErrors {
  error?: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * Bundles and cause picker (features §3: a raffle with causes needs one chosen). Posts to the draw's buy route, which
 * adds the tickets to the cart; works without JavaScript (the total updates only with it).
 */
export function BuyForm({
  raffle,
  slug,
  draw,
  chosenCause,
  utm,
  errors,
}: {
  raffle: Raffle;
  slug: string;
  draw: RaffleDraw;
  chosenCause?: string | null;
  utm: string;
  errors?: BuyFormErrors | null;
}) {
  const site = useSiteFormat();
  const options = bundleOptions(raffle);
  const initial = defaultEntry(raffle);
  const [tickets, setTickets] = useState(initial);
  const [other, setOther] = useState('');
  const otherCount = /^[1-9][0-9]{0,3}$/.test(other) ? Number(other) : null;
  const chosen = otherCount ?? tickets;
  const causes: Raffle['causes'] = raffle.causes;
  const preselected =
    chosenCause && causes.some((c) => c.slug === chosenCause)
      ? chosenCause
      : causes.length === 1
        ? causes[0]!.slug
        : null;
  const fieldError = (name: string) => errors?.fieldErrors?.[name]?.[0] ?? null;
  const ticketsError = fieldError('numTickets') ?? fieldError('item.numTickets');
  const causeError = fieldError('causeKey') ?? fieldError('item.causeKey');
  const preOrder = draw.purchaseStatus === 'pre_order';
  const maxTickets = Math.max(1, Math.min(1000, draw.remaining));
  return (
    <Form
      method="post"
      action={buyPath({ slug }, draw.drawNo, utm)}
      className="flex flex-col gap-1"
      data-testid="raffle-buy-form"
      aria-labelledby="buy-heading"
    >
      <h2 id="buy-heading" className="text-2xl font-bold">
        {preOrder ? 'Pre-order tickets' : 'Buy tickets'}
      </h2>
      {errors?.error ? (
        <p
          role="alert"
          className="rounded-theme border-2 border-[#b00020] p-0.5 font-semibold text-[#b00020]"
          data-testid="form-errors"
        >
          {errors.error}
        </p>
      ) : null}
      {options.length > 0 ? (
        <fieldset className="flex flex-col gap-0.5" aria-describedby={ticketsError ? 'tickets-error' : undefined}>
          <legend className="mb-0.5 font-semibold">How many tickets?</legend>
          <div className="grid grid-cols-2 gap-0.5 md:grid-cols-3">
            {options.map((o) => (
              <label
                key={o.tickets}
                className="flex min-h-[44px] cursor-pointer flex-col rounded-theme border-2 border-black/15 p-0.5 has-[:checked]:border-brand has-[:checked]:bg-surface has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-action-secondary"
              >
                <span className="flex items-center gap-0.5">
                  <input
                    type="radio"
                    name="numTickets"
                    value={o.tickets}
                    defaultChecked={o.tickets === initial}
                    onChange={() => {
                      setTickets(o.tickets);
                      setOther('');
                    }}
                    className="size-[1.1rem] accent-[var(--color-brand)]"
                  />
                  <span className="whitespace-nowrap font-bold">
                    {count(o.tickets, site)} {o.tickets === 1 ? 'ticket' : 'tickets'}
                  </span>
                </span>
                <span className="text-sm tabular-nums">{money(o.priceCents, raffle.currency, site)}</span>
                {o.savingCents > 0 ? (
                  <span className="text-sm font-semibold text-brand">
                    Save {money(o.savingCents, raffle.currency, site)}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-0.25">
        <label htmlFor="other-tickets" className="font-semibold">
          {options.length > 0 ? 'Or another number of tickets' : 'Number of tickets'}
        </label>
        <p id="other-tickets-hint" className="text-sm">
          {money(moneyToCents(raffle.ticketPrice), raffle.currency, site)} a ticket. Up to {count(maxTickets, site)}.
        </p>
        <input
          id="other-tickets"
          name="otherTickets"
          type="number"
          inputMode="numeric"
          min={1}
          max={maxTickets}
          value={other}
          required={options.length === 0}
          onChange={(e) => setOther(e.target.value)}
          aria-describedby={ticketsError ? 'other-tickets-hint tickets-error' : 'other-tickets-hint'}
          aria-invalid={ticketsError ? true : undefined}
          className="block min-h-[44px] w-full max-w-[12rem] rounded-theme border border-[#767676] bg-white px-0.5 text-base"
        />
        {ticketsError ? (
          <p id="tickets-error" className="text-sm font-semibold text-[#b00020]">
            {ticketsError}
          </p>
        ) : null}
      </div>
      {causes.length > 1 ? (
        <fieldset className="flex flex-col gap-0.5" aria-describedby={causeError ? 'cause-error' : undefined}>
          <legend className="mb-0.5 font-semibold">Choose the cause you support</legend>
          {causes.map((c) => (
            <label
              key={c.slug}
              className="flex min-h-[44px] cursor-pointer items-center gap-0.5 rounded-theme border-2 border-black/15 p-0.5 has-[:checked]:border-brand has-[:checked]:bg-surface"
            >
              <input
                type="radio"
                name="causeKey"
                value={c.slug}
                required
                defaultChecked={c.slug === preselected}
                className="size-[1.1rem] accent-[var(--color-brand)]"
              />
              <span className="font-semibold">{c.name}</span>
            </label>
          ))}
          {causeError ? (
            <p id="cause-error" className="text-sm font-semibold text-[#b00020]">
              {causeError}
            </p>
          ) : null}
        </fieldset>
      ) : preselected ? (
        <>
          <input type="hidden" name="causeKey" value={preselected} />
          <p className="text-sm">
            Supporting{' '}
            <Link to={causePath(preselected)} className="font-semibold underline">
              {causes.find((c) => c.slug === preselected)?.name}
            </Link>
          </p>
        </>
      ) : null}
      <p className="text-lg font-bold" aria-live="polite" data-testid="buy-total">
        {count(chosen, site)} {chosen === 1 ? 'ticket' : 'tickets'}:{' '}
        {money(priceOfTickets(raffle, chosen), raffle.currency, site)}
      </p>
      <button type="submit" className="btn btn-primary self-start">
        {preOrder ? 'Pre-order tickets' : 'Add to cart'}
      </button>
    </Form>
  );
}

/** One raffle on the listing and cause pages: first prize, draw date, supply, price from and a buy link. */
export function RaffleCard({
  raffle,
  slug,
  site,
  headingLevel = 2,
  href,
}: {
  raffle: Raffle;
  slug: string;
  site: Site;
  headingLevel?: 2 | 3;
  href?: string;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const draw =
    raffle.draws.find((d) => d.purchaseStatus === 'open') ??
    raffle.draws.find((d) => d.purchaseStatus === 'pre_order') ??
    raffle.draws[0] ??
    null;
  const first = draw?.prizes.find((p) => p.kind === 'first') ?? null;
  const id = `raffle-${raffle.productOfferKey}`;
  const fromCents = Math.min(moneyToCents(raffle.ticketPrice), ...raffle.bundles.map((b) => moneyToCents(b.price)));
  return (
    <article
      aria-labelledby={id}
      className="flex h-full flex-col gap-0.5 rounded-theme border border-black/10 bg-white p-1 shadow-theme"
      data-testid="raffle-card"
    >
      <H id={id} className="text-xl font-bold text-brand">
        {raffle.name}
      </H>
      {first ? (
        <p className="text-lg font-extrabold" data-testid="raffle-first-prize">
          {first.name}
        </p>
      ) : null}
      {draw ? (
        <>
          <p className="text-sm">
            Draw {draw.drawNo} · {longDate(draw.drawDate, site)}
          </p>
          <TicketsRemaining draw={draw} site={site} />
        </>
      ) : null}
      <p className="text-sm">
        Tickets from <span className="font-bold tabular-nums">{money(fromCents, raffle.currency, site)}</span>
      </p>
      {raffle.causes.length > 0 ? (
        <p className="text-sm">Supports {raffle.causes.map((c) => c.name).join(' or ')}</p>
      ) : null}
      <div className="mt-auto pt-0.5">
        <Link to={href ?? `/${slug}`} className="btn btn-primary">
          {draw?.purchaseStatus === 'pre_order' ? 'Pre-order' : 'Buy tickets'}
          <span className="sr-only"> for {raffle.name}</span>
        </Link>
      </div>
    </article>
  );
}

/** The winners of a drawn draw: prize, winning ticket, masked name and locality (features §7 winners). */
export function WinnersTable({
  winners,
  site,
  caption,
}: {
  winners: RaffleDraw['winners'];
  site: Site;
  caption: string;
}) {
  if (winners.length === 0) return <p>No winners have been published for this draw yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" data-testid="winners">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-brand">
            <th scope="col" className="py-0.5 pr-1">
              Prize
            </th>
            <th scope="col" className="py-0.5 pr-1">
              Winning ticket
            </th>
            <th scope="col" className="py-0.5">
              Winner
            </th>
          </tr>
        </thead>
        <tbody>
          {[...winners]
            .sort((a, b) => a.rank - b.rank)
            .map((w) => (
              <tr key={w.rank} className="border-b border-black/10 align-top" data-testid="winner">
                <th scope="row" className="py-0.5 pr-1 text-left font-semibold">
                  {w.prizeName}
                  {w.cash ? (
                    <span className="block font-normal">{money(moneyToCents(w.cash), w.cash.currency, site)}</span>
                  ) : null}
                </th>
                <td className="py-0.5 pr-1 font-mono text-base font-bold tabular-nums" data-testid="winning-ticket">
                  {w.ticketNumber}
                </td>
                <td className="py-0.5">
                  {w.name}
                  <span className="block text-[#4a4a4a]">{w.locality}</span>
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
