// Lotto Party's storefront rules (spec features §2 "Lotto Party screens", §3, §4, §8, §9): page sizes, the spec's
// error texts, how an API refusal becomes the creation form's message, the invite link, the session creation steps and
// the route state that opens the group creation modal. Pure: used by the views, the modal and the server calls.

import {
  inviteLinkPath,
  LOTTO_PARTY_LIMITS,
  LOTTO_PARTY_TEXTS,
  type AutosessionStatus,
  type SessionStatus,
} from '@shop/contracts';
import { MY_GROUPS_PATH, type LottoGroupModalState } from './group-modal-state.ts';

/** The group creation modal's resource route: GET the session config, POST a group or a session. */
export const LOTTO_PARTY_CREATE_PATH = '/lotto-party/create';

// The modal's route state is its own zod-free module (the layout reads it on every page).
export {
  groupPath,
  lottoGroupModalState,
  MY_GROUPS_PATH,
  readLottoGroupModalState,
  type LottoGroupModalState,
} from './group-modal-state.ts';

export const sessionPath = (id: string) => `${MY_GROUPS_PATH}/session/${id}`;
export const ticketPath = (id: string) => `${MY_GROUPS_PATH}/ticket/${id}`;

/** Features §9: group page size 6 (my groups and a group's sessions). */
export const GROUP_PAGE_SIZE = LOTTO_PARTY_LIMITS.groupPageSize;
export const GROUP_NAME_MAX = LOTTO_PARTY_LIMITS.maxGroupNameLength;

/** Features §3: session creation steps in order (default sort 1 to 5). */
export const SESSION_STEPS = [
  'name_group',
  'select_draw',
  'set_share_price',
  'select_auto_session',
  'join_session',
] as const;
export type SessionStep = (typeof SESSION_STEPS)[number];

export const STEP_LABELS: Record<SessionStep, string> = {
  name_group: 'Name your group',
  select_draw: 'Choose the draw',
  set_share_price: 'Set the share price',
  select_auto_session: 'Play every draw?',
  join_session: 'Buy your shares',
};

export const AUTOSESSION_LABELS: Record<AutosessionStatus, string> = {
  on: 'On: a new session opens for every draw',
  paused: 'Paused: no new sessions until you turn it back on',
  off: 'Off: this session only',
};

export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  open: 'Open: shares on sale',
  closed: 'Closed: ticket bought',
  paid: 'Drawn and paid',
  cancelled: 'Cancelled and refunded',
};

export interface CreationRefusal {
  /** A message for the name field (profanity, duplicate, length) or the draw; else the generic notice. */
  field?: 'groupName' | 'drawId' | 'sharePrice' | undefined;
  message: string;
  /** True for the spec's generic "Something went wrong" notice. */
  generic: boolean;
}

/** What the creation resource route answers the modal. */
export type CreationResult =
  | { ok: true; step: 'group'; groupId: string; groupName: string }
  | { ok: true; step: 'session'; sessionId: string }
  | ({ ok: false; step: 'group' | 'session' } & CreationRefusal);

/** What the organiser's autosession switch answers. */
export type EditOutcome = { ok: true; status: AutosessionStatus } | { ok: false; title: string; error: string };

/**
 * What a refused POST /group or POST /session shows (features §5, §8): profanity (`contains_profanity`) and a
 * duplicate name (409) are field errors on the name; 422 on a session means the draw has closed; a share price
 * that does not divide the ticket cost is the API's own message on the price; anything else is the generic notice.
 */
export function creationRefusal(
  what: 'group' | 'session',
  status: number,
  code: string | undefined,
  fieldErrors: Record<string, readonly string[]> = {},
  generalErrors: readonly string[] = [],
): CreationRefusal {
  const own = (field: string) => fieldErrors[field]?.[0];
  if (code === 'contains_profanity')
    return { field: 'groupName', message: own('groupName') ?? LOTTO_PARTY_TEXTS.groupNameProfane, generic: false };
  if (what === 'group' && status === 409)
    return { field: 'groupName', message: own('groupName') ?? LOTTO_PARTY_TEXTS.groupNameTaken, generic: false };
  if (what === 'group' && status === 422 && fieldErrors.groupName?.[0])
    return { field: 'groupName', message: fieldErrors.groupName[0], generic: false };
  // The group already has a session for that draw (409 session_exists): another draw is the way on.
  if (what === 'session' && status === 409 && generalErrors[0])
    return { field: 'drawId', message: generalErrors[0], generic: false };
  if (what === 'session' && status === 422) {
    const price = own('sharePrice') ?? own('numGames');
    if (price) return { field: 'sharePrice', message: price, generic: false };
    return { field: 'drawId', message: LOTTO_PARTY_TEXTS.drawClosed, generic: false };
  }
  return { message: LOTTO_PARTY_TEXTS.createFailed, generic: true };
}

/** The browser-side check of a group name (the API checks again): required, at most 50 characters. */
export function groupNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return LOTTO_PARTY_TEXTS.groupNameRequired;
  if (trimmed.length > GROUP_NAME_MAX) return LOTTO_PARTY_TEXTS.groupNameTooLong;
  return null;
}

/** The invite link a member shares: /lotto-party/group?token=… on the shop's own origin. */
export function inviteLink(origin: string, token: string): string {
  return new URL(inviteLinkPath(token), origin).toString();
}

/** An invite token as it may appear in a link (letters, digits, - and _); anything else is no token. */
export function inviteTokenOf(value: string | null): string | null {
  return value && /^[A-Za-z0-9_-]{8,200}$/.test(value) ? value : null;
}

/** The page number of a /:page parameter (absent is 1); null for anything else (the 404 page). */
export function pageOf(param: string | undefined): number | null {
  if (param === undefined) return 1;
  if (!/^[0-9]{1,6}$/.test(param)) return null;
  const n = Number(param);
  return n >= 1 ? n : null;
}

/** The steps the modal walks: all five for a new group, from the draw on for an existing one. */
export function stepsFor(state: LottoGroupModalState): readonly SessionStep[] {
  return state.groupId ? SESSION_STEPS.slice(1) : SESSION_STEPS;
}

export function sharesLabel(n: number): string {
  return `${n} ${n === 1 ? 'share' : 'shares'}`;
}

/** Features §8 session edit: the refusal shown when the API gives no reason of its own. */
export const EDIT_REFUSED: EditOutcome = {
  ok: false,
  title: LOTTO_PARTY_TEXTS.genericTitle,
  error: LOTTO_PARTY_TEXTS.editFailed,
};
