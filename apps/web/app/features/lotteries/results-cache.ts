// HTTP caching of the results pages (lib/http-caching.ts, ADR 034): they are hit hardest right after a draw, when
// every visitor asks for the same page.
import { sharedPageHeaders } from '../../lib/http-caching.ts';

/** Spec core §9 lifetimes: 60 s on the server by default; draw results 24 h once final. */
const LATEST_MAX_AGE_S = 60;
const FINAL_MAX_AGE_S = 24 * 60 * 60;

export function resultsHeaders(request: Request, final: boolean): Headers {
  return sharedPageHeaders(request, final ? FINAL_MAX_AGE_S : LATEST_MAX_AGE_S);
}

/** A draw's dividends are final once prizes are paid. */
export function isFinal(status: string): boolean {
  return status === 'DRAW_PAID' || status === 'DRAW_EMAILED';
}
