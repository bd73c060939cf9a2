// /my-account/responsible-gambling (protected, no gate: exclusion is a legal duty every segment keeps): take a break
// and self-exclusion with a confirmation step, plus the way to the limits.
import { data, useRouteLoaderData } from 'react-router';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import { submitExclusionForm } from '../../features/responsible-gambling/exclusion-actions.server.ts';
import { ExclusionView } from '../../features/responsible-gambling/exclusion-view.tsx';
import { currentExclusion, siteMoney } from '../../features/responsible-gambling/rg.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { ShellData } from '../../lib/shell.ts';
import { rgPageLoader } from '../../features/responsible-gambling/rg-route.server.ts';
import type { Route } from './+types/responsible-gambling';

export const headers = mergeSetCookieHeaders;

export const meta: Route.MetaFunction = () => [{ title: 'Take a break or exclude yourself' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return rgPageLoader(request, context, async (auth) => ({ active: await currentExclusion(auth.api) }));
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const outcome = await submitExclusionForm(
      auth.api,
      await siteMoney(context, request),
      await request.formData(),
      new Date(),
    );
    const { status, ...rest } = outcome;
    return data(rest, { status, headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function ResponsibleGamblingRoute({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<{ shell: ShellData }>('root')?.shell;
  const done = actionData && 'done' in actionData ? actionData.done : null;
  return (
    <AccountPage title="Take a break or exclude yourself">
      <ExclusionView
        site={loaderData.site}
        active={done ?? loaderData.active}
        confirm={actionData && 'confirm' in actionData ? actionData.confirm : null}
        state={actionData && 'state' in actionData ? actionData.state : null}
        helpLine={shell?.site.gamblingHelpLine || '1800 858 858'}
      />
    </AccountPage>
  );
}
