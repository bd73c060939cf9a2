// /close-my-account (protected): DELETE /customer (form), then logout (core §7) and the success page.
import { redirect } from 'react-router';
import { closeAccount } from '../../features/identity/account.server.ts';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { CloseAccountSchema } from '../../features/identity/account-schemas.ts';
import { mergeSetCookieHeaders, signedInScreen } from '../../lib/auth.server.ts';
import { signedInFormAction } from '../../features/identity/password-forms.server.ts';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/close-my-account';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Close my account' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return signedInScreen(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return signedInFormAction(
    request,
    context,
    { schema: CloseAccountSchema, hideFields: ['password'] },
    async (auth, value) => {
      await closeAccount(auth.api, value.password, value.reason || undefined);
      auth.signOut();
      return redirect('/close-my-account/success', { headers: auth.headers() });
    },
  );
}

export default function CloseMyAccount({ actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Close my account">
      <p className="mb-1">
        Closing your account ends every session and stops all emails. Tickets already bought for upcoming draws still
        play and any prizes are paid as usual.
      </p>
      <SchemaForm
        id="close-account"
        schema={CloseAccountSchema}
        lastResult={actionData?.result}
        fields={[
          {
            name: 'reason',
            label: 'Why are you leaving? (optional)',
            type: 'text',
          },
          {
            name: 'password',
            label: 'Password',
            type: 'password',
            autoComplete: 'current-password',
          },
          {
            name: 'confirm',
            label: 'I understand that my account will be closed',
            type: 'checkbox',
          },
        ]}
        submitLabel="Close my account"
      />
    </AccountPage>
  );
}
