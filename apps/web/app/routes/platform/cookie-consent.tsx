// Stores the cookie-consent choice (spec core §9) and returns the visitor to the page they were on.
import { redirect } from 'react-router';
import { WebConfig } from '@shop/contracts';
import { safeRedirect } from '@shop/protocol';
import { serverApi } from '../../lib/api-client.server.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { consentCookie } from '../../lib/consent.ts';
import { notFound } from '../../lib/route-errors.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';
import type { Route } from './+types/cookie-consent';

const DEFAULT_LIFETIME_DAYS = 365;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const choice = form.get('choice');
  if (choice !== 'all' && choice !== 'essential') {
    throw new Response('Choose "all" or "essential".', { status: 400 });
  }
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
  const returnTo = form.get('returnTo');
  // Only same-origin paths: "//evil.example", absolute URLs and control characters fall back to the home page.
  return redirect(safeRedirect(typeof returnTo === 'string' ? returnTo : null, new URL(request.url).origin), {
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
