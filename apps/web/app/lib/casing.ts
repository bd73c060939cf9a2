// The API speaks snake_case, the app camelCase (spec core §7): the api client converts keys here, nowhere else.

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `address_line_2` -> `addressLine2`, `customer_verify` -> `customerVerify`. */
export function snakeToCamel(key: string): string {
  return key.replace(/_+([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** `addressLine2` -> `address_line_2`, `customerVerify` -> `customer_verify`. */
export function camelToSnake(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Za-z])([0-9])/g, '$1_$2')
    .toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => convertKeys(v, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // A response is data we do not control: never let it reach an object prototype.
    if (FORBIDDEN_KEYS.has(key)) continue;
    out[convert(key)] = convertKeys(v, convert);
  }
  return out;
}

export const keysToCamel = <T = unknown>(value: unknown): T => convertKeys(value, snakeToCamel) as T;
export const keysToSnake = <T = unknown>(value: unknown): T => convertKeys(value, camelToSnake) as T;
