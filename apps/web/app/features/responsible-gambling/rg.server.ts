// The responsible-gambling server calls (spec features §7 Spend limit and transactions; POST /customer/verify,
// /verification, /licence, /connectid; issue 8): every answer is parsed with its contract, so a screen never renders a
// shape it does not know.
import {
  ConnectIdStart,
  DepositLimits,
  Exclusion,
  LimitChange,
  Precommitment,
  SpendLimits,
  VerificationOutcome,
  VerificationState,
  WebConfig,
  type LimitPeriod,
} from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError, formErrorsOf, parseApiResult } from '../../lib/api-errors.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';
import { centsToWire, type RgLocale } from './rg-rules.ts';

export interface RgSite {
  currency: 'AUD' | 'GBP';
  locale: RgLocale;
  timeZone: string;
}

/** The site's money settings for labels and messages (en-AU, AUD when the configuration cannot be read). */
export async function siteMoney(context: AppLoadContext, request: Request): Promise<RgSite> {
  try {
    const res = await serverApi(context, apiSessionFrom(request)).get('main', '/config', {
      cache: { ttlMs: SERVER_CACHE_TTL.default },
    });
    const config = WebConfig.safeParse(res.result).data;
    if (config) return { currency: config.baseCurrency, locale: config.siteLocale, timeZone: config.siteTimeZone };
  } catch {
    // Labels fall back to the base locale when the configuration cannot be read.
  }
  return { currency: 'AUD', locale: 'en-AU', timeZone: 'Australia/Sydney' };
}

// ---- spend limits, pre-commitment, deposit limits

export async function spendLimits(api: ApiClient): Promise<SpendLimits> {
  const res = await api.get<unknown>('main', '/spend-limits', { cache: false });
  return parseApiResult(SpendLimits, res.result, 'GET /spend-limits');
}

/** A new limit is a POST, a change of an existing one a PUT (both take the form field `limit`). */
export async function saveSpendLimit(
  api: ApiClient,
  period: LimitPeriod,
  cents: number,
  exists: boolean,
): Promise<z.infer<typeof LimitChange>> {
  const path = `/spend-limits/${period}`;
  const body = { limit: centsToWire(cents) };
  const res = exists
    ? await api.put<unknown>('main', path, body, { form: true })
    : await api.post<unknown>('main', path, body, { form: true });
  return parseApiResult(LimitChange, res.result, `${exists ? 'PUT' : 'POST'} /spend-limits/{period}`);
}

export async function deleteSpendLimit(api: ApiClient, id: string): Promise<z.infer<typeof LimitChange>> {
  const res = await api.delete<unknown>('main', `/spend-limits/${encodeURIComponent(id)}`);
  return parseApiResult(LimitChange, res.result, 'DELETE /spend-limits/{id}');
}

export async function precommitment(api: ApiClient): Promise<Precommitment> {
  const res = await api.get<unknown>('main', '/precommitment', { cache: false });
  return parseApiResult(Precommitment, res.result, 'GET /precommitment');
}

export async function savePrecommitment(
  api: ApiClient,
  period: LimitPeriod,
  cents: number,
): Promise<z.infer<typeof LimitChange>> {
  const res = await api.post<unknown>('main', '/precommitment', { limit: centsToWire(cents), period }, { form: true });
  return parseApiResult(LimitChange, res.result, 'POST /precommitment');
}

export async function deletePrecommitment(api: ApiClient): Promise<z.infer<typeof LimitChange>> {
  const res = await api.delete<unknown>('main', '/precommitment');
  return parseApiResult(LimitChange, res.result, 'DELETE /precommitment');
}

export async function depositLimits(api: ApiClient): Promise<DepositLimits> {
  const res = await api.get<unknown>('main', '/deposit-limits', { cache: false });
  return parseApiResult(DepositLimits, res.result, 'GET /deposit-limits');
}

export async function saveDepositLimit(
  api: ApiClient,
  period: LimitPeriod,
  cents: number,
): Promise<z.infer<typeof LimitChange>> {
  const res = await api.put<unknown>(
    'main',
    `/deposit-limits/${period}`,
    { limit: centsToWire(cents) },
    { form: true },
  );
  return parseApiResult(LimitChange, res.result, 'PUT /deposit-limits/{period}');
}

export async function deleteDepositLimit(api: ApiClient, id: string): Promise<z.infer<typeof LimitChange>> {
  const res = await api.delete<unknown>('main', `/deposit-limits/${encodeURIComponent(id)}`);
  return parseApiResult(LimitChange, res.result, 'DELETE /deposit-limits/{id}');
}

