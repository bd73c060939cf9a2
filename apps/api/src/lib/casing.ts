// Key conversion between the wire (snake_case) and the code (camelCase). Values are never touched, only keys.
// Only keys that look like identifiers of the other style are converted, so data keys such as 'en-AU', 'ACT' or
// 'address.address_line_2' pass through unchanged. Prototype-polluting keys are dropped at every depth.

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const SNAKE_KEY = /^[a-z0-9]+(?:_[a-z0-9]+)+$/;
const CAMEL_KEY = /^[a-z0-9][a-zA-Z0-9]*$/;

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/** `address_line_2` -> `addressLine2`, `atv_commercial` -> `atvCommercial`; anything else unchanged. */
export function snakeToCamel(key: string): string {
  if (!SNAKE_KEY.test(key)) return key;
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `addressLine2` -> `address_line_2`, `sha256Hash` -> `sha_256_hash`; anything else unchanged. */
export function camelToSnake(key: string): string {
  if (!CAMEL_KEY.test(key)) return key;
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1_$2')
    .toLowerCase();
}

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

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    const converted = convert(key);
    if (FORBIDDEN_KEYS.has(converted)) continue;
    out[converted] = convertKeys(value[key], convert);
  }
  return out;
}

/** Incoming bodies and queries: snake_case keys to camelCase, at every depth. */
export function camelizeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeToCamel) as T;
}

/** Outgoing payloads: camelCase keys to snake_case, at every depth. */
export function snakeizeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, camelToSnake) as T;
}
