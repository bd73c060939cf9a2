// Casing: the wire's snake_case to the code's camelCase and back, keys only, and a bound on nesting so a hostile
// body cannot overflow the stack (issue 14: JSON nested 5,000 deep answered 500 on every JSON route).
import { describe, expect, it } from 'vitest';
import {
  camelizeKeys,
  camelToSnake,
  MAX_KEY_DEPTH,
  NestingTooDeepError,
  snakeizeKeys,
  snakeToCamel,
  wireFieldPath,
} from './casing.ts';

function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { some_key: value };
  return value;
}

describe('casing', () => {
  it('converts identifier-shaped keys only, values never', () => {
    expect(camelizeKeys({ address_line_2: 'a_b', 'en-AU': 1, ACT: 2, nested: [{ atv_commercial: 3 }] })).toEqual({
      addressLine2: 'a_b',
      'en-AU': 1,
      ACT: 2,
      nested: [{ atvCommercial: 3 }],
    });
    expect(snakeizeKeys({ addressLine2: 1, sha256Hash: 2, 'en-AU': 3 })).toEqual({
      address_line_2: 1,
      sha_256_hash: 2,
      'en-AU': 3,
    });
    expect(snakeToCamel('customer_verify')).toBe('customerVerify');
    expect(camelToSnake('customerVerify')).toBe('customer_verify');
    expect(wireFieldPath(['address', 'addressLine2', 0])).toBe('address.address_line_2.0');
  });

  it('drops prototype-polluting keys at every depth', () => {
    const out = camelizeKeys<Record<string, unknown>>(JSON.parse('{"a":{"__proto__":{"x":1},"constructor":2,"b":3}}'));
    expect(out).toEqual({ a: { b: 3 } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('converts data nested up to the bound', () => {
    expect(() => camelizeKeys(nested(MAX_KEY_DEPTH))).not.toThrow();
    expect(() => snakeizeKeys(nested(MAX_KEY_DEPTH))).not.toThrow();
  });

  it('refuses data nested 5,000 deep with a typed error instead of overflowing the stack', () => {
    const deep = JSON.parse(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`);
    expect(() => camelizeKeys(deep)).toThrow(NestingTooDeepError);
    expect(() => snakeizeKeys(deep)).toThrow(NestingTooDeepError);
    expect(() => camelizeKeys(nested(MAX_KEY_DEPTH + 1))).toThrow(NestingTooDeepError);
    const deepArrays = JSON.parse(`${'['.repeat(8000)}${']'.repeat(8000)}`);
    expect(() => camelizeKeys(deepArrays)).toThrow(NestingTooDeepError);
  });
});
