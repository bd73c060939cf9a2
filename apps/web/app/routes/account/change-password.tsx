// /my-account/change-Password (protected): re-authenticates with the current password; the API ends other sessions.
import { IDENTITY_TEXTS } from '@shop/contracts';
import { data } from 'react-router';
import { changePassword } from '../../features/identity/account.server.ts';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { ChangePasswordSchema } from '../../features/identity/account-schemas.ts';
import { mergeSetCookieHeaders, signedInScreen } from '../../lib/auth.server.ts';
import { newPasswordFields } from '../../features/identity/password-fields.ts';
import { signedInFormAction } from '../../features/identity/password-forms.server.ts';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/change-password';
import { withSuccessToast } from '../../lib/toast.server.ts';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Change password' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return signedInScreen(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return signedInFormAction(
    request,
    context,
    { schema: ChangePasswordSchema, hideFields: ['currentPassword', 'newPassword', 'confirmPassword'] },
    async (auth, value, reply) => {
      await changePassword(auth.api, value.currentPassword, value.newPassword);
      return data(
        { result: reply({ resetForm: true }), saved: true },
        { headers: withSuccessToast(auth.headers(), IDENTITY_TEXTS.passwordSaved) },
      );
    },
  );
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Change password">
      <SchemaForm
        id="change-password"
        schema={ChangePasswordSchema}
        lastResult={actionData?.result}
        fields={[
          {
            name: 'currentPassword',
            label: 'Current password',
            type: 'password',
            autoComplete: 'current-password',
          },
          ...newPasswordFields('newPassword'),
        ]}
        submitLabel="Save new password"
      />
    </AccountPage>
  );
}
