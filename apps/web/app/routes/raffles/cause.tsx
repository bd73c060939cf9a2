// A cause /causes/:causeSlug (spec core §2, features §3 causes): who they are, what our raffles have raised for them,
// and the raffles that support them (each opens with this cause chosen).
import { moneyToCents } from '@shop/contracts';
import { Link } from 'react-router';
import { RaffleCard } from '../../features/raffles/raffle-parts.tsx';
import { categoryLabel, money } from '../../features/raffles/raffle-format.ts';
import { loadCause, raffleSlug } from '../../features/raffles/raffles.server.ts';
import { useSiteFormat } from '../../features/raffles/raffle-site.ts';
import type { Route } from './+types/cause';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const cause = await loadCause(context, request, params.causeSlug);
  const { raffles, ...rest } = cause;
  return { cause: rest, raffles: raffles.map((raffle) => ({ raffle, slug: raffleSlug(raffle) })) };
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: data.cause.name }] : [];
}

/** Only http(s) links leave the site: a stored value is never rendered as a javascript: href. */
function safeWebsite(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

export default function CausePage({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { cause, raffles } = loaderData;
  const website = safeWebsite(cause.website);
  return (
    <div className="page-container flex flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/causes" className="underline">
          Causes
        </Link>
      </nav>
      <header className="flex flex-col gap-0.5 rounded-theme bg-surface p-1.5">
        <h1 className="text-3xl font-extrabold text-brand">{cause.name}</h1>
        <p className="text-sm font-semibold">{categoryLabel(cause.category)}</p>
        <p>{cause.description}</p>
        <p className="text-lg" data-testid="amount-raised">
          Raised through our raffles:{' '}
          <span className="font-extrabold tabular-nums">
            {money(moneyToCents(cause.amountRaised), cause.amountRaised.currency, site)}
          </span>
        </p>
        {website ? (
          <p className="text-sm">
            <a href={website} className="underline" rel="noopener noreferrer external" target="_blank">
              Visit {cause.name}&rsquo;s website<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
      </header>
      <section aria-labelledby="cause-raffles" className="flex flex-col gap-1">
        <h2 id="cause-raffles" className="text-2xl font-bold">
          Raffles supporting {cause.name}
        </h2>
        {raffles.length === 0 ? (
          <p>
            No raffle is raising money for {cause.name} right now.{' '}
            <Link to="/charity-tickets" className="underline">
              See every raffle
            </Link>
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3">
            {raffles.map(({ raffle, slug }) => (
              <li key={raffle.productOfferKey}>
                <RaffleCard
                  raffle={raffle}
                  slug={slug}
                  site={site}
                  headingLevel={3}
                  href={`/causes/${cause.slug}/${slug}`}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
