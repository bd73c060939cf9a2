// The shared form messages of spec features §5 (the zod error map that speaks them is error-map.ts) and other texts
// both apps show. No zod here: the storefront's first page loads these texts without the validation library.

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

/** Spec features §2 Error pages: the texts of the pages the API can also send on its own (load shedding). */
export const ERROR_PAGE_TEXTS = {
  problemTitle: (siteName: string) => `We have encountered a problem | ${siteName}`,
  itsNotYou: "It's not you, it's us!",
  serverBusy: 'We are experiencing large load times on our server. Thank you for being patient.',
} as const;
/** The message code of a request shed under load (503): the storefront shows the server-busy page for it. */
export const SERVER_BUSY_CODE = 'server_busy';
