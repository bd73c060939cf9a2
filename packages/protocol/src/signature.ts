// Request signing (spec core §7): hex HMAC-SHA256(secret, `${timestamp}${appKey}${customerToken ?? ''}`). It
// identifies the calling app, it is not a login: the web app's secret ships to browsers by design. The API checks
// it, the storefront's server and browser clients and the tests compute it, all with these functions.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, constantTimeEqual, utf8Bytes } from './bytes.ts';

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

/** Hex HMAC-SHA256 of a message with a text secret. */
export function hmacSha256Hex(secret: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8Bytes(secret), utf8Bytes(message)));
}

/** The x-signature value of a request. */
export function signRequest(input: SignatureInput & { secret: string }): string {
  return hmacSha256Hex(input.secret, signaturePayload(input));
}

/** Constant-time comparison of a presented signature with the expected one (hex, either case). */
export function signatureMatches(input: SignatureInput & { secret: string }, presented: string): boolean {
  return constantTimeEqual(signRequest(input), presented.toLowerCase());
}

/** Unix seconds of a date, the unit of x-timestamp. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}
