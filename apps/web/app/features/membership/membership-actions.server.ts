// The Daily Winners posts. Joining comes back to the page it was posted from (an entry point: home, receipt, lotto
// games banner, my giveaways), through safeRedirect; a visitor who is not signed in is sent to log in first. A refusal
// (a break, an exclusion, a premium-only giveaway) stays on the page with its message.
import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect, type AppLoadContext } from 'react-router';
import { authApi, loginPathFor, safeRedirectPath } from '../../lib/auth.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { MembershipForm, UnlockForm } from './membership-forms.ts';
import { MEMBERSHIP_ERROR_FALLBACK } from './membership-rules.ts';
import { benefitsUrl, membershipErrorMessage, unlockEntry, updateMembership } from './membership.server.ts';

export interface MembershipActionData {
  error?: string;
  left?: boolean;
}

/** Posts to /daily-winners: join, leave, open the benefits page. */
export async function membershipAction(request: Request, context: AppLoadContext) {
  const auth = authApi(request, context);
  const submission = parseWithZod(await request.formData(), { schema: MembershipForm });
  if (submission.status !== 'success')
    return data<MembershipActionData>({ error: MEMBERSHIP_ERROR_FALLBACK }, { status: 422 });
  const form = submission.value;
  if (!auth.hasTokens) {
    const back = form.intent === 'join' ? safeRedirectPath(form.returnTo, '/daily-winners') : '/daily-winners';
    throw redirect(`/login?redirect=${encodeURIComponent(back)}`);
  }
  try {
    if (form.intent === 'join') {
      await updateMembership(auth, 'member', {
        ...(form.entryPoint ? { entryPoint: form.entryPoint } : {}),
        ...(form.tier ? { tier: form.tier } : {}),
      });
      throw redirect(safeRedirectPath(form.returnTo, '/daily-winners'), { headers: auth.headers() });
    }
    if (form.intent === 'leave') {
      await updateMembership(auth, 'non-member');
      return data<MembershipActionData>({ left: true }, { headers: auth.headers() });
    }
    // The benefits page is the shop's own: go to its path on this origin.
    const sso = new URL(await benefitsUrl(auth));
    throw redirect(`${sso.pathname}${sso.search}`, { headers: auth.headers() });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isSignedOut(error)) throw redirect(loginPathFor(request), { headers: auth.headers() });
    const message = membershipErrorMessage(error);
    if (message === MEMBERSHIP_ERROR_FALLBACK && !isClientError(error)) throw toRouteError(error);
    return data<MembershipActionData>({ error: message }, { status: 422, headers: auth.headers() });
  }
}

/** Posts to a giveaway's page: unlock the customer's entry (features §4 "Monthly giveaway unlock request"). */
export async function unlockAction(request: Request, context: AppLoadContext) {
  const auth = authApi(request, context);
  const submission = parseWithZod(await request.formData(), { schema: UnlockForm });
  if (submission.status !== 'success')
    return data<MembershipActionData>({ error: MEMBERSHIP_ERROR_FALLBACK }, { status: 422 });
  if (!auth.hasTokens) throw redirect(loginPathFor(request));
  try {
    await unlockEntry(auth, submission.value.drawId);
    throw redirect(safeRedirectPath(submission.value.returnTo, new URL(request.url).pathname), {
      headers: auth.headers(),
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isSignedOut(error)) throw redirect(loginPathFor(request), { headers: auth.headers() });
    if (!isClientError(error)) throw toRouteError(error);
    return data<MembershipActionData>(
      { error: membershipErrorMessage(error) },
      { status: 422, headers: auth.headers() },
    );
  }
}

function statusOf(error: unknown): number | null {
  return error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
    ? error.status
    : null;
}
const isSignedOut = (error: unknown) => statusOf(error) === 401;
const isClientError = (error: unknown) => {
  const s = statusOf(error);
  return s !== null && s >= 400 && s < 500;
};
