// A customer's support of a raffle /:productOfferKey/your-support (protected; spec core §2, issue 7 causes): tickets
// bought, what they contributed to each cause, and their ticket numbers per draw.
import { data, Link } from 'react-router';
import { moneyToCents } from '@shop/contracts';
import { requireCustomer } from '../../lib/auth.server.ts';
import { causePath, count, drawPath, money, rafflePath } from '../../features/raffles/raffle-format.ts';
import { loadRaffle, loadSupport, raffleSlug } from '../../features/raffles/raffles.server.ts';
import { resolveRaffleKey } from './raffle-routes.server.ts';
import { useSiteFormat } from '../../features/raffles/raffle-site.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/raffle-your-support';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  let auth;
  try {
    ({ auth } = await requireCustomer(request, context));
  } catch (error) {
    throw toRouteError(error);
  }
  const offerKey = await resolveRaffleKey(context, request, params.productOfferKey);
  const [raffle, support] = await Promise.all([
    loadRaffle(context, request, offerKey),
    loadSupport(context, request, auth.api, offerKey),
  ]);
  return data(
    { name: raffle.name, slug: raffleSlug(raffle), support },
    { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
  );
}

export function meta({ data: d }: Route.MetaArgs) {
  return d ? [{ title: `Your support of ${d.name}` }] : [];
}

const STATUS: Record<string, string> = {
  pre_order: 'pre-ordered',
  open: 'on sale',
  sold_out: 'sold out',
  closed: 'sales closed',
  drawn: 'drawn',
  paid: 'drawn',
};

export default function RaffleYourSupport({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { name, slug, support } = loaderData;
  const ref = { slug };
  const total = moneyToCents(support.amountContributed);
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={rafflePath(ref)} className="underline">
          {name}
        </Link>
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">Your support of {name}</h1>
      {support.ticketsBought === 0 ? (
        <p data-testid="support-empty">
          You have no tickets in {name} yet.{' '}
          <Link to={rafflePath(ref)} className="underline">
            Buy tickets and support a cause
          </Link>
        </p>
      ) : (
        <>
          <p className="text-lg" data-testid="support-summary">
            You have bought <span className="font-bold">{count(support.ticketsBought, site)}</span>{' '}
            {support.ticketsBought === 1 ? 'ticket' : 'tickets'} and contributed{' '}
            <span className="font-bold tabular-nums">{money(total, support.amountContributed.currency, site)}</span>.
          </p>
          {support.causes.length > 0 ? (
            <section aria-labelledby="support-causes" className="flex flex-col gap-0.5">
              <h2 id="support-causes" className="text-2xl font-bold">
                By cause
              </h2>
              <ul className="flex flex-col gap-0.25">
                {support.causes.map((c) => (
                  <li key={c.slug}>
                    <Link to={causePath(c.slug)} className="font-semibold underline">
                      {c.name}
                    </Link>
                    : {count(c.tickets, site)} {c.tickets === 1 ? 'ticket' : 'tickets'},{' '}
                    {money(moneyToCents(c.amount), c.amount.currency, site)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="support-draws" className="flex flex-col gap-0.5">
            <h2 id="support-draws" className="text-2xl font-bold">
              Your ticket numbers
            </h2>
            <ul className="flex flex-col gap-0.5">
              {support.draws.map((d) => (
                <li key={d.drawNo} className="rounded-theme border border-black/10 p-0.5" data-testid="support-draw">
                  <Link to={drawPath(ref, d.drawNo)} className="font-semibold underline">
                    Draw {d.drawNo}
                  </Link>{' '}
                  ({STATUS[d.status] ?? d.status}):{' '}
                  <span className="font-mono tabular-nums" data-testid="support-tickets">
                    {d.ticketNumbers.length > 0 ? d.ticketNumbers.join(', ') : 'numbers are given when sales open'}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
