// Orders and tickets as the account shows them (features §7 Orders API): a list of orders, and a ticket with its lines
// as balls, the matched numbers highlighted (tick, bold and "matched" for screen readers, not colour alone), the
// division and prize per line, and the ticket's total prize; a raffle ticket shows its numbers and the winning ones.
import type { Order, Ticket } from '@shop/contracts';
import { drawDateLabel, drawDayLabel, drawTimeLabel } from '@shop/lottery';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney, type SiteFormat } from '../../lib/format.ts';
import { NumberBalls } from './number-balls.tsx';
import { Pager } from '../../ui/pager.tsx';

export type TicketsKind = 'upcoming' | 'past';

/** "Tonight, 8:30 pm" / "This Saturday, 8:30 pm" (features §9 relative draw-day labels). */
function whenLabel(at: string, now: string, site: SiteFormat): string {
  const when = new Date(at);
  return `${drawDayLabel(when, new Date(now), site.timeZone, site.locale)}, ${drawTimeLabel(when, site.timeZone, site.locale)}`;
}

export function ticketsBase(kind: TicketsKind): string {
  return kind === 'upcoming' ? '/my-account/upcoming-tickets' : '/my-account/past-tickets';
}

export function OrdersList({
  orders,
  kind,
  page,
  hasNext,
  now,
  site,
  orderNote,
}: {
  orders: Order[];
  kind: TicketsKind;
  page: number;
  hasNext: boolean;
  now: string;
  site: SiteFormat;
  /** What the route adds under an order's description (a Lotto Party order's session, features §3). */
  orderNote?: (order: Order) => ReactNode;
}) {
  const base = ticketsBase(kind);
  if (orders.length === 0) {
    return (
      <p className="rounded-theme bg-surface p-1" data-testid="tickets-empty">
        {kind === 'upcoming' ? 'You have no upcoming tickets. ' : 'You have no past tickets yet. '}
        <Link to="/lotto-tickets" className="inline-flex min-h-[44px] items-center underline">
          Play a lottery
        </Link>
      </p>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-0.5" data-testid="orders">
        {orders.map((o) => (
          <li
            key={o.id}
            className="flex flex-wrap items-center justify-between gap-1 rounded-theme border border-black/10 p-1"
          >
            <div className="flex flex-col">
              <Link
                to={`${base}/ticket/${o.id}`}
                className="inline-flex min-h-[44px] items-center text-lg font-bold underline"
              >
                {o.offerName}
              </Link>
              <span className="text-sm">{o.description}</span>
              {orderNote?.(o)}
              <span className="text-sm">
                {kind === 'upcoming'
                  ? `Next draw ${whenLabel(o.firstDrawDate, now, site)}`
                  : `Drawn ${drawDateLabel(new Date(o.firstDrawDate), site.timeZone, site.locale)}`}
                {o.numDraws > 1 ? ` · ${o.numDraws} draws` : ''}
              </span>
            </div>
            <div className="flex flex-col items-end text-sm">
              <span>
                {o.preOrder
                  ? `Pre-order: ${formatMoney(o.total, site.locale)} when sales open`
                  : `Paid ${formatMoney(o.total, site.locale)}`}
              </span>
              {o.prize && o.prize.amount > 0 ? (
                <span className="font-bold">Won {formatMoney(o.prize, site.locale)}</span>
              ) : o.socialSyndicateId ? (
                // A Lotto Party share's prizes are paid per share from the session's ticket, shown on its page.
                kind === 'past' ? (
                  <span>Prizes: see the session</span>
                ) : null
              ) : kind === 'past' ? (
                <span>No prize</span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <Pager base={base} page={page} hasNext={hasNext} />
    </>
  );
}

const STATUS_TEXT: Record<Ticket['status'], string> = {
  upcoming: 'Waiting for the draw',
  pending_result: 'Waiting for the result',
  won: 'Winning ticket',
  not_won: 'No prize this time',
};

/** A raffle ticket's numbers; once drawn, each winning number is marked in words and names its prize. */
function RaffleNumbers({ ticket, site }: { ticket: Ticket; site: SiteFormat }) {
  const numbers = ticket.raffleTicketNumbers;
  if (numbers.length === 0) return <p className="text-sm">Your ticket numbers are given when the draw opens.</p>;
  const wins = ticket.raffleWins ?? [];
  const winning = new Set(wins.map((w) => w.ticketNumber));
  return (
    <div className="flex flex-col gap-0.25 text-sm">
      <span className="font-semibold">{numbers.length === 1 ? 'Ticket number' : 'Ticket numbers'}</span>
      <ul className="flex flex-wrap gap-0.25" aria-label="Ticket numbers" data-testid="raffle-numbers">
        {numbers.map((n) =>
          winning.has(n) ? (
            <li
              key={n}
              className="rounded-theme border-2 border-success bg-success px-0.5 font-extrabold tabular-nums text-white"
              data-winning="true"
            >
              {n} <span aria-hidden="true">✓</span>
              <span className="sr-only"> winning ticket</span>
            </li>
          ) : (
            <li key={n} className="rounded-theme border border-black/10 px-0.5 tabular-nums">
              {n}
            </li>
          ),
        )}
      </ul>
      {wins.length > 0 ? (
        <ul className="flex flex-col gap-0.25" data-testid="raffle-wins">
          {wins.map((w) => (
            <li key={`${w.ticketNumber}-${w.prizeName}`}>
              <strong>Winning ticket {w.ticketNumber}</strong>: {w.prizeName} ({formatMoney(w.prize, site.locale)})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function TicketCard({
  ticket,
  now,
  site,
  countdown,
}: {
  ticket: Ticket;
  now: string;
  site: SiteFormat;
  countdown?: ReactNode;
}) {
  const result = ticket.result;
  return (
    <article
      className="flex flex-col gap-0.5 rounded-theme border border-black/10 p-1 print:break-inside-avoid"
      data-testid="ticket"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-0.5" data-ticket-header>
        <h3 className="text-lg font-bold">
          {ticket.offerName}
          {ticket.gameOfferName ? ` · ${ticket.gameOfferName}` : ''} · Draw {ticket.drawNo}
        </h3>
        <span className="text-sm font-semibold" data-testid="ticket-status">
          {STATUS_TEXT[ticket.status]}
        </span>
      </header>
      <p className="text-sm">{whenLabel(ticket.drawDate, now, site)}</p>
      {ticket.status === 'upcoming' ? countdown : null}
      {result ? (
        <div className="flex flex-wrap items-center gap-0.5 text-sm">
          <span className="font-semibold">Winning numbers</span>
          <NumberBalls numbers={result.numbers} size="sm" label="Winning numbers" />
          {result.supplementaries.length ? (
            <>
              <span>Supps</span>
              <NumberBalls numbers={result.supplementaries} size="sm" variant="bonus" label="Supplementary numbers" />
            </>
          ) : null}
          {Object.entries(result.bonus ?? {}).map(([name, numbers]) => (
            <span key={name} className="flex items-center gap-0.25">
              <span className="capitalize">{name.replace(/_/g, ' ')}</span>
              <NumberBalls numbers={numbers} size="sm" variant="bonus" label={`Winning ${name.replace(/_/g, ' ')}`} />
            </span>
          ))}
        </div>
      ) : null}
      {ticket.lines.length > 0 ? (
        <ol className="flex flex-col gap-0.25">
          {ticket.lines.map((line, i) => (
            <li
              key={line.id}
              className="flex flex-wrap items-center gap-0.5 border-t border-black/5 py-0.25"
              data-testid="ticket-line"
            >
              <span className="min-w-[64px] text-sm font-semibold">
                Game {i + 1}
                {line.quickpick ? <span className="block text-xs font-normal">QuickPick</span> : null}
              </span>
              {Object.entries(line.sets).map(([name, numbers]) => (
                <NumberBalls
                  key={name}
                  numbers={numbers}
                  matched={line.matched?.[name] ?? []}
                  supplementaries={name === 'numbers' ? (result?.supplementaries ?? []) : []}
                  variant={name === 'numbers' ? 'main' : 'bonus'}
                  label={`Game ${i + 1} ${name.replace(/_/g, ' ')}`}
                />
              ))}
              {line.games > 1 ? <span className="text-xs">({line.games} games)</span> : null}
              <span className="ml-auto text-sm" data-testid="line-result">
                {line.division !== null
                  ? `Division ${line.division}`
                  : line.divisions && Object.keys(line.divisions).length
                    ? Object.entries(line.divisions)
                        .map(([d, n]) => `Div ${d} × ${n}`)
                        .join(', ')
                    : ''}
                {line.prize ? <strong> · {formatMoney(line.prize, site.locale)}</strong> : null}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {ticket.productType === 'raffle_ticket' ? <RaffleNumbers ticket={ticket} site={site} /> : null}
      {ticket.status === 'won' || ticket.status === 'not_won' ? (
        <p className="font-bold" data-testid="ticket-prize">
          {ticket.prize && ticket.prize.amount > 0
            ? `Total prize ${formatMoney(ticket.prize, site.locale)}`
            : 'Total prize: none'}
        </p>
      ) : null}
    </article>
  );
}
