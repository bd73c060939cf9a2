import { IDENTIFIER_PATTERN } from '@shop/contracts';

/** Spec core §5: a stored identifier counts only if it is letters, digits, hyphen and underscore; otherwise absent. */
export function identifierOrNull(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 128) return null;
  return IDENTIFIER_PATTERN.test(value) ? value : null;
}
