// A zod error map that speaks the form messages of spec features §5, so the API's 422 field errors and the
// storefront's forms word the same mistake the same way.
import { z } from 'zod';
import { FORM_MESSAGES } from './messages.ts';

const NUMERIC = new Set(['number', 'int', 'bigint']);
const list = (values: readonly unknown[]) =>
  values.length > 8 ? `${values.slice(0, 8).join(', ')}, ...` : values.join(', ');

/**
 * Messages for the generic issues; a schema's own message (e.g. a money field's minimum amount) still wins.
 * Returns undefined to keep zod's default where no house wording exists.
 */
export const shopErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return FORM_MESSAGES.required;
      if (NUMERIC.has(issue.expected)) return FORM_MESSAGES.numbersOnly;
      if (issue.expected === 'boolean') return 'Must be true or false.';
      return `Must be a ${issue.expected}.`;
    case 'invalid_format':
      if (issue.format === 'email') return FORM_MESSAGES.email;
      if (issue.format === 'url') return 'Please enter a valid web address.';
      return undefined;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? FORM_MESSAGES.required : `Must be at least ${issue.minimum} characters.`;
      if (issue.origin === 'number' || issue.origin === 'bigint') return `Must be at least ${issue.minimum}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${issue.minimum}.`;
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'number' || issue.origin === 'bigint') return `Must be at most ${issue.maximum}.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${issue.maximum}.`;
      return undefined;
    case 'invalid_value':
      // Nothing chosen (an empty select) is a missing answer, not a wrong one.
      if (issue.input === undefined || issue.input === null || issue.input === '') return FORM_MESSAGES.required;
      return `Must be one of: ${list(issue.values)}.`;
    case 'not_multiple_of':
      return Number(issue.divisor) === 0.01 ? FORM_MESSAGES.currency : `Must be a multiple of ${issue.divisor}.`;
    default:
      return undefined;
  }
};

/** Install the house messages for every zod schema in this process (idempotent). */
export function useShopErrorMessages(): void {
  z.config({ customError: shopErrorMap });
}
