// /lotto-party (core §2; features §2 Lotto Party): what it is, create a group (the modal), my groups when signed in,
// and the promoted sessions to discover (GET /session/discover). Gated by social syndicates.
import { LandingView } from '../../features/lotto-party/lotto-party-views.tsx';
import { loadLanding } from '../../features/lotto-party/lotto-party.server.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/lotto-party';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadLanding(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: 'Lotto Party' }];

export default function LottoParty({ loaderData }: Route.ComponentProps) {
  return <LandingView {...loaderData} site={useSiteFormat()} />;
}
