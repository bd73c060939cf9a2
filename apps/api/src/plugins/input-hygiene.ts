// Input hygiene at the edge (DESIGN.md §4, ADR 025): the one place that refuses input no handler should ever see,
// registered before anything that walks a request recursively (casing, idempotency hashing, validation).
// - JSON bodies: nesting deeper than MAX_JSON_DEPTH or more than MAX_JSON_KEYS keys is 400 `body_too_complex`,
//   decided by one linear scan of the text BEFORE it is parsed, so no recursive code ever sees deep input.
// - Strings in API bodies, query strings and path parameters: a NUL byte or another control character (C0, DEL,
//   C1) is 400 `invalid_characters` with the field named. No request field of the spec is multi-line, so line breaks
//   and tabs are refused too, except in the bodies of the routes that say `config: { multiLineText: true }`: the
//   content editors' writes, whose Markdown, HTML and paragraphs are text of many lines (ADR 093).
// Only /api routes are checked: storefront pages handle their own query strings (redirect targets are sanitised by
// the storefront's safeRedirect).
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { camelToSnake } from '../lib/casing.ts';

export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_KEYS = 2_000;
/** Form bodies and query strings are flat; this bounds their number of fields. */
export const MAX_FORM_FIELDS = 500;

// C0 controls (NUL, line breaks, tabs, escape ...), DEL and the C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

// The same without line feed, carriage return and tab: the characters a text of many lines holds.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body's strings may hold line breaks and tabs (other control characters are still refused). */
    multiLineText?: boolean;
  }
}

export function hasControlCharacter(value: string, allowLines = false): boolean {
  return (allowLines ? CONTROL_CHARACTER_BUT_LINES : CONTROL_CHARACTER).test(value);
}

const tooComplex = () =>
  new AppError(400, 'The request body is nested too deeply or has too many fields.', { code: 'body_too_complex' });

/**
 * One pass over JSON text: the deepest nesting of objects/arrays and the number of object keys, without parsing.
 * Stops as soon as a bound is passed. Strings are skipped (brackets and colons inside them do not count).
 */
export function jsonShapeWithin(text: string, maxDepth: number, maxKeys: number): boolean {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return false;
    } else if (c === 0x7d || c === 0x5d) depth--;
    else if (c === 0x3a && ++keys > maxKeys) return false;
  }
  return true;
}

/** The first string (key or value) holding a control character, as a wire field path; null when clean. */
export function findControlCharacter(value: unknown, root: string, allowLines = false): string | null {
  // Iterative: the value's depth is already bounded, but nothing here relies on it.
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (hasControlCharacter(v, allowLines)) return path;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push({ value: v[i], path: `${path}.${i}` });
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const key of Object.keys(v)) {
        const at = path ? `${path}.${camelToSnake(key)}` : camelToSnake(key);
        if (hasControlCharacter(key)) return path || 'this';
        stack.push({ value: (v as Record<string, unknown>)[key], path: at });
      }
    }
  }
  return null;
}

/** 400 `invalid_characters` naming the field (also used by routes that read multipart fields themselves). */
export const invalidCharacters = (field: string) => {
  const text = 'This field contains characters that are not allowed.';
  return new AppError(400, `The request contains characters that are not allowed (${field}).`, {
    code: 'invalid_characters',
    fieldErrors: { [field]: [text] },
  });
};

const isApiRoute = (request: FastifyRequest) => (request.routeOptions.url ?? '').startsWith('/api/');

const inputHygienePlugin: FastifyPluginAsync = async (app) => {
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (!jsonShapeWithin(text, MAX_JSON_DEPTH, MAX_JSON_KEYS)) return done(tooComplex(), undefined);
    return parseJson(request, text, done);
  });

  app.addHook('preValidation', async (request) => {
    if (!isApiRoute(request)) return;
    const params = findControlCharacter(request.params, '');
    if (params !== null) throw invalidCharacters(params || 'this');
    const query = request.query;
    if (query && typeof query === 'object') {
      if (Object.keys(query).length > MAX_FORM_FIELDS) throw tooComplex();
      const at = findControlCharacter(query, '');
      if (at !== null) throw invalidCharacters(at || 'this');
    }
    const body = request.body;
    if (body !== undefined && body !== null && !Buffer.isBuffer(body)) {
      if (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length > MAX_FORM_FIELDS)
        throw tooComplex();
      const at = findControlCharacter(body, '', request.routeOptions.config?.multiLineText === true);
      if (at !== null) throw invalidCharacters(at || 'this');
    }
  });
};

export default fp(inputHygienePlugin, { name: 'input-hygiene' });
