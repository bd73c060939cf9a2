// /back-office/content (content editor, admin): the content API's collections, each with how many items it holds;
// a collection opens its items (a singleton opens its one item).
import { Link } from 'react-router';
import { contentApi } from '../../features/back-office/back-office-cms.server.ts';
import { ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator, sessionToken } from '../../features/back-office/back-office-session.server.ts';
import { CONTENT_COLLECTIONS, isSingletonCollection } from '../../features/back-office/content-labels.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/content';

export function meta() {
  return backOfficeMeta('Content');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOperator(request, context);
  const cms = contentApi(context, sessionToken(request)!);
  try {
    const totals = await orSignIn(
      request,
      Promise.all(
        CONTENT_COLLECTIONS.map(async (c) =>
          isSingletonCollection(c.name) ? null : (await cms.page('cms', `/editor/items/${c.name}`, { limit: 1 })).total,
        ),
      ),
    );
    return { collections: CONTENT_COLLECTIONS.map((c, i) => ({ ...c, total: totals[i] ?? null })) };
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function Content({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenTitle title="Content">
        What the storefront shows: pages, the blog, the banner, the theme and images. Edits are saved as versions and
        reach visitors when published.
      </ScreenTitle>
      <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.collections.map((c) => (
          <li key={c.name} className="rounded-theme border border-[#767676] p-1">
            <Link to={`${BACK_OFFICE_PATH}/content/${c.name}`} className="text-lg font-semibold underline">
              {c.label}
            </Link>
            <p>{c.about}</p>
            {c.total === null ? null : (
              <p className="text-sm text-[#4a4a4a]">
                {c.total} item{c.total === 1 ? '' : 's'}
              </p>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        <Link to={`${BACK_OFFICE_PATH}/translations`} className="font-semibold underline">
          Translations
        </Link>{' '}
        — texts the screens read by name (the footer note, the FAQ, SEO texts).
      </p>
    </>
  );
}
