// Request signing (spec core §7): it identifies the calling app, it is not a login. The browser client computes the
// same value with WebCrypto; this pure version is shared by the server, the SSR client and the tests.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignatureInput {
  /** Unix time in whole seconds, as sent in x-timestamp. */
  timestamp: number | string;
  appKey: string;
  /** The customer token sent with the request (x-customer-token header or customer_token cookie), if any. */
  customerToken?: string | null;
}

/** The string that is signed: `${timestamp}${appKey}${customerToken ?? ''}`. */
export function signaturePayload({ timestamp, appKey, customerToken }: SignatureInput): string {
  return `${timestamp}${appKey}${customerToken ?? ''}`;
}

/** Hex HMAC-SHA256 of the payload with the app's secret. */
export function signRequest(input: SignatureInput & { secret: string }): string {
  return createHmac('sha256', input.secret).update(signaturePayload(input)).digest('hex');
}

/** Constant-time comparison of a presented signature with the expected one. */
export function signatureMatches(input: SignatureInput & { secret: string }, presented: string): boolean {
  const expected = Buffer.from(signRequest(input), 'utf8');
  const given = Buffer.from(presented.toLowerCase(), 'utf8');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(expected, given);
}

/** Unix seconds of a date, the unit of x-timestamp. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
