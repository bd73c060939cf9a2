// Signed request headers for tests, computed with the same pure function the API verifies with.
import { HEADERS } from '@shop/contracts';
import type { AppConfig } from '../../src/env.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { signRequest, unixSeconds } from '../../src/lib/signature.ts';

export interface SignOptions {
  appKey?: string;
  /** Defaults to the configured secret of appKey. */
  secret?: string;
  /** Unix seconds; defaults to the clock's now. */
  timestamp?: number;
  customerToken?: string;
  version?: string;
}

export function signedHeaders(config: AppConfig, clock: Clock, options: SignOptions = {}): Record<string, string> {
  const appKey = options.appKey ?? 'web';
  const secret = options.secret ?? config.appKeys[appKey];
  if (secret === undefined) throw new Error(`no secret configured for app key ${appKey}`);
  const timestamp = options.timestamp ?? unixSeconds(clock.now());
  const headers: Record<string, string> = {
    [HEADERS.appKey]: appKey,
    [HEADERS.timestamp]: String(timestamp),
    [HEADERS.signature]: signRequest({ timestamp, appKey, customerToken: options.customerToken, secret }),
  };
  if (options.customerToken !== undefined) headers[HEADERS.customerToken] = options.customerToken;
  if (options.version !== undefined) headers[HEADERS.version] = options.version;
  return headers;
}
