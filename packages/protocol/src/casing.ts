// Key conversion between the wire (snake_case) and the code (camelCase), spec core §7: the API's casing hook and the
// storefront's api client both convert here. Values are never touched, only keys. Only keys that look like
// identifiers of the other style are converted, so data keys such as 'en-AU', 'ACT' or 'address.address_line_2' pass
// through unchanged. Prototype-polluting keys are dropped at every depth.
//
// Depth-bounded: a hostile body nested thousands deep (issue 14) must not overflow the stack. Past MAX_KEY_DEPTH
// levels the conversion throws NestingTooDeepError, which callers answer as a client error (400), never a 500.

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const SNAKE_KEY = /^[a-z0-9]+(?:_[a-z0-9]+)+$/;
const CAMEL_KEY = /^[a-z0-9][a-zA-Z0-9]*$/;

/** Objects and arrays nested deeper than this are refused. Real payloads are under 10 deep. */
export const MAX_KEY_DEPTH = 64;

/** A value nested deeper than MAX_KEY_DEPTH: the caller answers 400 (bad input), not 500. */
export class NestingTooDeepError extends Error {
  readonly maxDepth: number;
  constructor(maxDepth: number = MAX_KEY_DEPTH) {
    super(`The data is nested more than ${maxDepth} levels deep.`);
    this.name = 'NestingTooDeepError';
    this.maxDepth = maxDepth;
  }
}

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/**
 * Conversions are pure, and nearly every key converted is one of the few hundred the API's own types name: each is
 * remembered (up to MEMO_MAX keys per direction, so a body of made-up keys cannot grow memory), which took the
 * casing of every answer from a few per cent of the API's CPU to almost nothing (issue 22).
 */
const MEMO_MAX = 10_000;
function memoized(convert: (key: string) => string): (key: string) => string {
  const memo = new Map<string, string>();
  return (key) => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const converted = convert(key);
    if (memo.size < MEMO_MAX && key.length <= 64) memo.set(key, converted);
    return converted;
  };
}

/** `address_line_2` -> `addressLine2`, `atv_commercial` -> `atvCommercial`; anything else unchanged. */
export const snakeToCamel = memoized((key) => {
  if (!SNAKE_KEY.test(key)) return key;
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
});

/** `addressLine2` -> `address_line_2`, `sha256Hash` -> `sha_256_hash`; anything else unchanged. */
export const camelToSnake = memoized((key) => {
  if (!CAMEL_KEY.test(key)) return key;
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1_$2')
    .toLowerCase();
});

/** A field path as the wire names it: ['address', 'addressLine2'] -> 'address.address_line_2'. */
export function wireFieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => (typeof p === 'string' ? camelToSnake(p) : String(p))).join('.');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  // Query-string parsers return objects whose prototype has a null prototype; they are plain data too.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

function convertKeys(value: unknown, convert: (key: string) => string, depth: number): unknown {
  if (Array.isArray(value)) {
    if (depth >= MAX_KEY_DEPTH) throw new NestingTooDeepError();
    return value.map((v) => convertKeys(v, convert, depth + 1));
  }
  if (!isPlainObject(value)) return value;
  if (depth >= MAX_KEY_DEPTH) throw new NestingTooDeepError();
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    const converted = convert(key);
    if (FORBIDDEN_KEYS.has(converted)) continue;
    out[converted] = convertKeys(value[key], convert, depth + 1);
  }
  return out;
}

/** Incoming data: snake_case keys to camelCase, at every depth. Throws NestingTooDeepError past MAX_KEY_DEPTH. */
export function camelizeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeToCamel, 0) as T;
}

/** Outgoing data: camelCase keys to snake_case, at every depth. Throws NestingTooDeepError past MAX_KEY_DEPTH. */
export function snakeizeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, camelToSnake, 0) as T;
}
