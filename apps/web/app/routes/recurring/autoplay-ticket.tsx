// /my-account/autoplay/ticket/:id (core §2, features §7 autoplay calls): one autoplay's numbers, next draw (date and
// jackpot), last attempt and status, with pause (until a date), unpause, cancel (confirmed first), the minimum jackpot
// and quickpick each draw. Protected; gated by autoplay manage; another customer's autoplay is a 404.
import { Link } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { AutoplayDetail } from '../../features/recurring/autoplay-views.tsx';
import { autoplayAction, loadAutoplay } from '../../features/recurring/autoplay.server.ts';
import { NumberBalls } from '../../features/tickets/number-balls.tsx';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/autoplay-ticket';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadAutoplay(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return autoplayAction(request, context, params.id);
}

export const meta: Route.MetaFunction = () => [{ title: 'Autoplay' }];

export default function AutoplayTicketRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { autoplay } = loaderData;
  const numbers = (
    <ol className="flex flex-col gap-0.5">
      {autoplay.games.map((g, i) => (
        <li key={i} className="flex flex-wrap items-center gap-0.5">
          <span className="w-[4.5rem] text-sm font-semibold">Game {i + 1}</span>
          {Object.entries(g.sets).map(([set, values]) => (
            <NumberBalls
              key={set}
              numbers={values}
              variant={set === 'numbers' ? 'main' : 'bonus'}
              size="sm"
              label={`Game ${i + 1} ${set}`}
            />
          ))}
        </li>
      ))}
    </ol>
  );
  return (
    <AccountPage title="Autoplay">
      <p className="mb-0.5">
        <Link to="/my-account/autoplay" className="underline">
          All autoplays
        </Link>
      </p>
      <AutoplayDetail
        autoplay={autoplay}
        site={useSiteFormat()}
        numbers={numbers}
        confirmCancel={loaderData.confirmCancel}
        today={loaderData.today}
        refused={actionData ?? null}
      />
    </AccountPage>
  );
}
