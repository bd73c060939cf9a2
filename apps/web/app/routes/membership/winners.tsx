// /daily-winners/winners (spec core §2): every published winner, newest draw first, first name and state only; 9 a
// page (?page=2).
import { Link } from 'react-router';
import { pageNumber } from '../../features/membership/membership-rules.ts';
import { Pager, PastWinners } from '../../features/membership/membership-views.tsx';
import { loadWinnersPage } from '../../features/membership/membership.server.ts';
import { notFound } from '../../lib/route-errors.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/winners';

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  if (page === null) notFound();
  return loadWinnersPage(context, request, page);
}

export const meta: Route.MetaFunction = () => [{ title: 'Daily Winners: past winners' }];

export default function Winners({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { items, page, hasNext } = loaderData;
  return (
    <div className="page-container flex max-w-[48rem] flex-col gap-1 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/daily-winners" className="underline">
          Daily Winners
        </Link>
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">Past winners</h1>
      <p>Every winner of a Daily Winners giveaway, by first name and state. Each draw can be checked on its page.</p>
      <PastWinners winners={items} site={site} />
      <Pager
        page={page}
        hasNext={hasNext}
        label="Winners pages"
        pathOf={(p) => (p === 1 ? '/daily-winners/winners' : `/daily-winners/winners?page=${p}`)}
      />
    </div>
  );
}
