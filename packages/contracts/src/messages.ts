// The shared form messages of spec features §5, and a zod error map that speaks them, so the API's 422 field errors
// and the storefront's forms word the same mistake the same way.
import { z } from 'zod';

export const FORM_MESSAGES = {
  required: 'This field is required.',
  email: 'Please enter a valid email address.',
  numbersOnly: 'Please enter numbers only.',
  phone: 'Please enter a valid phone number.',
  currency: 'Amount must follow format e.g: 1.50',
  postCode: 'Please enter a valid post code.',
  mismatch: (fieldName: string) => `Your ${fieldName} does not match.`,
  terms: 'You must agree to the terms and conditions to proceed.',
  minimumAmount: (amount: string) => `Please enter an amount equal to or greater than ${amount}.`,
  maximumAmount: (amount: string) => `Please enter an amount equal to or less than ${amount}.`,
  cardHolderName: "Please enter the card holder's name.",
} as const;

/** Spec features §8 Deposit purchase: the texts the API sends and the storefront falls back to. */
export const DEPOSIT_MESSAGES = {
  /** The default failure message of a deposit or a deposit-and-purchase. */
  failure: "We're experiencing technical difficulties. Please reload the page to try again.",
  /** A deposit answer the purchase cannot use. */
  invalidResponse: 'Received invalid deposit response when attempting purchase',
} as const;

/**
 * A retry of a payment, withdrawal or purchase while the first attempt is still running (409 idempotency_in_flight).
 * Customers read it on the form they sent again, so it speaks of their payment, not of keys.
 */
export const IN_FLIGHT_MESSAGE =
  'Your earlier attempt is still being processed. Wait a minute, then check your balance and tickets before trying again.';

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

/** Spec features §2 Error pages: the texts of the pages the API can also send on its own (load shedding). */
export const ERROR_PAGE_TEXTS = {
  problemTitle: (siteName: string) => `We have encountered a problem | ${siteName}`,
  itsNotYou: "It's not you, it's us!",
  serverBusy: 'We are experiencing large load times on our server. Thank you for being patient.',
} as const;
/** The message code of a request shed under load (503): the storefront shows the server-busy page for it. */
export const SERVER_BUSY_CODE = 'server_busy';
