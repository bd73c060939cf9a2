// /my-account/change-Password (protected): re-authenticates with the current password; the API ends other sessions.
import { parseWithZod } from '@conform-to/zod/v4';
import { IDENTITY_TEXTS } from '@shop/contracts';
import { data } from 'react-router';
import { changePassword } from '../../features/identity/account.server.ts';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { ChangePasswordSchema } from '../../features/identity/account-schemas.ts';
import { mergeSetCookieHeaders, requireCustomer, signedInScreen } from '../../lib/auth.server.ts';
import { apiErrorReply } from '../../features/identity/login.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/change-password';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Change password' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return signedInScreen(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { auth } = await requireCustomer(request, context);
    const submission = parseWithZod(await request.formData(), {
      schema: ChangePasswordSchema,
    });
    const hideFields = ['currentPassword', 'newPassword', 'confirmPassword'];
    if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }), saved: false });
    try {
      await changePassword(auth.api, submission.value.currentPassword, submission.value.newPassword);
    } catch (error) {
      return data({ result: apiErrorReply(submission, error), saved: false }, { status: 400, headers: auth.headers() });
    }
    return data({ result: submission.reply({ resetForm: true }), saved: true }, { headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Change password">
      <SchemaForm
        id="change-password"
        schema={ChangePasswordSchema}
        lastResult={actionData?.result}
        success={actionData?.saved ? IDENTITY_TEXTS.passwordSaved : null}
        fields={[
          {
            name: 'currentPassword',
            label: 'Current password',
            type: 'password',
            autoComplete: 'current-password',
          },
          {
            name: 'newPassword',
            label: 'New password',
            type: 'password',
            autoComplete: 'new-password',
            hint: 'At least 8 characters.',
          },
          {
            name: 'confirmPassword',
            label: 'Confirm new password',
            type: 'password',
            autoComplete: 'new-password',
          },
        ]}
        submitLabel="Save new password"
      />
    </AccountPage>
  );
}
