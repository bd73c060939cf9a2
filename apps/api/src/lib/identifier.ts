// Spec core §5: stored identifiers that break the rule are treated as absent, never as an error.
import { IDENTIFIER_PATTERN } from '@shop/contracts';

const MAX_IDENTIFIER_LENGTH = 128;

export function readIdentifier(value: unknown): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (typeof v !== 'string' || v.length === 0 || v.length > MAX_IDENTIFIER_LENGTH) return undefined;
  return IDENTIFIER_PATTERN.test(v) ? v : undefined;
}
