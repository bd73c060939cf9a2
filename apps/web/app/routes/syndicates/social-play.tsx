// Category page /social-play (spec core §2; gated by commercial lotteries, a multi-offer site or social syndicates):
// the ways to play together — the syndicates on sale (with the syndicates capability) and Lotto Party (with the
// social syndicates capability).
import type { Capability } from '@shop/contracts';
import { Link, useRouteLoaderData } from 'react-router';
import { loadSyndicates } from '../../features/syndicates/syndicates.server.ts';
import { SyndicateCard, useSiteFormat } from '../../features/syndicates/syndicate-parts.tsx';
import type { ShellData } from '../../lib/shell.ts';
import type { Route } from './+types/social-play';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { syndicates: await loadSyndicates(context, request) };
}

export function meta() {
  return [{ title: 'Social play' }];
}

export default function SocialPlay({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const caps = useRouteLoaderData<{ shell?: ShellData }>('root')?.shell?.capabilities ?? [];
  const can = (c: Capability) => caps.includes(c);
  const syndicates = can('syndicates') ? loaderData.syndicates : [];
  const party = can('social_syndicates');
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Social play</h1>
      <p>Play together and share the tickets, the fun and the prizes.</p>
      {party ? (
        <section aria-labelledby="lotto-party" className="flex flex-col gap-0.5 rounded-theme bg-surface p-1">
          <h2 id="lotto-party" className="text-2xl font-bold">
            Lotto Party
          </h2>
          <p>Start a group, invite your friends with a link and split a ticket for the next draw.</p>
          <Link to="/lotto-party" className="btn btn-primary self-start">
            Go to Lotto Party
          </Link>
        </section>
      ) : null}
      {syndicates.length ? (
        <section aria-labelledby="syndicates" className="flex flex-col gap-0.5">
          <h2 id="syndicates" className="text-2xl font-bold">
            Syndicates
          </h2>
          <ul className="grid grid-cols-1 gap-1 md:grid-cols-2 lg:grid-cols-3">
            {syndicates.map((s) => (
              <li key={s.id}>
                <SyndicateCard syndicate={s} site={site} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {!party && !syndicates.length ? (
        <p>There are currently no products available, please check back later. Thank you for being patient.</p>
      ) : null}
    </div>
  );
}
