// /force-upgrade-account (core §2 Navigation behaviour, §6): where a customer with a required account upgrade is sent
// from every page until they check and complete their details; saving them completes the upgrade (the API clears
// accountUpgrade) and the account home opens. A customer without a required upgrade goes to the account home.
import { DetailsForm } from '../../features/identity/details-form.tsx';
import { loadDetailsScreen, saveDetailsScreen } from '../../features/identity/details-screen.server.ts';
import { mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { PostButton } from '../../ui/post-button.tsx';
import type { Route } from './+types/force-upgrade-account';

export const handle = { footer: 'condensed' };
export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Upgrade your account' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDetailsScreen(request, context, { onlyForRequiredUpgrade: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveDetailsScreen(request, context, { thenGoTo: '/my-account' });
}

export default function ForceUpgradeAccount({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page-container max-w-[720px] py-2">
      <h1 className="mb-1 text-2xl font-bold">Upgrade your account</h1>
      <p className="mb-1">
        Before you continue, please check and complete your details. We need them up to date to keep your account open
        for play; you can use the rest of the shop as soon as they are saved.
      </p>
      <DetailsForm {...loaderData} lastResult={actionData?.result} submitLabel="Upgrade my account" />
      {/* A div, not a p: the log-out button is a form, which a paragraph cannot hold. */}
      <div className="mt-1 flex items-center gap-0.5 text-sm">
        Not now?
        <PostButton action="/logout" className="min-h-[32px] underline" testId="force-upgrade-logout">
          Log out
        </PostButton>
      </div>
    </div>
  );
}
