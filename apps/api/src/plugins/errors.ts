// The one place errors become the error envelope (DESIGN.md §4). Clients read messages[0] for the text, 'errors' for
// field errors ('this' = the whole request) and 'error' for general messages. A 5xx never carries internals.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HEADERS, type ApiMessage, type ErrorEnvelope } from '@shop/contracts';
import { AppError, errorForLog, type FieldErrors } from '../lib/errors.ts';
import { camelToSnake, isForbiddenKey } from '../lib/casing.ts';

export const FALLBACK_MESSAGE = 'Something went wrong';

const STATUS_CODES: Record<number, { code: string; text: string }> = {
  400: { code: 'bad_request', text: 'The request could not be understood.' },
  401: { code: 'unauthorized', text: 'Authentication is required.' },
  403: { code: 'forbidden', text: 'You are not allowed to do this.' },
  404: { code: 'not_found', text: 'Not found.' },
  405: { code: 'method_not_allowed', text: 'This method is not allowed here.' },
  406: { code: 'not_acceptable', text: 'The requested representation is not available.' },
  408: { code: 'request_timeout', text: 'The request took too long to arrive.' },
  409: { code: 'conflict', text: 'The request conflicts with the current state.' },
  413: { code: 'payload_too_large', text: 'The request body is too large.' },
  414: { code: 'uri_too_long', text: 'The request address is too long.' },
  415: { code: 'unsupported_media_type', text: 'This content type is not supported.' },
  422: { code: 'validation_failed', text: 'Some fields are not valid.' },
  429: { code: 'rate_limited', text: 'Too many requests. Please wait a moment and try again.' },
  431: { code: 'headers_too_large', text: 'The request headers are too large.' },
};

/** Field keys on the wire: snake_case segments, dotted for nesting; 'this' stays 'this'. */
function wireFieldKey(key: string): string {
  return key
    .split('.')
    .map((segment) => camelToSnake(segment))
    .join('.');
}

export function errorEnvelope(input: {
  status: number;
  message: string;
  code: string;
  fieldErrors?: FieldErrors;
  general?: string[];
  messages?: ApiMessage[];
}): ErrorEnvelope {
  const errors: FieldErrors = {};
  for (const [key, msgs] of Object.entries(input.fieldErrors ?? {})) {
    const wireKey = wireFieldKey(key);
    if (!isForbiddenKey(wireKey)) errors[wireKey] = [...msgs];
  }
  if (!input.fieldErrors || Object.keys(input.fieldErrors).length === 0) errors.this = [input.message];
  const first: ApiMessage = { code: input.code, text: input.message, level: 'error' };
  return {
    status: input.status,
    errors,
    error: input.general ?? [input.message],
    // A caller's own list may start with the same message (the envelope's first): say it once.
    messages: [first, ...(input.messages ?? []).filter((m) => m.code !== first.code || m.text !== first.text)],
    result: null,
  };
}

type ZodIssueLike = { instancePath: string; message: string; keyword: string; params?: Record<string, unknown> };

function validationFieldErrors(issues: ZodIssueLike[], context: string | undefined): FieldErrors {
  // A Map, not an object: a field named 'constructor' must not find Object's own property.
  const fields = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = fields.get(key) ?? [];
    list.push(message);
    fields.set(key, list);
  };
  for (const issue of issues) {
    const segments = issue.instancePath
      .split('/')
      .filter(Boolean)
      .map((s) => camelToSnake(s));
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      for (const k of issue.params.keys as unknown[])
        add([...segments, camelToSnake(String(k))].join('.'), 'This field is not allowed.');
      continue;
    }
    const key =
      segments.length > 0 ? segments.join('.') : context === 'body' || context === undefined ? 'this' : context;
    const missing = issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message);
    add(key, missing ? 'This field is required.' : issue.message);
  }
  return Object.fromEntries(fields);
}

function statusOf(error: FastifyError): number {
  const s = error.statusCode;
  return typeof s === 'number' && s >= 400 && s < 600 ? s : 500;
}

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A browser opening a page (not an API call): it is shown a page, not the JSON envelope. */
function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !path.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/** The rate limit's answer to a page visit: a small phone-sized page with the wait and a way back. */
export function tooManyRequestsHtml(message: string, url: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Please wait a moment</title><style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;max-width:32rem;line-height:1.5}a{display:inline-flex;min-height:44px;align-items:center}</style></head><body><main id="main" data-error-code="429"><h1>Please wait a moment</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(url)}">Try again</a> · <a href="/">Home</a></p></main></body></html>`;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  envelope: ErrorEnvelope,
  headers?: Record<string, string>,
) {
  if (headers) for (const [k, v] of Object.entries(headers)) void reply.header(k, v);
  if (envelope.status === 429 && wantsPage(request)) {
    const url = request.url.startsWith('/') && !request.url.startsWith('//') ? request.url : '/';
    const message = envelope.messages[0]?.text ?? 'Too many requests. Please try again in a few seconds.';
    return reply
      .code(429)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(tooManyRequestsHtml(message, url));
  }
  return reply.code(envelope.status).type('application/json; charset=utf-8').send(envelope);
}

