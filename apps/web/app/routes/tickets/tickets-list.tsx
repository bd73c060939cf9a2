// Upcoming and past tickets (/my-account/upcoming-tickets[/:page], /my-account/past-tickets[/:page]; features §7
// GET /orders with status, page size 10). Protected; gated by viewing orders.
import { data, Link, useLocation } from 'react-router';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { ScheduledList } from '../../features/scheduled/scheduled-views.tsx';
import { loadScheduledList } from '../../features/scheduled/scheduled.server.ts';
import { OrdersList, type TicketsKind } from '../../features/tickets/ticket-views.tsx';
import { loadOrdersPage } from '../../features/tickets/tickets.server.ts';
import type { Route } from './+types/tickets-list';
import { sessionOrderNoteOf } from '../../features/lotto-party/session-order-note.tsx';

function kindOf(url: string): TicketsKind {
  return new URL(url, 'http://x').pathname.startsWith('/my-account/past-tickets') ? 'past' : 'upcoming';
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kind = kindOf(request.url);
  const page = await loadOrdersPage(
    request,
    context,
    kind === 'past' ? 'past_products' : 'upcoming_products',
    params.page,
  );
  // Upcoming tickets' first page also lists the scheduled purchases and pre-orders (the spec's route table has no
  // list route of its own for them: only scheduled-purchases/:id).
  const scheduled =
    kind === 'upcoming' && page.data.page === 1 ? (await loadScheduledList(request, context)).items : null;
  return data({ ...page.data, scheduled }, page.init ?? undefined);
}

export const meta: Route.MetaFunction = ({ location }) => [
  { title: kindOf(location.pathname) === 'past' ? 'Past tickets' : 'Upcoming tickets' },
];

export default function TicketsList({ loaderData }: Route.ComponentProps) {
  const kind = kindOf(useLocation().pathname);
  return <TicketsListView kind={kind} {...loaderData} />;
}

function TicketsListView({
  kind,
  orders,
  page,
  hasNext,
  now,
  scheduled,
}: { kind: TicketsKind } & Route.ComponentProps['loaderData']) {
  const site = useSiteFormat();
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">{kind === 'past' ? 'Past tickets' : 'Upcoming tickets'}</h1>
      <nav aria-label="Tickets" className="flex flex-wrap gap-1 text-sm">
        <Link
          to="/my-account/upcoming-tickets"
          aria-current={kind === 'upcoming' ? 'page' : undefined}
          className="inline-flex min-h-[44px] items-center underline aria-[current=page]:font-bold aria-[current=page]:no-underline"
        >
          Upcoming tickets
        </Link>
        <Link
          to="/my-account/past-tickets"
          aria-current={kind === 'past' ? 'page' : undefined}
          className="inline-flex min-h-[44px] items-center underline aria-[current=page]:font-bold aria-[current=page]:no-underline"
        >
          Past tickets
        </Link>
        {kind === 'upcoming' ? (
          <Link to="/my-account/print-tickets" className="inline-flex min-h-[44px] items-center underline">
            Print tickets
          </Link>
        ) : null}
      </nav>
      {scheduled ? <ScheduledList items={scheduled} site={site} /> : null}
      {/* Under the scheduled list, the bought tickets need their own heading or they read as scheduled ones. */}
      {scheduled ? <h2 className="text-xl font-bold">Your tickets</h2> : null}
      <OrdersList
        orders={orders}
        kind={kind}
        page={page}
        hasNext={hasNext}
        now={now}
        site={site}
        orderNote={sessionOrderNoteOf}
      />
    </div>
  );
}
