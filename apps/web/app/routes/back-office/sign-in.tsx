// /back-office/sign-in: email, password and the 6-digit authenticator code (POST /api/admin/session; 2FA is always
// asked). On success the session token goes into the back office's httpOnly cookie and the operator goes on.
import { parseWithZod } from '@conform-to/zod/v4';
import { OperatorLoginBody, OperatorSession, OPERATOR_SESSION_IDLE_MINUTES, OPERATOR_TEXTS } from '@shop/contracts';
import { safeRedirect } from '@shop/protocol';
import { data, redirect } from 'react-router';
import { adminApi } from '../../features/back-office/back-office-api.server.ts';
import { BackOfficeFrame } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta, isBackOfficePath } from '../../features/back-office/back-office-paths.ts';
import { sessionCookie, sessionToken } from '../../features/back-office/back-office-session.server.ts';
import { isApiError } from '../../lib/api-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/sign-in';

const NOTICES = {
  ended: `Your back-office session has ended (after ${OPERATOR_SESSION_IDLE_MINUTES} minutes without activity, or at its time limit). Please sign in again.`,
  'signed-out': 'You have signed out of the back office.',
} as const;

function nextPath(url: URL): string {
  const next = safeRedirect(url.searchParams.get('next') ?? BACK_OFFICE_PATH, url.origin);
  return isBackOfficePath(next.split('?')[0] ?? '') ? next : BACK_OFFICE_PATH;
}

export function meta() {
  return backOfficeMeta('Sign in');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = sessionToken(request);
  // Already signed in: straight on (an ended session's cookie falls through to the form).
  if (
    token &&
    (await adminApi(context, token)
      .get('/me')
      .then(
        () => true,
        () => false,
      ))
  )
    throw redirect(nextPath(url));
  const notice = url.searchParams.get('notice');
  return { notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: OperatorLoginBody });
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['password', 'code'] }) }, 400);
  try {
    const session = OperatorSession.parse(await adminApi(context, null).post('/session', submission.value));
    throw redirect(nextPath(new URL(request.url)), {
      headers: { 'Set-Cookie': sessionCookie(request, session.token) },
    });
  } catch (error) {
    if (!isApiError(error) || error.status >= 500) throw error;
    const message = error.status === 429 ? OPERATOR_TEXTS.locked : OPERATOR_TEXTS.badLogin;
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ['password', 'code'] }) },
      // The form again with the one answer (a page, not an authentication challenge); 429 while the account is locked.
      error.status === 429 ? 429 : 200,
    );
  }
}

const FIELDS = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  {
    name: 'code',
    label: 'Authenticator code',
    type: 'text',
    autoComplete: 'one-time-code',
    hint: 'The 6-digit code your authenticator app shows for the back office.',
  },
] as const;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BackOfficeFrame operator={null}>
      <div className="mx-auto max-w-[28rem]">
        <h1 className="mb-1 text-2xl font-bold">Sign in to the back office</h1>
        {loaderData.notice && !actionData ? <FormAlert tone="info" messages={[loaderData.notice]} /> : null}
        <SchemaForm
          id="operator-sign-in"
          schema={OperatorLoginBody}
          fields={FIELDS}
          submitLabel="Sign in"
          lastResult={actionData?.result}
        />
      </div>
    </BackOfficeFrame>
  );
}
