// Spec core §5 identifiers: the shop's public ids, and stored identifiers that break the rule treated as absent,
// never as an error.
import { randomInt } from 'node:crypto';
import { IDENTIFIER_PATTERN } from '@shop/contracts';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A public id: prefix, underscore and 20 random letters and digits (e.g. `cus_…`, `gwy_…`). */
export function publicId(prefix: string): string {
  let out = '';
  for (let i = 0; i < 20; i++) out += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return `${prefix}_${out}`;
}

const MAX_IDENTIFIER_LENGTH = 128;

export function readIdentifier(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_IDENTIFIER_LENGTH) return undefined;
  return IDENTIFIER_PATTERN.test(v) ? v : undefined;
}
