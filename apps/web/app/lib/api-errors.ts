// Errors the api client raises (spec core §8). The UI branches on these classes, never on raw responses.
import type { ApiMessage } from '@shop/contracts';
import { errorPageStatus, type ErrorPageStatus } from './error-page-status.ts';
import type { z } from 'zod';

export const FALLBACK_MESSAGE = 'Something went wrong';
export const MISSING_REFRESH_TOKENS_MESSAGE = 'missing authentication tokens when calling refresh';

/** The session notice shown when a 401/403 could not be repaired by a token refresh. */
export const SESSION_EXPIRED_NOTICE = {
  title: '401 - Something went wrong',
  text: 'Sorry, looks like we had some trouble verifying your login details. Please try again.',
} as const;

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly url: string;
  readonly fieldErrors: FieldErrors;
  readonly generalErrors: string[];
  readonly messages: ApiMessage[];
  /** False for failures that must not go to error reporting (a blocked frame). */
  readonly reportable: boolean;
  /** Set when the failure is not an API answer: the body was not JSON, the network failed, a frame was blocked. */
  readonly reason: 'invalid_response' | 'network' | 'blocked_frame' | 'unknown' | undefined;

  constructor(init: {
    status: number;
    url: string;
    message: string;
    fieldErrors?: FieldErrors;
    generalErrors?: string[];
    messages?: ApiMessage[];
    reportable?: boolean;
    reason?: ApiError['reason'];
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.url = init.url;
    this.fieldErrors = init.fieldErrors ?? {};
    this.generalErrors = init.generalErrors ?? [];
    this.messages = init.messages ?? [];
    this.reportable = init.reportable ?? true;
    this.reason = init.reason;
  }

  /** messages[0].code, e.g. 'promotion_not_added', '2fa_required'. */
  get code(): string | undefined {
    return this.messages[0]?.code;
  }
}

/** A request cancelled by its caller. The UI ignores it: no notice, no report. */
export class AbortedError extends Error {
  constructor(readonly url: string) {
    super(`Request aborted: ${url}`);
    this.name = 'AbortedError';
  }
}

export const isAbortedError = (e: unknown): e is AbortedError => e instanceof AbortedError;
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function fieldErrorsOf(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = stringArray(messages);
    if (list.length) out[field] = list;
  }
  return out;
}

function messagesOf(value: unknown): ApiMessage[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (m): m is ApiMessage =>
      !!m &&
      typeof m === 'object' &&
      typeof (m as ApiMessage).text === 'string' &&
      typeof (m as ApiMessage).code === 'string',
  );
}

/**
 * An error answer of the API (already converted to camelCase keys): message = messages[0].text, else the spec's
 * sentence with status and url; `errors` -> fieldErrors, `error` -> generalErrors.
 */
export function errorFromResponse(status: number, url: string, body: unknown): ApiError {
  const envelope = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  const messages = messagesOf(envelope?.messages);
  const code = status || 500;
  const message =
    messages[0]?.text ?? `The API responded with a ${code} error when requesting the following url: ${url}`;
  return new ApiError({
    status: code,
    url,
    message,
    fieldErrors: fieldErrorsOf(envelope?.errors),
    // A failure without an error envelope (an HTML error page, plain text) is a general error with the fallback.
    generalErrors: envelope ? stringArray(envelope.error) : [FALLBACK_MESSAGE],
    messages,
  });
}

/**
 * A thrown failure (network, timeout, blocked frame) as an ApiError: text mentioning timeout or network -> 408,
 * a blocked frame -> 418 and not reported, anything else -> the fallback message.
 */
export function errorFromFailure(error: unknown, url: string): ApiError {
  const text =
    error instanceof Error
      ? `${error.name} ${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`
      : String(error);
  if (/blocked a frame|blocked frame/i.test(text)) {
    return new ApiError({
      status: 418,
      url,
      message: FALLBACK_MESSAGE,
      generalErrors: [FALLBACK_MESSAGE],
      reportable: false,
      reason: 'blocked_frame',
    });
  }
  if (/time ?out|timed out|network|fetch failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN/i.test(text)) {
    return new ApiError({
      status: 408,
      url,
      message: FALLBACK_MESSAGE,
      generalErrors: [FALLBACK_MESSAGE],
      reason: 'network',
    });
  }
  return new ApiError({
    status: 500,
    url,
    message: FALLBACK_MESSAGE,
    generalErrors: [FALLBACK_MESSAGE],
    reason: 'unknown',
  });
}

export function invalidResponseError(url: string, status: number): ApiError {
  return new ApiError({
    status: 422,
    url,
    message: `invalid-response: the API answered ${status} with a body that is not JSON when requesting the following url: ${url}`,
    generalErrors: [FALLBACK_MESSAGE],
    reason: 'invalid_response',
  });
}

/** An API answer that does not match its contract (`what`: the call, e.g. "GET /config"): never rendered. */
export function contractMismatch(what: string, message = `invalid-response: ${what} does not match its contract`) {
  return new ApiError({ status: 422, url: what, message, reason: 'invalid_response' });
}

/** An API answer checked against its contract: a shape the screens do not know is an invalid response, never rendered. */
export function parseApiResult<T>(schema: z.ZodType<T>, value: unknown, what: string, message?: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw contractMismatch(what, message);
  return result.data;
}

/** What a form shows: field errors under their field names, general errors above the form. */
export function formErrorsOf(error: unknown): { fieldErrors: FieldErrors; generalErrors: string[] } {
  if (error instanceof ApiError) {
    const general = error.generalErrors.length ? error.generalErrors : [error.message || FALLBACK_MESSAGE];
    return { fieldErrors: error.fieldErrors, generalErrors: general };
  }
  return { fieldErrors: {}, generalErrors: [FALLBACK_MESSAGE] };
}

export { errorPageStatus, type ErrorPageStatus };
