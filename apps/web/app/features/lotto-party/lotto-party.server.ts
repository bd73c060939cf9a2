// Server side of the Lotto Party screens (features §7 "Lotto party API", version 3.0 under the social service's base
// address /social/v3; the orders service's GET /social_syndicate_session/{id}): my groups, a group with its sessions,
// a group by invite token and joining it, the promoted sessions, one session, the organiser's autosession switch, the
// creation calls of the group creation modal, and my order in a session. Every answer is parsed with its contract;
// a group or session the customer may not see is the 404 page (the API answers 404 for a non-member).
import {
  LottoPartyConfig,
  LottoPartyGroup,
  LottoPartyGroupDetail,
  LottoPartySession,
  LOTTO_PARTY_TEXTS,
  SocialSyndicateSessionOrder,
  type AutosessionStatus,
} from '@shop/contracts';
import { data, type AppLoadContext } from 'react-router';
import { ApiError, parseApiResult } from '../../lib/api-errors.ts';
import { authApi, requireCustomer, type AuthApi } from '../../lib/auth.server.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import {
  creationRefusal,
  GROUP_PAGE_SIZE,
  inviteTokenOf,
  pageOf,
  type CreationResult,
  type EditOutcome,
} from './lotto-party-rules.ts';

const GROUP_ID = /^lpg_[A-Za-z0-9_-]{1,60}$/;
const SESSION_ID = /^lps_[A-Za-z0-9_-]{1,60}$/;
const PRIVATE = { 'Cache-Control': 'private, no-store' };
const OPTS = { version: '3.0' as const, cache: false as const };

export const isSessionId = (id: string | undefined): id is string => !!id && SESSION_ID.test(id);

function readError(error: unknown): unknown {
  // A group or session that is not the customer's (or does not exist) is the same 404 page.
  if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return data({}, { status: 404 });
  return toRouteError(error);
}

async function getGroups(auth: AuthApi, page: number) {
  const res = await auth.api.get<unknown>('social', '/group', {
    ...OPTS,
    query: { limit: GROUP_PAGE_SIZE, offset: (page - 1) * GROUP_PAGE_SIZE },
  });
  const groups = parseApiResult(LottoPartyGroup.array(), res.result ?? [], 'GET /group');
  const total = res.pageInfo?.total ?? groups.length;
  return { groups, page, hasNext: page * GROUP_PAGE_SIZE < total, total };
}

async function getDiscover(auth: AuthApi) {
  const res = await auth.api.get<unknown>('social', '/session/discover', {
    ...OPTS,
    query: { limit: GROUP_PAGE_SIZE, offset: 0 },
  });
  return parseApiResult(LottoPartySession.array(), res.result ?? [], 'GET /session/discover');
}

/** /lotto-party: the promoted sessions for everyone, and my first groups when signed in. */
export async function loadLanding(request: Request, context: AppLoadContext) {
  const auth = authApi(request, context);
  try {
    const [mine, promoted] = await Promise.all([
      auth.hasTokens ? getGroups(auth, 1).catch(signedOutIsNone) : null,
      getDiscover(auth).catch(signedOutIsNone),
    ]);
    return data(
      {
        signedIn: mine !== null,
        groups: mine?.groups ?? [],
        moreGroups: mine?.hasNext ?? false,
        promoted: promoted ?? [],
      },
      { headers: auth.headers(PRIVATE) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

function signedOutIsNone(error: unknown): null {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
  throw error;
}

/** /my-account/lotto-party[/:page]: my groups, 6 a page. */
export async function loadMyGroups(request: Request, context: AppLoadContext, pageParam: string | undefined) {
  const page = pageOf(pageParam);
  if (page === null) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const groups = await getGroups(auth, page);
    if (page > 1 && groups.groups.length === 0) notFound();
    return data(groups, { headers: auth.headers(PRIVATE) });
  } catch (error) {
    throw readError(error);
  }
}

/** /my-account/lotto-party/group/:id[/:page]: the group, its members and its sessions, 6 a page. */
export async function loadGroup(
  request: Request,
  context: AppLoadContext,
  id: string | undefined,
  pageParam: string | undefined,
) {
  const page = pageOf(pageParam);
  if (!id || !GROUP_ID.test(id) || page === null) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const [groupRes, sessionsRes] = await Promise.all([
      auth.api.get<unknown>('social', `/group/${id}`, OPTS),
      auth.api.get<unknown>('social', `/group/${id}/session`, {
        ...OPTS,
        query: { limit: GROUP_PAGE_SIZE, offset: (page - 1) * GROUP_PAGE_SIZE },
      }),
    ]);
    const group = parseApiResult(LottoPartyGroupDetail, groupRes.result, 'GET /group/{id}');
    const sessions = parseApiResult(LottoPartySession.array(), sessionsRes.result ?? [], 'GET /group/{id}/session');
    if (page > 1 && sessions.length === 0) notFound();
    const total = sessionsRes.pageInfo?.total ?? sessions.length;
    return data(
      { group, sessions, page, hasNext: page * GROUP_PAGE_SIZE < total, origin: auth.origin },
      { headers: auth.headers(PRIVATE) },
    );
  } catch (error) {
    throw readError(error);
  }
}

/**
 * /lotto-party/group?token=…: the group an invite leads to (GET /group/token/{token}); signed out, the login page
 * brings the visitor back here with the token. A bad token is the 404 page.
 */
export async function loadInvite(request: Request, context: AppLoadContext) {
  const token = inviteTokenOf(new URL(request.url).searchParams.get('token'));
  if (!token) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('social', `/group/token/${token}`, OPTS);
    const group = parseApiResult(LottoPartyGroup, res.result, 'GET /group/token/{token}');
    return data({ group, token }, { headers: auth.headers(PRIVATE) });
  } catch (error) {
    throw readError(error);
  }
}

/** The invite page's Join: POST /group/token/{token}/join, then the group's page. */
export async function joinByInvite(request: Request, context: AppLoadContext) {
  const token = inviteTokenOf(new URL(request.url).searchParams.get('token'));
  if (!token) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.post<unknown>('social', `/group/token/${token}/join`, {}, { version: '3.0' });
    const group = parseApiResult(LottoPartyGroup, res.result, 'POST /group/token/{token}/join');
    return { groupId: group.id, headers: auth.headers() };
  } catch (error) {
    throw readError(error);
  }
}