// ---- identity verification

export async function verificationState(api: ApiClient): Promise<VerificationState> {
  const res = await api.get<unknown>('main', '/customer/verification', { cache: false });
  return parseApiResult(VerificationState, res.result, 'GET /customer/verification');
}

export async function verifyOnline(
  api: ApiClient,
  body: { documentType: 'drivers_licence' | 'passport' | 'medicare'; documentNumber: string; consent: true },
): Promise<VerificationOutcome> {
  const res = await api.post<unknown>('main', '/customer/verify', body);
  return parseApiResult(VerificationOutcome, res.result, 'POST /customer/verify');
}

export async function verifyLicence(
  api: ApiClient,
  body: { licenceNumber: string; state: string; cardNumber?: string },
): Promise<VerificationOutcome> {
  const res = await api.post<unknown>('main', '/customer/verification/licence', body);
  return parseApiResult(VerificationOutcome, res.result, 'POST /customer/verification/licence');
}

export async function startConnectId(api: ApiClient): Promise<z.infer<typeof ConnectIdStart>> {
  const res = await api.post<unknown>('main', '/customer/verification/connectid', {});
  return parseApiResult(ConnectIdStart, res.result, 'POST /customer/verification/connectid');
}

export async function finishConnectId(
  api: ApiClient,
  body: { code: string; state: string },
): Promise<VerificationOutcome> {
  const res = await api.post<unknown>('main', '/customer/verification/connectid/callback', body);
  return parseApiResult(VerificationOutcome, res.result, 'POST /customer/verification/connectid/callback');
}

/** POST /customer/verification as multipart/form-data (field `files`), through the one api client. */
export async function uploadDocuments(api: ApiClient, files: readonly File[]): Promise<VerificationOutcome> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const res = await api.post<unknown>('main', '/customer/verification', form, { version: '3.0' });
  return parseApiResult(VerificationOutcome, res.result, 'POST /customer/verification');
}

// ---- take a break and self-exclusion

export async function takeABreak(api: ApiClient, period: string): Promise<Exclusion> {
  const res = await api.post<unknown>('main', '/customer/take-a-break', { period });
  return parseApiResult(Exclusion, res.result, 'POST /customer/take-a-break');
}

export async function selfExclude(api: ApiClient, period: string): Promise<Exclusion> {
  const res = await api.post<unknown>('main', '/customer/self-exclusion', { period, confirm: true });
  return parseApiResult(Exclusion, res.result, 'POST /customer/self-exclusion');
}

// ---- form answers

export interface RgFeedback {
  fieldErrors: Record<string, string[]>;
  generalErrors: string[];
}

export const NO_FEEDBACK: RgFeedback = { fieldErrors: {}, generalErrors: [] };

/**
 * An API refusal as what the form shows: field errors under their fields, the rest above the form (core §8: the
 * first server message). Server failures and broken answers are not the customer's to fix: they go to the error page.
 */
export function feedbackOf(error: unknown, fieldAliases: Record<string, string> = {}): RgFeedback {
  if (!(error instanceof ApiError) || error.status >= 500 || error.status === 401 || error.reason) throw error;
  const { fieldErrors, generalErrors } = formErrorsOf(error);
  const fields: Record<string, string[]> = {};
  const general: string[] = [];
  for (const [name, messages] of Object.entries(fieldErrors)) {
    if (name === 'this') general.push(...messages);
    else fields[fieldAliases[name] ?? name] = messages;
  }
  const first = error.messages[0]?.text;
  if (!Object.keys(fields).length || error.generalErrors.length)
    general.push(...(error.generalErrors.length ? error.generalErrors : first ? [first] : generalErrors));
  const shown = new Set(Object.values(fields).flat());
  return { fieldErrors: fields, generalErrors: [...new Set(general)].filter((m) => !shown.has(m)) };
}

/** The customer's break or exclusion in force, or null (none, or the API cannot say: the forms still work). */
export async function currentExclusion(api: ApiClient): Promise<Exclusion | null> {
  try {
    const res = await api.get<{ exclusion?: unknown } | null>('main', '/customer/exclusion', { cache: false });
    const exclusion = res.result?.exclusion;
    return exclusion ? (Exclusion.safeParse(exclusion).data ?? null) : null;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500 && error.status !== 401) return null;
    throw error;
  }
}