/** Told of every 5xx answer the handler gives (the platform's server-error log, ADR 104); never awaited. */
export type ServerFailureSink = (
  failure: {
    requestId: string;
    method: string;
    route: string | null;
    status: number;
    errorName: string;
    message: string;
  },
  log: (err: unknown) => void,
) => unknown;

/** The failure as it may be kept: the route's pattern, the error's name and message as the log would write them. */
function reportFailure(sink: ServerFailureSink | undefined, error: unknown, request: FastifyRequest, status: number) {
  if (!sink) return;
  try {
    const logged = errorForLog(error) as { type?: unknown; message?: unknown; code?: unknown } | undefined;
    const name = typeof logged?.type === 'string' ? logged.type : error instanceof Error ? error.name : typeof error;
    const message =
      typeof logged?.message === 'string'
        ? logged.message
        : typeof logged?.code === 'string'
          ? `PostgreSQL error ${logged.code}`
          : String(error);
    void sink(
      {
        requestId: String(request.id),
        method: request.method,
        route: request.routeOptions.url ?? null,
        status,
        errorName: name,
        message,
      },
      (err) => request.log.warn({ err }, 'could not record a server error'),
    );
  } catch (failure) {
    request.log.warn({ err: failure }, 'could not record a server error');
  }
}

function handleError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  sink: ServerFailureSink | undefined,
) {
  if (error instanceof AppError) {
    const envelope = errorEnvelope({
      status: error.statusCode,
      message: error.message,
      code: error.code ?? STATUS_CODES[error.statusCode]?.code ?? 'error',
      fieldErrors: error.options.fieldErrors,
      messages: error.options.messages,
    });
    if (error.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      reportFailure(sink, error, request, error.statusCode);
    }
    return sendError(request, reply, envelope, error.options.headers);
  }

  if (hasZodFastifySchemaValidationErrors(error)) {
    const fieldErrors = validationFieldErrors(error.validation as ZodIssueLike[], error.validationContext);
    const firstKey = Object.keys(fieldErrors)[0];
    const firstText = firstKey ? `${firstKey === 'this' ? 'Request' : firstKey}: ${fieldErrors[firstKey]?.[0]}` : '';
    return sendError(
      request,
      reply,
      errorEnvelope({
        status: 422,
        message: `${STATUS_CODES[422]!.text} ${firstText}`.trim(),
        code: 'validation_failed',
        fieldErrors,
        general: [],
      }),
    );
  }

  const status = isResponseSerializationError(error as unknown) ? 500 : statusOf(error);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    reportFailure(sink, error, request, status);
    return sendError(request, reply, errorEnvelope({ status, message: FALLBACK_MESSAGE, code: 'server_error' }));
  }

  const known = STATUS_CODES[status];
  // Fastify's and its plugins' own 4xx errors describe the client's mistake, nothing internal; others get a fixed text.
  const fromFastify = typeof error.code === 'string' && error.code.startsWith('FST_');
  let message = fromFastify ? error.message : (known?.text ?? FALLBACK_MESSAGE);
  let code = known?.code ?? 'client_error';
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    message = 'The request body is not valid JSON.';
    code = 'malformed_body';
  }
  return sendError(request, reply, errorEnvelope({ status, message, code }));
}

/**
 * Fastify's `frameworkErrors` option: URL errors found by the router before any route or hook runs (broken
 * percent-encoding, a path parameter over maxParamLength). Same envelope; the path is not echoed back.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : statusOf(error) < 500 ? statusOf(error) : 400;
  const message = status === 414 ? 'A part of the address is too long.' : 'The address is not valid.';
  void reply.header(HEADERS.requestId, request.id);
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(errorEnvelope({ status, message, code: status === 414 ? 'uri_too_long' : 'bad_url' })));
}

export interface ErrorsOptions {
  /** Where 5xx answers are reported (the API process: the server-error log; the web-only process: none). */
  onServerFailure?: ServerFailureSink;
}

const errorsPlugin: FastifyPluginAsync<ErrorsOptions> = async (app, { onServerFailure }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    try {
      return handleError(error, request, reply, onServerFailure);
    } catch (failure) {
      // A bug in the handler itself must still end as the generic envelope, not Fastify's default with its message.
      request.log.error({ err: failure, original: errorForLog(error) }, 'error handler failed');
      reportFailure(onServerFailure, error, request, 500);
      return sendError(request, reply, errorEnvelope({ status: 500, message: FALLBACK_MESSAGE, code: 'server_error' }));
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const fullPath = request.url.split('?')[0] ?? '/';
    const path = fullPath.length > 200 ? `${fullPath.slice(0, 200)}…` : fullPath;
    return sendError(
      request,
      reply,
      errorEnvelope({ status: 404, message: `No resource at ${request.method} ${path}.`, code: 'not_found' }),
    );
  });
};

export default fp(errorsPlugin, { name: 'errors' });
