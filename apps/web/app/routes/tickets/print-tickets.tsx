// Printable upcoming tickets (/my-account/print-tickets): every upcoming order's tickets in a plain layout with a
// Print button; when printing, the site header, footer, navigation and the button itself are left out.
import { useNonce } from '../../lib/nonce.tsx';
import { useSiteFormat } from '../../features/lotteries/lottery-format.ts';
import { TicketCard } from '../../features/tickets/ticket-views.tsx';
import { loadAllUpcoming } from '../../features/tickets/tickets.server.ts';
import type { Route } from './+types/print-tickets';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadAllUpcoming(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: 'Print tickets' }];

// The layout's header, footer and banners belong to other screens: print CSS hides them here only.
const PRINT_CSS =
  '@media print { header:not([data-ticket-header]), footer, nav, [data-print="hide"] { display: none !important; } main { padding: 0 !important; } }';

export default function PrintTickets({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const site = useSiteFormat();
  const tickets = loaderData.orders
    .flatMap((o) => o.tickets ?? [])
    .sort((a, b) => Date.parse(a.drawDate) - Date.parse(b.drawDate));
  return (
    <div className="page-container flex flex-col gap-1 py-1.5 print:max-w-none print:px-0">
      <style nonce={nonce}>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h1 className="text-3xl font-extrabold text-brand print:text-black">Your upcoming tickets</h1>
        <button type="button" className="btn btn-primary" data-print="hide" onClick={() => window.print()}>
          Print
        </button>
      </div>
      {tickets.length === 0 ? (
        <p data-testid="tickets-empty">You have no upcoming tickets to print.</p>
      ) : (
        <div className="flex flex-col gap-1">
          {tickets.map((t) => (
            <TicketCard key={t.id} ticket={t} now={loaderData.now} site={site} />
          ))}
        </div>
      )}
    </div>
  );
}
