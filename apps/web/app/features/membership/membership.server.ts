// Server-side calls of the membership (gamify) API of the rewards service (features §7): the config, the customer's
// membership, giveaways, a draw's verification data, winners, the customer's giveaways, joining and leaving, unlocking
// an entry and the benefits link. Every answer is parsed with its contract before a screen sees it; an unknown
// giveaway is the 404 page with HTTP 404. Membership reads are never served from the shared cache: entries and draws
// move all day.
import {
  BenefitsResult,
  CustomerGiveaway,
  CustomerMembership,
  DrawUnlockResult,
  GiveawayDetails,
  GiveawayVerification,
  MemberBenefits,
  MembershipConfig,
  PastWinner,
  GIVEAWAY_PAGE_LIMIT,
  type EntryPoint,
  type MembershipTier,
} from '@shop/contracts';
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError, contractMismatch } from '../../lib/api-errors.ts';
import { requestCookies, type AuthApi } from '../../lib/auth.server.ts';
import { serializeCookie } from '../../lib/cookies.ts';
import type { MembershipShell } from '../../lib/shell.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { apiSessionFrom } from '../../lib/session.server.ts';
import { MEMBERSHIP_ERROR_FALLBACK, VISITED_COOKIE, VISITED_COOKIE_DAYS } from './membership-rules.ts';

async function read<S extends z.ZodType>(
  api: ApiClient,
  path: string,
  schema: S,
  query?: Record<string, string | number>,
): Promise<{ value: z.infer<S>; total: number | null }> {
  const res = await api.get<unknown>('rewards', path, { query, cache: false });
  const parsed = schema.safeParse(res.result ?? null);
  if (!parsed.success) throw contractMismatch(`GET ${path}`);
  return { value: parsed.data, total: res.pageInfo?.total ?? null };
}

/** A public read for a loader: 404 answers are the 404 page, other failures the error page of their status. */
async function publicRead<S extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  path: string,
  schema: S,
  query?: Record<string, string | number>,
) {
  try {
    return await read(serverApi(context, apiSessionFrom(request)), path, schema, query);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) notFound();
    throw toRouteError(error);
  }
}

/** GET /v4/config: the programme's content, tiers, giveaways and past winners. */
export async function loadMembershipConfig(context: AppLoadContext, request: Request): Promise<MembershipConfig> {
  return (await publicRead(context, request, '/v4/config', MembershipConfig)).value;
}

/** GET /v3/customer for a signed-in visitor; null when anonymous or signed out by the API. */
export async function loadCustomerMembership(auth: AuthApi): Promise<CustomerMembership | null> {
  if (!auth.hasTokens) return null;
  try {
    return (await read(auth.api, '/v3/customer', CustomerMembership)).value;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** GET /v3/giveaways/{type}/{n}: with the customer's entry when signed in. */
export async function loadGiveaway(auth: AuthApi, type: string, drawNumber: number): Promise<GiveawayDetails> {
  try {
    return (await read(auth.api, `/v3/giveaways/${encodeURIComponent(type)}/${drawNumber}`, GiveawayDetails)).value;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) notFound();
    throw toRouteError(error);
  }
}

export async function loadGiveawayVerification(
  context: AppLoadContext,
  request: Request,
  type: string,
  drawNumber: number,
): Promise<GiveawayVerification> {
  const path = `/v3/giveaways/${encodeURIComponent(type)}/${drawNumber}/verification`;
  return (await publicRead(context, request, path, GiveawayVerification)).value;
}

export interface Paged<T> {
  items: T[];
  page: number;
  hasNext: boolean;
}

const offsetOf = (page: number) => (page - 1) * GIVEAWAY_PAGE_LIMIT;
function paged<T>(items: T[], total: number | null, page: number): Paged<T> {
  if (page > 1 && items.length === 0) notFound();
  const hasNext = total !== null ? offsetOf(page) + items.length < total : items.length === GIVEAWAY_PAGE_LIMIT;
  return { items, page, hasNext };
}

/** GET /v3/winners: past winners, 9 a page. */
export async function loadWinnersPage(context: AppLoadContext, request: Request, page: number) {
  const { value, total } = await publicRead(context, request, '/v3/winners', PastWinner.array(), {
    limit: GIVEAWAY_PAGE_LIMIT,
    offset: offsetOf(page),
  });
  return paged(value, total, page);
}

/** GET /v3/customer/giveaways: the customer's current or closed giveaways, 9 a page. */
export async function loadCustomerGiveaways(auth: AuthApi, status: 'current' | 'closed', page: number) {
  try {
    const { value, total } = await read(auth.api, '/v3/customer/giveaways', CustomerGiveaway.array(), {
      status,
      limit: GIVEAWAY_PAGE_LIMIT,
      offset: offsetOf(page),
    });
    return paged(value, total, page);
  } catch (error) {
    throw toRouteError(error);
  }
}

/** The benefits page's exchange of its token; null when the link is no longer valid. */
export async function loadBenefits(
  context: AppLoadContext,
  request: Request,
  token: string,
): Promise<MemberBenefits | null> {
  if (!/^[A-Za-z0-9_.-]{10,400}$/.test(token)) return null;
  try {
    return (await read(serverApi(context, null), `/v3/benefits/sso/${token}`, MemberBenefits)).value;
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
    throw toRouteError(error);
  }
}

/** What a failed membership write says to the customer (features §8: the message, or "An unknown error occurred"). */
export function membershipErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500 || error.reason) return MEMBERSHIP_ERROR_FALLBACK;
  return error.messages[0]?.text || error.generalErrors[0] || MEMBERSHIP_ERROR_FALLBACK;
}

