// /back-office/account (any operator): change one's own password. The first password is chosen by the admin who made
// the account, so an operator makes it their own here: the current one, then a new one under the password rules; the
// operator's other back-office sessions end, this one stays signed in (POST /api/admin/me/password).
import { parseWithZod } from '@conform-to/zod/v4';
import { OPERATOR_TEXTS, OperatorPasswordBody, OperatorPasswordChanged } from '@shop/contracts';
import { data } from 'react-router';
import { ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { isApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/account';

export function meta() {
  return backOfficeMeta('Your password');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { operator } = await requireOperator(request, context);
  return { email: operator.email };
}

const HIDE = { hideFields: ['currentPassword', 'newPassword'] };

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const submission = parseWithZod(await request.formData(), { schema: OperatorPasswordBody });
  if (submission.status !== 'success') return data({ result: submission.reply(HIDE), done: false }, 400);
  try {
    OperatorPasswordChanged.parse(await orSignIn(request, api.post('/me/password', submission.value)));
    return data(
      { result: submission.reply({ resetForm: true }), done: true },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
    return data(
      {
        result: submission.reply({ ...HIDE, fieldErrors: error.fieldErrors, formErrors: [error.message] }),
        done: false,
      },
      error.status,
    );
  }
}

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
  {
    name: 'newPassword',
    label: 'New password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'At least 8 characters, not your email address or a common password.',
  },
] as const;

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenTitle title="Your password">
        Change the password you sign in with as {loaderData.email}. Your authenticator stays as it is.
      </ScreenTitle>
      {actionData?.done ? <FormAlert tone="success" messages={[OPERATOR_TEXTS.passwordChanged]} /> : null}
      <div className="max-w-[32rem]">
        <SchemaForm
          id="change-password"
          schema={OperatorPasswordBody}
          fields={FIELDS}
          submitLabel="Change password"
          lastResult={actionData?.result ?? undefined}
        />
      </div>
    </>
  );
}
