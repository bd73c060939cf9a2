// What the verification forms' posts do on the server: check the fields with the API's own schemas (same messages),
// call the API, and give the page the outcome or the errors. ConnectID leaves for the provider's sign-in page.
import { LicenceBody, VerifyBody } from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { formText } from '../../lib/form-data.ts';
import * as rg from './rg.server.ts';
import { UPLOAD_MAX_FILES } from './rg-rules.ts';
import type { VerifyFormState, VerifyOutcomeView } from './verification-view.tsx';

export type VerifyOutcome =
  { redirectTo: string } | { form: VerifyFormState; status: number } | { outcome: VerifyOutcomeView };

function zodErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'this');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function split(formId: string, fieldErrors: Record<string, string[]>, values: Record<string, string>): VerifyOutcome {
  const { this: general = [], ...fields } = fieldErrors;
  return { form: { form: formId, fieldErrors: fields, generalErrors: general, values }, status: 422 };
}

function refused(formId: string, values: Record<string, string>, error: unknown): VerifyOutcome {
  const { fieldErrors, generalErrors } = rg.feedbackOf(error);
  return { form: { form: formId, fieldErrors, generalErrors, values }, status: 422 };
}

export interface UploadSession {
  customerId?: string | null;
  customerToken?: string | null;
  accessToken?: string | null;
}

export async function submitVerifyForm(
  api: ApiClient,
  context: AppLoadContext,
  session: UploadSession,
  form: FormData,
): Promise<VerifyOutcome> {
  const intent = formText(form, 'intent');
  switch (intent) {
    case 'auto': {
      const values = { documentType: formText(form, 'documentType'), documentNumber: formText(form, 'documentNumber') };
      const body = VerifyBody.safeParse({ ...values, consent: form.get('consent') === 'on' });
      if (!body.success) return split('auto', zodErrors(body.error), values);
      try {
        const result = await rg.verifyOnline(api, { ...body.data, consent: true });
        return { outcome: { status: result.status, message: result.message } };
      } catch (error) {
        return refused('auto', values, error);
      }
    }
    case 'licence': {
      const values = {
        licenceNumber: formText(form, 'licenceNumber'),
        state: formText(form, 'state'),
        cardNumber: formText(form, 'cardNumber'),
      };
      const body = LicenceBody.safeParse({ ...values, cardNumber: values.cardNumber.trim() || undefined });
      if (!body.success) return split('licence', zodErrors(body.error), values);
      try {
        const result = await rg.verifyLicence(api, body.data);
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
    default:
      return split('unknown', { this: ['Please choose a way to verify.'] }, {});
  }
}
