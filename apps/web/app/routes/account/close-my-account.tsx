// /close-my-account (protected): DELETE /customer (form), then logout (core §7) and the success page.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { closeAccount } from '../../features/identity/account.server.ts';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { CloseAccountSchema } from '../../features/identity/account-schemas.ts';
import { mergeSetCookieHeaders, requireCustomer, signedInScreen } from '../../lib/auth.server.ts';
import { apiErrorReply } from '../../features/identity/login.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
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
  try {
    const { auth } = await requireCustomer(request, context);
    const submission = parseWithZod(await request.formData(), {
      schema: CloseAccountSchema,
    });
    if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) });
    try {
      await closeAccount(auth.api, submission.value.password, submission.value.reason || undefined);
    } catch (error) {
      return data({ result: apiErrorReply(submission, error) }, { status: 400, headers: auth.headers() });
    }
    auth.signOut();
    return redirect('/close-my-account/success', { headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
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
