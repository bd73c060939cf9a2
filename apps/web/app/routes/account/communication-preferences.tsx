// /my-account/communication-preferences (protected) and /communication-preferences/:id (the link in our emails,
// public: a visitor who is not signed in is asked to log in first). Channels in the spec's display order, push hidden.
import { parseWithZod } from '@conform-to/zod/v4';
import { VISIBLE_COMMUNICATION_CHANNELS } from '@shop/contracts';
import { data, redirect } from 'react-router';
import {
  ACCOUNT_PATHS,
  getCommunicationPreferences,
  putCommunicationPreferences,
} from '../../features/identity/account.server.ts';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { PreferencesSchema } from '../../features/identity/account-schemas.ts';
import { authApi, loginPathFor, mergeSetCookieHeaders, requireCustomer, type AuthApi } from '../../lib/auth.server.ts';
import { apiErrorReply } from '../../features/identity/login.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { SchemaForm } from '../../ui/schema-form.tsx';
import type { Route } from './+types/communication-preferences';

export const headers = mergeSetCookieHeaders;
export const PREFERENCES_SAVED = 'Your communication preferences have been saved.';

export function meta() {
  return [{ title: 'Communication preferences' }];
}

async function customerIdFor(
  request: Request,
  context: Route.LoaderArgs['context'],
  id: string | undefined,
): Promise<{ auth: AuthApi; customerId: string }> {
  if (id) return { auth: authApi(request, context), customerId: id };
  const { auth, customer } = await requireCustomer(request, context);
  return { auth, customerId: customer.customerId };
}

function unauthorised(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    const { auth, customerId } = await customerIdFor(request, context, params.id);
    try {
      const prefs = await getCommunicationPreferences(auth.api, customerId);
      const channels = prefs.features.methods.filter(
        (m) => !m.hidden && (VISIBLE_COMMUNICATION_CHANNELS as readonly string[]).includes(m.key),
      );
      const ordered = VISIBLE_COMMUNICATION_CHANNELS.map((key) => channels.find((c) => c.key === key)).filter(
        (c) => !!c,
      );
      const defaults = Object.fromEntries(
        ordered.map((c) => [c.key, prefs.preferences[c.key]?.enabled ? 'on' : undefined]),
      );
      return data(
        {
          channels: ordered.map((c) => ({ key: c.key, name: c.name })),
          defaults,
        },
        { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
      );
    } catch (error) {
      if (unauthorised(error)) throw redirect(loginPathFor(request), { headers: auth.headers() });
      throw error;
    }
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  try {
    const { auth, customerId } = await customerIdFor(request, context, params.id);
    const submission = parseWithZod(await request.formData(), {
      schema: PreferencesSchema,
    });
    if (submission.status !== 'success') return data({ result: submission.reply(), saved: false });
    try {
      await putCommunicationPreferences(auth.api, ACCOUNT_PATHS.communicationPreferences(customerId), {
        preferences: submission.value,
      });
    } catch (error) {
      if (unauthorised(error)) throw redirect(loginPathFor(request), { headers: auth.headers() });
      return data({ result: apiErrorReply(submission, error), saved: false }, { status: 400, headers: auth.headers() });
    }
    return data({ result: submission.reply(), saved: true }, { headers: auth.headers() });
  } catch (error) {
    throw toRouteError(error);
  }
}

export default function CommunicationPreferencesRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountPage title="Communication preferences">
      <p className="mb-1">
        Choose how we may contact you about offers, jackpots and news. We always send messages about your tickets and
        account.
      </p>
      <SchemaForm
        id="communication-preferences"
        schema={PreferencesSchema}
        defaultValue={loaderData.defaults}
        lastResult={actionData?.result}
        success={actionData?.saved ? PREFERENCES_SAVED : null}
        fields={loaderData.channels.map((c) => ({
          name: c.key,
          label: c.name,
          type: 'checkbox' as const,
        }))}
        submitLabel="Save preferences"
      />
    </AccountPage>
  );
}