/** PUT /membership (v3.2): join (member) or leave (non-member). */
export async function updateMembership(
  auth: AuthApi,
  membershipStatus: 'member' | 'non-member',
  metadata: { entryPoint?: EntryPoint; tier?: MembershipTier } = {},
): Promise<CustomerMembership> {
  const res = await auth.api.put<unknown>(
    'rewards',
    '/membership',
    { membershipProgram: 'daily_winners', membershipStatus, metadata },
    { version: '3.2' },
  );
  const parsed = CustomerMembership.safeParse(res.result);
  if (!parsed.success) throw contractMismatch('PUT /membership');
  return parsed.data;
}

/** PUT /v3/draws/{id} {entryStatus: unlocked}. */
export async function unlockEntry(auth: AuthApi, id: string): Promise<DrawUnlockResult> {
  const res = await auth.api.put<unknown>('rewards', `/v3/draws/${encodeURIComponent(id)}`, {
    entryStatus: 'unlocked',
  });
  const parsed = DrawUnlockResult.safeParse(res.result);
  if (!parsed.success) throw contractMismatch('PUT /v3/draws');
  return parsed.data;
}

/** GET /v3/benefits: where the member's benefits page is (the browser is sent there). */
export async function benefitsUrl(auth: AuthApi): Promise<string> {
  const res = await auth.api.get<unknown>('rewards', '/v3/benefits', { cache: false });
  const parsed = BenefitsResult.safeParse(res.result);
  if (!parsed.success) throw contractMismatch('GET /v3/benefits');
  return parsed.data.ssoUrl;
}

/**
 * The layout's Daily Winners state (the dot badge and entry points): anonymous when signed out, the customer's
 * membership when signed in (null when it cannot be read: no badge rather than a wrong one). Opening the programme's
 * page, or the stored flag from an earlier visit, counts as visited.
 */
export async function loadMembershipShell(
  request: Request,
  auth: AuthApi,
  signedIn: boolean,
): Promise<MembershipShell | null> {
  const url = new URL(request.url);
  const visited =
    requestCookies(request)[VISITED_COOKIE] === '1' ||
    url.pathname === '/daily-winners' ||
    url.pathname.startsWith('/daily-winners/');
  if (!signedIn) return { navigationStatus: 'anonymous', membershipStatus: null, tier: null, marketing: true, visited };
  const m = await loadCustomerMembership(auth).catch(() => null);
  if (!m) return null;
  return {
    navigationStatus: m.navigationStatus,
    membershipStatus: m.membershipStatus,
    tier: m.membershipTier,
    marketing: m.eligibility === 'eligible',
    visited,
  };
}

/** The stored flag, set when the visitor opens the Daily Winners page (a year, like the other preferences). */
export function visitedCookie(request: Request): string {
  return serializeCookie(VISITED_COOKIE, '1', {
    maxAgeSeconds: VISITED_COOKIE_DAYS * 86_400,
    secure: new URL(request.url).protocol === 'https:',
  });
}
