// The signed-in account forms that end in one API call (change password, forced password change, close account):
// parse the post with Conform, answer the form's errors without echoing passwords, call the API, and turn its refusal
// into the form's errors. Each route says only what the call is and where the customer goes after.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { requireCustomer, type AuthApi } from '../../lib/auth.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { apiErrorReply } from './login.server.ts';

export async function signedInFormAction<S extends z.ZodType, R>(
  request: Request,
  context: AppLoadContext,
  options: { schema: S; hideFields: string[] },
  run: (auth: AuthApi, value: z.output<S>, reply: (options: { resetForm: true }) => SubmissionResult) => Promise<R>,
) {
  try {
    const { auth } = await requireCustomer(request, context);
    const submission = parseWithZod(await request.formData(), { schema: options.schema });
    if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: options.hideFields }) });
    try {
      return await run(auth, submission.value, (opts) => submission.reply(opts));
    } catch (error) {
      if (error instanceof Response) throw error;
      return data({ result: apiErrorReply(submission, error) }, { status: 400, headers: auth.headers() });
    }
  } catch (error) {
    throw toRouteError(error);
  }
}
