// /feedback (resource route, action only): the feedback widget posts here; the event goes to POST /event
// (features §7). Gated by the feedback capability (lib/capabilities.ts).
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { authApi } from '../../lib/auth.server.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';
import { FeedbackForm } from '../../features/feedback/feedback-form.ts';
import { feedbackEventOf, sendFeedback } from '../../features/feedback/feedback.server.ts';
import type { Route } from './+types/feedback';

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: FeedbackForm });
  if (submission.status !== 'success')
    return data({ ok: false as const, fieldErrors: submission.error ?? {}, error: 'Please choose a rating.' }, 422);
  const auth = authApi(request, context);
  const event = feedbackEventOf(
    submission.value,
    process.env.NODE_ENV === 'production',
    process.env.RELEASE ?? process.env.npm_package_version ?? 'dev',
    apiSessionFrom(request).subVariant,
  );
  const outcome = await sendFeedback(auth.api, event);
  const headers = new Headers();
  for (const c of auth.setCookies) headers.append('Set-Cookie', c);
  return data(outcome, { status: outcome.ok ? 200 : 422, headers });
}
