// /force-password-change: where a customer with a required password change is sent (core §2, §4) until they choose one.
import { data, redirect } from 'react-router';
import { ACCOUNT_PATHS } from '../../features/identity/account.server.ts';
import { mergeSetCookieHeaders, requireCustomer } from '../../lib/auth.server.ts';
import { newPasswordFields } from '../../features/identity/password-fields.ts';
import { signedInFormAction } from '../../features/identity/password-forms.server.ts';
import { ForcePasswordSchema } from '../../features/identity/password-schemas.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/force-password-change';

export const handle = { footer: 'condensed' };
export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Choose a new password' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const { auth, customer } = await requireCustomer(request, context);
    if (!customer.forcePasswordChange) throw redirect('/my-account', { headers: auth.headers() });
    return data({}, { headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return signedInFormAction(
    request,
    context,
    { schema: ForcePasswordSchema, hideFields: ['password', 'confirmPassword'] },
    async (auth, value) => {
      await auth.api.post('main', ACCOUNT_PATHS.forceChange, { password: value.password });
      return redirect('/my-account', { headers: auth.headers() });
    },
  );
}

export default function ForcePasswordChange({ actionData }: Route.ComponentProps) {
  return (
    <div className="page-container max-w-[460px] py-2">
      <h1 className="mb-1 text-2xl font-bold">Choose a new password</h1>
      <p className="mb-1">For your security, please choose a new password before you continue.</p>
      <SchemaForm
        id="force-password-change"
        schema={ForcePasswordSchema}
        lastResult={actionData?.result}
        fields={newPasswordFields()}
        submitLabel="Save new password"
      />
    </div>
  );
}
