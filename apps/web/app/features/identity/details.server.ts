// My details (core §7 GET/POST /customer/details v3.2): the form's load and save, shared by my-details and the
// account upgrade screen.
import { parseWithZod } from '@conform-to/zod/v4';
import { IDENTITY_TEXTS, type CustomerDetails } from '@shop/contracts';
import type { SubmissionResult } from '@conform-to/react';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError, FALLBACK_MESSAGE } from '../../lib/api-errors.ts';
import { getDetails, updateDetails } from './account.server.ts';
import { DetailsSchema } from './account-schemas.ts';

const FIELDS = [
  'firstname',
  'lastname',
  'phone',
  'address',
  'addressLine2',
  'suburb',
  'state',
  'postcode',
  'marketingConsent',
] as const;

export function detailsDefaults(details: CustomerDetails): Record<string, string | undefined> {
  return {
    firstname: details.firstname,
    lastname: details.lastname,
    phone: details.phone,
    address: details.address,
    addressLine2: details.addressLine2,
    suburb: details.suburb,
    state: details.state,
    postcode: details.postcode,
    marketingConsent: details.marketingConsent ? 'on' : undefined,
  };
}

export async function loadDetails(api: ApiClient) {
  const details = await getDetails(api);
  return { details, defaults: detailsDefaults(details) };
}

/** Saves the changed fields only, so immutable fields the customer could not edit are never sent. */
export async function saveDetails(
  api: ApiClient,
  formData: FormData,
  immutable: readonly string[],
): Promise<{ result: SubmissionResult<string[]>; message: string | null }> {
  const submission = parseWithZod(formData, { schema: DetailsSchema });
  if (submission.status !== 'success') return { result: submission.reply(), message: null };
  const current = await getDetails(api);
  const changed: Record<string, unknown> = {};
  for (const key of FIELDS) {
    if (immutable.includes(key)) continue;
    const next = submission.value[key] ?? (key === 'addressLine2' ? '' : undefined);
    if (next !== undefined && next !== current[key]) changed[key] = next;
  }
  if (Object.keys(changed).length === 0)
    return {
      result: submission.reply(),
      message: IDENTITY_TEXTS.detailsUpdated,
    };
  try {
    const { messages } = await updateDetails(api, changed);
    return {
      result: submission.reply(),
      message: messages[0] ?? IDENTITY_TEXTS.detailsUpdated,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.reason === undefined) {
      const { this: general, ...fieldErrors } = error.fieldErrors;
      const formErrors = [...(general ?? []), ...error.generalErrors];
      if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(error.message || FALLBACK_MESSAGE);
      return {
        result: submission.reply({ formErrors, fieldErrors }),
        message: null,
      };
    }
    throw error;
  }
}
