// What the verification forms' posts do on the server: check the fields with the API's own schemas (same messages),
// call the API, and give the page the outcome or the errors. ConnectID leaves for the provider's sign-in page.
import { parseWithZod } from '@conform-to/zod/v4';
import { LicenceBody, VerifyBody } from '@shop/contracts';
import { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { formText, submissionErrors, submittedText } from '../../lib/form-data.ts';
import * as rg from './rg.server.ts';
import { UPLOAD_MAX_FILES } from './rg-rules.ts';
import type { VerifyFormState, VerifyOutcomeView } from './verification-view.tsx';

export type VerifyOutcome =
  { redirectTo: string } | { form: VerifyFormState; status: number } | { outcome: VerifyOutcomeView };

function split(formId: string, fieldErrors: Record<string, string[]>, values: Record<string, string>): VerifyOutcome {
  const { this: general = [], ...fields } = fieldErrors;
  return { form: { form: formId, fieldErrors: fields, generalErrors: general, values }, status: 422 };
}

function refused(formId: string, values: Record<string, string>, error: unknown): VerifyOutcome {
  const { fieldErrors, generalErrors } = rg.feedbackOf(error);
  return { form: { form: formId, fieldErrors, generalErrors, values }, status: 422 };
}

/** The verification forms, told apart by intent; the checks are the API's own schemas (same messages). */
const VerifyForms = z.discriminatedUnion('intent', [
  VerifyBody.extend({
    intent: z.literal('auto'),
    // A ticked checkbox posts "on"; the contract wants true (and says why when it is missing).
    consent: z.preprocess((v) => v === 'on' || v === true, VerifyBody.shape.consent),
  }),
  LicenceBody.extend({ intent: z.literal('licence') }),
  z.object({ intent: z.literal('connectid') }),
  z.object({ intent: z.literal('upload'), documents: z.any().optional() }),
]);

export async function submitVerifyForm(api: ApiClient, form: FormData): Promise<VerifyOutcome> {
  const intent = formText(form, 'intent');
  const submission = parseWithZod(form, { schema: VerifyForms });
  const formId = ['auto', 'licence', 'connectid', 'upload'].includes(intent) ? intent : 'unknown';
  if (submission.status !== 'success') {
    if (formId === 'unknown') return split('unknown', { this: ['Please choose a way to verify.'] }, {});
    const values = submittedText(submission, [
      'documentType',
      'documentNumber',
      'licenceNumber',
      'state',
      'cardNumber',
    ]);
    const { fieldErrors, generalErrors } = submissionErrors(submission);
    return { form: { form: formId, fieldErrors, generalErrors, values }, status: 422 };
  }
  const posted = submission.value;
  switch (posted.intent) {
    case 'auto': {
      const { intent: _intent, ...body } = posted;
      const values = { documentType: body.documentType, documentNumber: body.documentNumber };
      try {
        const result = await rg.verifyOnline(api, body);
        return { outcome: { status: result.status, message: result.message } };
      } catch (error) {
        return refused('auto', values, error);
      }
    }
    case 'licence': {
      const { intent: _intent, ...body } = posted;
      const values = { licenceNumber: body.licenceNumber, state: body.state, cardNumber: body.cardNumber ?? '' };
      try {
        const result = await rg.verifyLicence(api, body);
        return { outcome: { status: result.status, message: result.message } };
      } catch (error) {
        return refused('licence', values, error);
      }
    }
    case 'connectid': {
      try {
        const start = await rg.startConnectId(api);
        return { redirectTo: start.authorizeUrl };
      } catch (error) {
        return refused('connectid', {}, error);
      }
    }
    case 'upload': {
      const files = form
        .getAll('documents')
        .filter((f): f is File => typeof f === 'object' && f !== null && 'size' in f && f.size > 0);
      if (!files.length) return split('upload', { documents: ['Please choose at least one file.'] }, {});
      if (files.length > UPLOAD_MAX_FILES)
        return split('upload', { documents: [`Choose at most ${UPLOAD_MAX_FILES} files.`] }, {});
      try {
        const result = await rg.uploadDocuments(api, files);
        return { outcome: { status: result.status, message: result.message } };
      } catch (error) {
        // The API names the refused file under `files`; on this page that is the file input.
        const { fieldErrors, generalErrors } = rg.feedbackOf(error, { files: 'documents' });
        return { form: { form: 'upload', fieldErrors, generalErrors, values: {} }, status: 422 };
      }
    }
  }
}
