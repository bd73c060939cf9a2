// Server-side reads of the raffle and causes API (spec core §2 causes and raffle offer routes; features §3 raffle draw
// and causes, §7 draw prizes and winners, GET /causes) for the route loaders. Every answer is parsed with its contract
// before a screen sees it; an unknown raffle, draw or cause is the 404 page with HTTP 404.
import type { AppLoadContext } from 'react-router';
import type { z } from 'zod';
import {
  Cause,
  CauseDetails,
  Raffle,
  RaffleDraw,
  RaffleResult,
  RaffleSupport,
  RaffleVerification,
  type ApiVersion,
} from '@shop/contracts';
import { serverApi } from '../../lib/api-client.server.ts';
import { ApiError, contractMismatch } from '../../lib/api-errors.ts';
import { SERVER_CACHE_TTL } from '../../lib/cache-policy.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { apiSessionFrom, UTM_KEYS } from '../../lib/session.server.ts';
import type { ApiClient } from '../../lib/api-client.ts';

/** A raffle's supply and status change with every sale and draw: those reads are never served from the cache. */
const LIVE = false as const;
const CACHED = { ttlMs: SERVER_CACHE_TTL.default };

const SLUG = /^[a-z0-9-]{1,80}$/;

async function read<S extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  path: string,
  schema: S,
  opts: {
    query?: Record<string, string | number>;
    cache?: false | { ttlMs: number };
    version?: ApiVersion;
    api?: ApiClient;
  } = {},
): Promise<{ value: z.infer<S>; total: number | null }> {
  try {
    const api = opts.api ?? serverApi(context, apiSessionFrom(request));
    const res = await api.get<unknown>('main', path, {
      query: opts.query,
      cache: opts.cache ?? CACHED,
      version: opts.version,
    });
    const parsed = schema.safeParse(res.result ?? null);
    if (!parsed.success) throw contractMismatch(`GET ${path}`);
    return { value: parsed.data, total: res.pageInfo?.total ?? null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw toRouteError(error);
  }
}

/** GET /raffles (optionally of one cause): the raffles on sale, in the catalogue's order. */
export async function loadRaffles(context: AppLoadContext, request: Request, causeSlug?: string): Promise<Raffle[]> {
  const query: Record<string, string> = causeSlug ? { causeSlug } : {};
  return (await read(context, request, '/raffles', Raffle.array(), { query, cache: LIVE })).value;
}

/** GET /raffles/{offerKey}: the raffle with its causes, permits, bundles and draws. */
export async function loadRaffle(context: AppLoadContext, request: Request, offerKey: string): Promise<Raffle> {
  return (await read(context, request, `/raffles/${encodeURIComponent(offerKey)}`, Raffle, { cache: LIVE })).value;
}

/** GET /raffles/{offerKey}/draws/{drawNo}: one draw, coming or past, with its prizes and (once drawn) winners. */
export async function loadRaffleDraw(
  context: AppLoadContext,
  request: Request,
  offerKey: string,
  drawNo: number,
): Promise<RaffleDraw> {
  const draw = (
    await read(context, request, `/raffles/${encodeURIComponent(offerKey)}/draws/${drawNo}`, RaffleDraw, {
      cache: LIVE,
    })
  ).value;
  if (draw.drawNo !== drawNo) notFound();
  return draw;
}

export async function loadVerification(
  context: AppLoadContext,
  request: Request,
  offerKey: string,
  drawNo: number,
): Promise<RaffleVerification> {
  const path = `/raffles/${encodeURIComponent(offerKey)}/draws/${drawNo}/verification`;
  return (await read(context, request, path, RaffleVerification, { cache: LIVE })).value;
}

/** GET /raffles/{offerKey}/your-support for the signed-in customer. */
export async function loadSupport(
  context: AppLoadContext,
  request: Request,
  api: ApiClient,
  offerKey: string,
): Promise<RaffleSupport> {
  return (
    await read(context, request, `/raffles/${encodeURIComponent(offerKey)}/your-support`, RaffleSupport, {
      cache: false,
      api,
    })
  ).value;
}

export const CAUSES_PAGE_SIZE = 12;

/** GET /causes: a page of causes, optionally by category and a name search. */
export async function loadCauses(
  context: AppLoadContext,
  request: Request,
  filter: { category?: string | null; q?: string | null; page: number },
): Promise<{ causes: Cause[]; total: number | null }> {
  const query: Record<string, string | number> = {
    limit: CAUSES_PAGE_SIZE,
    offset: (filter.page - 1) * CAUSES_PAGE_SIZE,
  };
  if (filter.category) query.category = filter.category;
  if (filter.q) query.q = filter.q;
  const res = await read(context, request, '/causes', Cause.array().nullable(), { query });
  return { causes: res.value ?? [], total: res.total };
}

/** GET /causes/{slug}: the cause, its raffles and the amount raised. */
export async function loadCause(
  context: AppLoadContext,
  request: Request,
  slug: string | undefined,
): Promise<CauseDetails> {
  const wanted = (slug ?? '').toLowerCase();
  if (!SLUG.test(wanted)) notFound();
  const cause = (await read(context, request, `/causes/${encodeURIComponent(wanted)}`, CauseDetails, { cache: LIVE }))
    .value;
  if (cause.slug !== wanted) notFound();
  return cause;
}

/**
 * The raffles tab of the results lists (GET /draws/pricing/{p}/past?category=raffles, v3.7), or one raffle's results
 * (`offerKey`: ?productOfferKey=): drawn draws, newest first.
 */
export async function loadRaffleResults(
  context: AppLoadContext,
  request: Request,
  pricing: string,
  page: number,
  pageSize: number,
  offerKey?: string,
): Promise<{ results: RaffleResult[]; total: number | null }> {
  const path = `/draws/pricing/${encodeURIComponent(pricing)}/past`;
  const query: Record<string, string | number> = offerKey
    ? { productOfferKey: offerKey, limit: pageSize, offset: (page - 1) * pageSize }
    : { category: 'raffles', limit: pageSize, offset: (page - 1) * pageSize };
  const res = await read(context, request, path, RaffleResult.array().nullable(), {
    query,
    cache: CACHED,
    version: '3.7',
  });
  return { results: res.value ?? [], total: res.total };
}

/** The raffle page path "/{slug}" from the raffle's url. */
export function raffleSlug(raffle: Pick<Raffle, 'url' | 'productOfferKey'>): string {
  const slug = raffle.url.replace(/^https?:\/\/[^/]+/i, '').replace(/^\/+|\/+$/g, '');
  return slug || raffle.productOfferKey;
}

/** A drawNo path segment, or the 404 page. */
export function drawNoParam(value: string | undefined): number {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) notFound();
  const n = Number(value);
  if (n > 1_000_000_000) notFound();
  return n;
}

/** The utm values of a page url as a query string ("?utm_source=…"), so a buy form keeps them into the cart. */
export function utmSearch(url: string): string {
  const from = new URL(url).searchParams;
  const kept = new URLSearchParams();
  for (const key of UTM_KEYS) {
    const value = from.get(key);
    if (value) kept.set(key, value);
  }
  const q = kept.toString();
  return q ? `?${q}` : '';
}