/** /my-account/lotto-party/session/:id: one session (GET /session/{id}). */
export async function loadSession(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!isSessionId(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('social', `/session/${id}`, OPTS);
    const session = parseApiResult(LottoPartySession, res.result, 'GET /session/{id}');
    return { session, headers: auth.headers(PRIVATE) };
  } catch (error) {
    throw readError(error);
  }
}

/**
 * The organiser's autosession switch (PUT /session/{id} {autosessionStatus}; features §6). A refusal says why when the
 * API does ("Cannot Unpause AutoPlay"), else the spec's session edit text.
 */
export async function editAutosession(
  request: Request,
  context: AppLoadContext,
  id: string,
  status: AutosessionStatus,
): Promise<{ outcome: EditOutcome; headers: Headers }> {
  const { auth } = await requireCustomer(request, context);
  try {
    await auth.api.put<unknown>('social', `/session/${id}`, { autosessionStatus: status }, { version: '3.0' });
    return { outcome: { ok: true, status }, headers: auth.headers() };
  } catch (error) {
    const own = error instanceof ApiError && error.status === 422 ? error.generalErrors[0] : undefined;
    return {
      outcome: { ok: false, title: LOTTO_PARTY_TEXTS.genericTitle, error: own ?? LOTTO_PARTY_TEXTS.editFailed },
      headers: auth.headers(),
    };
  }
}

/** /my-account/lotto-party/ticket/:id: my purchase in a session (orders service; features §8 order load text). */
export async function loadSessionOrder(request: Request, context: AppLoadContext, id: string | undefined) {
  if (!isSessionId(id)) notFound();
  const { auth } = await requireCustomer(request, context);
  try {
    const res = await auth.api.get<unknown>('main', `/social_syndicate_session/${id}`, {
      ...OPTS,
      query: { show_details: 'true' },
    });
    const order = parseApiResult(SocialSyndicateSessionOrder, res.result, 'GET /social_syndicate_session/{id}');
    return data({ order, error: null }, { headers: auth.headers(PRIVATE) });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 401) {
      return data(
        { order: null, error: LOTTO_PARTY_TEXTS.orderLoadFailed },
        { status: error.status === 404 ? 404 : 200, headers: auth.headers(PRIVATE) },
      );
    }
    throw toRouteError(error);
  }
}

// ---- the group creation modal's calls ------------------------------------------------------------------------

/** GET /config: the offers, game offers, prices and open draws a session may be made for. */
export async function loadCreationConfig(request: Request, context: AppLoadContext) {
  const { auth } = await requireCustomer(request, context);
  const res = await auth.api.get<unknown>('social', '/config', { version: '3.0', cache: { ttlMs: 5 * 60_000 } });
  return { config: parseApiResult(LottoPartyConfig, res.result, 'GET /config'), headers: auth.headers(PRIVATE) };
}

function refusalOf(step: 'group' | 'session', error: unknown): CreationResult {
  if (error instanceof ApiError)
    return {
      ok: false,
      step,
      ...creationRefusal(step, error.status, error.code, error.fieldErrors, error.generalErrors),
    };
  return { ok: false, step, ...creationRefusal(step, 500, undefined) };
}

/** POST /group {groupName}: the modal's first step. */
export async function createGroup(auth: AuthApi, groupName: string): Promise<CreationResult> {
  try {
    const res = await auth.api.post<unknown>('social', '/group', { groupName }, { version: '3.0' });
    const group = parseApiResult(LottoPartyGroup, res.result, 'POST /group');
    return { ok: true, step: 'group', groupId: group.id, groupName: group.groupName };
  } catch (error) {
    return refusalOf('group', error);
  }
}

export interface SessionChoice {
  groupId: string;
  drawId: string;
  productOfferKey: string;
  gameOffer: string;
  numGames: number;
  sharePrice: number;
  autosessionStatus: AutosessionStatus;
  inviteAllExistingMembers: boolean;
}

/** POST /session: the modal's last step before the organiser buys their shares. */
export async function createSession(auth: AuthApi, choice: SessionChoice): Promise<CreationResult> {
  try {
    const res = await auth.api.post<unknown>('social', '/session', choice, { version: '3.0' });
    const session = parseApiResult(LottoPartySession, res.result, 'POST /session');
    return { ok: true, step: 'session', sessionId: session.sessionId };
  } catch (error) {
    return refusalOf('session', error);
  }
}
