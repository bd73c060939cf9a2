// One order's tickets (/my-account/upcoming-tickets/ticket/:id and /my-account/past-tickets/ticket/:id; features §7
// GET /orders/{id}?show_details=true): every draw's ticket with its lines, matches, divisions and prizes. Another
// customer's or an unknown order is the 404 page.
import { Link, useLocation } from 'react-router';
import { formatMoney } from '../../lib/format.ts';
import { Countdown } from '../../features/lotteries/countdown.tsx';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { TicketCard, ticketsBase } from '../../features/tickets/ticket-views.tsx';
import { loadOrder } from '../../features/tickets/tickets.server.ts';
import { sessionOrderNoteOf } from '../../features/lotto-party/session-order-note.tsx';
import type { Route } from './+types/ticket-detail';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadOrder(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: `${data.order.offerName} ticket` }] : []);

export default function TicketDetail({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { order, now } = loaderData;
  const kind = useLocation().pathname.startsWith('/my-account/past-tickets') ? 'past' : 'upcoming';
  const tickets = order.tickets ?? [];
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <Link to={ticketsBase(kind)} className="inline-flex min-h-[44px] items-center self-start text-sm underline">
        {kind === 'past' ? 'Back to past tickets' : 'Back to upcoming tickets'}
      </Link>
      <h1 className="text-3xl font-extrabold text-brand">{order.offerName}</h1>
      <p>{order.description}</p>
      {sessionOrderNoteOf(order)}
      <dl className="grid grid-cols-2 gap-0.5 rounded-theme bg-surface p-1 text-sm md:grid-cols-4">
        <div>
          <dt className="font-semibold">Order</dt>
          <dd className="break-all">{order.id}</dd>
        </div>
        <div>
          <dt className="font-semibold">Draws</dt>
          <dd>{order.numDraws}</dd>
        </div>
        <div>
          <dt className="font-semibold">Paid</dt>
          <dd>{formatMoney(order.total, site.locale)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Total prize</dt>
          <dd data-testid="order-prize">
            {order.prize
              ? formatMoney(order.prize, site.locale)
              : order.socialSyndicateId
                ? 'On the session page'
                : kind === 'past'
                  ? 'None'
                  : 'Not drawn yet'}
          </dd>
        </div>
      </dl>
      <section aria-label="Tickets" className="flex flex-col gap-1">
        {tickets.map((t) => (
          <TicketCard
            key={t.id}
            ticket={t}
            now={now}
            site={site}
            countdown={<Countdown stop={t.drawDate} now={now} label="Draw in" />}
          />
        ))}
      </section>
    </div>
  );
}
