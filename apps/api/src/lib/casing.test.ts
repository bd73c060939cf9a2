import { describe, expect, it } from 'vitest';
import { camelToSnake, camelizeKeys, snakeToCamel, snakeizeKeys, wireFieldPath } from './casing.ts';

describe('key casing', () => {
  it.each([
    ['address_line_2', 'addressLine2'],
    ['atv_commercial', 'atvCommercial'],
    ['customer_token', 'customerToken'],
    ['sha_256_hash', 'sha256Hash'],
    ['2fa_code', '2faCode'],
    ['limit', 'limit'],
  ])('%s <-> %s', (snake, camel) => {
    expect(snakeToCamel(snake)).toBe(camel);
    expect(camelToSnake(camel)).toBe(snake);
  });

  it('leaves keys that are data, not identifiers, alone', () => {
    for (const key of ['en-AU', 'ACT', 'NSW', 'x-app-key', '_private', 'a.b_c', 'Title Case']) {
      expect(camelToSnake(key)).toBe(key);
      expect(snakeToCamel(key)).toBe(key);
    }
  });

  it('converts nested objects and arrays, never values', () => {
    const wire = {
      page_info: { total_count: 2 },
      items: [{ item_id: 'address_line_2', sub_items: [{ deep_key_1: 'keep_me' }] }],
    };
    const code = camelizeKeys(wire);
    expect(code).toEqual({
      pageInfo: { totalCount: 2 },
      items: [{ itemId: 'address_line_2', subItems: [{ deepKey1: 'keep_me' }] }],
    });
    expect(snakeizeKeys(code)).toEqual(wire);
  });

  it('drops prototype-polluting keys at every depth', () => {
    const hostile = JSON.parse(
      '{"a":{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"ok_key":1},"prototype":2}',
    );
    const out = camelizeKeys<Record<string, Record<string, unknown>>>(hostile);
    expect(out).toEqual({ a: { okKey: 1 } });
    expect(Object.getPrototypeOf(out.a)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names field paths as the wire does', () => {
    expect(wireFieldPath(['address', 'addressLine2'])).toBe('address.address_line_2');
    expect(wireFieldPath(['items', 0, 'deepKey1'])).toBe('items.0.deep_key_1');
  });
});
