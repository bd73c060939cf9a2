// /forgot-password asks for an email and always answers the same way (no account enumeration, DESIGN §5). With
// ?token=… it is the link target of the reset email (also at /reset-password): the token is single use and lasts an
// hour; a used or expired one reads "Email link no longer valid" (features §8).
import { parseWithZod } from '@conform-to/zod/v4';
import { IDENTITY_TEXTS } from '@shop/contracts';
import { data, Link } from 'react-router';
import { ACCOUNT_PATHS } from '../../features/identity/account.server.ts';
import { authApi } from '../../lib/auth.server.ts';
import { apiErrorReply } from '../../features/identity/login.server.ts';
import { ForgotPasswordSchema, ResetPasswordSchema } from '../../features/identity/password-schemas.ts';
import { newPasswordFields } from '../../features/identity/password-fields.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/forgot-password';

export const handle = { footer: 'condensed' };

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData?.token ? 'Choose a new password' : 'Forgot your password?',
    },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

async function forgot(request: Request, context: Route.ActionArgs['context'], formData: FormData) {
  const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
  if (submission.status !== 'success')
    return data({
      kind: 'forgot' as const,
      result: submission.reply(),
      done: false,
    });
  try {
    await authApi(request, context).api.post(
      'main',
      ACCOUNT_PATHS.forgotPassword,
      { email: submission.value.email },
      { skipAuthRefresh: true },
    );
    return data({
      kind: 'forgot' as const,
      result: submission.reply({ resetForm: true }),
      done: true,
    });
  } catch (error) {
    return data(
      {
        kind: 'forgot' as const,
        result: apiErrorReply(submission, error),
        done: false,
      },
      { status: 400 },
    );
  }
}

async function reset(request: Request, context: Route.ActionArgs['context'], formData: FormData) {
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema });
  const hideFields = ['password', 'confirmPassword'];
  if (submission.status !== 'success')
    return data({
      kind: 'reset' as const,
      result: submission.reply({ hideFields }),
      done: false,
    });
  try {
    await authApi(request, context).api.post(
      'main',
      ACCOUNT_PATHS.resetPassword,
      { token: submission.value.token, password: submission.value.password },
      { skipAuthRefresh: true },
    );
    return data({
      kind: 'reset' as const,
      result: submission.reply({ resetForm: true }),
      done: true,
    });
  } catch (error) {
    return data(
      {
        kind: 'reset' as const,
        result: apiErrorReply(submission, error),
        done: false,
      },
      { status: 400 },
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  try {
    return await (formData.has('token') ? reset(request, context, formData) : forgot(request, context, formData));
  } catch (error) {
    throw toRouteError(error);
  }
}

function ResetForm({ token, actionData }: { token: string; actionData: Route.ComponentProps['actionData'] }) {
  const result = actionData?.kind === 'reset' ? actionData : undefined;
  if (result?.done) {
    return (
      <FormAlert tone="success" messages={[IDENTITY_TEXTS.passwordSaved]}>
        <Link to="/login" className="font-semibold underline">
          Log in
        </Link>
      </FormAlert>
    );
  }
  return (
    <SchemaForm
      id="reset-password"
      schema={ResetPasswordSchema}
      lastResult={result?.result}
      hidden={{ token }}
      fields={newPasswordFields()}
      submitLabel="Save new password"
    />
  );
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.token) {
    return (
      <div className="page-container max-w-[460px] py-2">
        <h1 className="mb-1 text-2xl font-bold">Choose a new password</h1>
        <ResetForm token={loaderData.token} actionData={actionData} />
      </div>
    );
  }
  const result = actionData?.kind === 'forgot' ? actionData : undefined;
  return (
    <div className="page-container max-w-[460px] py-2">
      <h1 className="mb-1 text-2xl font-bold">Forgot your password?</h1>
      <p className="mb-1">
        Enter the email address of your account and we will email you a link to choose a new password.
      </p>
      <SchemaForm
        id="forgot-password"
        schema={ForgotPasswordSchema}
        lastResult={result?.result}
        success={result?.done ? IDENTITY_TEXTS.forgotSent : null}
        fields={[
          {
            name: 'email',
            label: 'Email',
            type: 'email',
            autoComplete: 'email',
          },
        ]}
        submitLabel="Send reset link"
      />
    </div>
  );
}
