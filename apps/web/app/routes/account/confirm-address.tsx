// /my-account/confirm-address/:token? (not protected): confirms the customer's address or email, from the banner's
// Confirm (signed in) or from an email link with a token. A used or expired link reads "Email link no longer valid".
import { parseWithZod } from '@conform-to/zod/v4';
import { IDENTITY_TEXTS } from '@shop/contracts';
import { data, Form, Link, redirect } from 'react-router';
import { confirmAddress } from '../../features/identity/account.server.ts';
import { AccountPage } from '../../features/identity/account-page.tsx';
import { ADDRESS_CONFIRMED, EMAIL_CONFIRMED } from '../../features/identity/confirmation-banner.tsx';
import { authApi, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { FormAlert } from '../../ui/form-field.tsx';
import { z } from 'zod';
import type { Route } from './+types/confirm-address';

export const headers = mergeSetCookieHeaders;

export function meta() {
  return [{ title: 'Confirm your details' }];
}

function kindOf(value: unknown): 'address' | 'email' {
  return value === 'address' ? 'address' : 'email';
}

/** The banner's Confirm button: which of the two it confirms (anything else reads as the email). */
const ConfirmForm = z.object({ kind: z.enum(['address', 'email']).catch('email') });

export function loader({ params, request }: Route.LoaderArgs) {
  // The email link carries ?type=email; the banner posts its variant.
  return {
    token: params.token ?? null,
    kind: kindOf(new URL(request.url).searchParams.get('type') ?? (params.token ? 'email' : 'address')),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ConfirmForm });
  const kind = submission.status === 'success' ? submission.value.kind : 'email';
  const auth = authApi(request, context);
  let apiMessage: string | null;
  try {
    apiMessage = await confirmAddress(auth.api, kind, params.token ?? undefined);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.reason === undefined) {
      if (error.status === 401 && !params.token)
        throw redirect(`/login?redirect=${encodeURIComponent(new URL(request.url).pathname)}`);
      return data(
        {
          ok: false,
          kind,
          message: params.token ? IDENTITY_TEXTS.linkInvalid : error.message,
        },
        { status: 400, headers: auth.headers() },
      );
    }
    throw toRouteError(error);
  }
  // The root loader runs again after this action, so the customer is refetched and a confirmed banner goes away.
  const message = apiMessage ?? (kind === 'address' ? ADDRESS_CONFIRMED : EMAIL_CONFIRMED);
  // One message per confirmation: this page shows it in place, and the banner (a fetcher) as a toast.
  return data({ ok: true, kind, message }, { headers: auth.headers() });
}

export default function ConfirmAddress({ loaderData, actionData }: Route.ComponentProps) {
  // The banner posts its variant to the bare path, whose loader cannot know it: the answer names what was confirmed.
  const kind = actionData?.kind ?? loaderData.kind;
  const what = kind === 'address' ? 'address' : 'email address';
  return (
    <AccountPage title={`Confirm your ${what}`}>
      {actionData ? (
        <FormAlert tone={actionData.ok ? 'success' : 'error'} messages={[actionData.message]}>
          <Link to="/my-account" className="font-semibold underline">
            Go to my account
          </Link>
        </FormAlert>
      ) : (
        <Form method="post">
          <input type="hidden" name="kind" value={loaderData.kind} />
          <p className="mb-1">Press Confirm to confirm your {what}.</p>
          <button type="submit" className="btn btn-primary">
            Confirm
          </button>
        </Form>
      )}
    </AccountPage>
  );
}
