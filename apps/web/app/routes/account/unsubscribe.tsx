// /unsubscribe/:customerId/:productOfferKey? : the unsubscribe link of our emails. Turns email off for the customer
// (or for one product offer), with optional reasons from the configuration; the link's token authorises it.
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { ACCOUNT_PATHS, putCommunicationPreferences } from '../../features/identity/account.server.ts';
import { UnsubscribeSchema } from '../../features/identity/account-schemas.ts';
import { authApi } from '../../lib/auth.server.ts';
import { apiErrorReply, loadWebConfig } from '../../features/identity/login.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/unsubscribe';

export const UNSUBSCRIBED = 'You have been unsubscribed. We will not send you these emails again.';

export function meta() {
  return [{ title: 'Unsubscribe' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const config = await loadWebConfig(request, context);
    return {
      reasons: config.unsubscribeReasons,
      token: new URL(request.url).searchParams.get('token') ?? '',
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), {
    schema: UnsubscribeSchema,
  });
  if (submission.status !== 'success') return data({ result: submission.reply(), done: false });
  const auth = authApi(request, context);
  try {
    await putCommunicationPreferences(auth.api, ACCOUNT_PATHS.unsubscribe(params.customerId, params.productOfferKey), {
      preferences: { email: false },
      unsubscribeReasons: submission.value.reasons.length ? submission.value.reasons : undefined,
      token: submission.value.token || undefined,
    });
    return data({ result: submission.reply(), done: true });
  } catch (error) {
    try {
      return data({ result: apiErrorReply(submission, error), done: false }, { status: 400 });
    } catch (unexpected) {
      throw toRouteError(unexpected);
    }
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page-container max-w-[720px] py-2">
      <h1 className="mb-1 text-2xl font-bold">Unsubscribe</h1>
      {actionData?.done ? (
        <FormAlert tone="success" messages={[UNSUBSCRIBED]} />
      ) : (
        <SchemaForm
          id="unsubscribe"
          schema={UnsubscribeSchema}
          lastResult={actionData?.result}
          hidden={loaderData.token ? { token: loaderData.token } : {}}
          fields={[]}
          submitLabel="Unsubscribe"
        >
          {loaderData.reasons.length ? (
            <fieldset className="mb-1">
              <legend className="mb-0.5 font-semibold">Tell us why (optional)</legend>
              {loaderData.reasons.map((r) => (
                <label key={r.key} className="flex min-h-[44px] items-center gap-0.5">
                  <input type="checkbox" name="reasons" value={r.key} className="size-[20px]" />
                  <span>{r.label}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
        </SchemaForm>
      )}
    </div>
  );
}
