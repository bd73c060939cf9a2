// Category page /syndicates (spec core §2; gated by the syndicates capability): every syndicate on sale with its
// lottery, draw date and jackpot, shares left of its size and cost per share.
import { loadSyndicates } from '../../features/syndicates/syndicates.server.ts';
import { SyndicateCard, useSiteFormat } from '../../features/syndicates/syndicate-parts.tsx';
import type { Route } from './+types/syndicates';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { syndicates: await loadSyndicates(context, request) };
}

export function meta() {
  return [{ title: 'Syndicates' }];
}

export default function Syndicates({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Syndicates</h1>
      <p>
        Buy a share of big system tickets: more games and more chances for less money. Every prize the tickets win is
        split between the shares, to the cent.
      </p>
      {loaderData.syndicates.length === 0 ? (
        <p>There are currently no products available, please check back later. Thank you for being patient.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.syndicates.map((s) => (
            <li key={s.id}>
              <SyndicateCard syndicate={s} site={site} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
