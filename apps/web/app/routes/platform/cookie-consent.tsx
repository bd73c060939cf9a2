// Stores the cookie-consent choice (spec core §9) and returns the visitor to the page they were on.
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect } from 'react-router';
import { z } from 'zod';
import { WebConfig } from '@shop/contracts';
import { safeRedirect } from '@shop/protocol';
import { serverApi } from '../../lib/api-client.server.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { consentCookie } from '../../lib/consent.ts';
import { notFound } from '../../lib/route-errors.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';
import type { Route } from './+types/cookie-consent';

const DEFAULT_LIFETIME_DAYS = 365;

/** The consent banner's post: which cookies, and the page to go back to. */
const ConsentForm = z.object({ choice: z.enum(['all', 'essential']), returnTo: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ConsentForm });
  if (submission.status !== 'success') throw new Response('Choose "all" or "essential".', { status: 400 });
  const { choice, returnTo } = submission.value;
  let lifetimeDays = DEFAULT_LIFETIME_DAYS;
  try {
    const res = await serverApi(context, apiSessionFrom(request)).get('main', '/config', {
      cache: { ttlMs: SERVER_CACHE_TTL.default },
    });
    lifetimeDays =
      WebConfig.shape.cookieConsent.safeParse((res.result as { cookieConsent?: unknown } | null)?.cookieConsent).data
        ?.cookieLifetimeDays ?? DEFAULT_LIFETIME_DAYS;
  } catch {
    // The spec's default lifetime (1 year) applies when the configuration cannot be read.
  }
  const secure = new URL(request.url).protocol === 'https:';
  // Only same-origin paths: "//evil.example", absolute URLs and control characters fall back to the home page.
  return redirect(safeRedirect(returnTo, new URL(request.url).origin), {
    headers: { 'Set-Cookie': consentCookie(choice, lifetimeDays, secure) },
  });
}

// A GET of this address is not a page.
export function loader(): never {
  notFound();
}

// A route with a component, so a GET renders the site's 404 page instead of a bare response.
export default function CookieConsent() {
  return null;
}
