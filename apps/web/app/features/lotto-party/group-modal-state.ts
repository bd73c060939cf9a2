// The route state that opens the lotto group creation modal, and the group page it leads to. Apart from
// lotto-party-rules.ts because the layout's modal host reads it on every page: it imports no zod (contracts'
// constants only), so the first page of a visit does not load the contracts' schemas.
import { LOTTO_PARTY_LIMITS } from '@shop/contracts/constants';

export const MY_GROUPS_PATH = '/my-account/lotto-party';
export const groupPath = (id: string) => `${MY_GROUPS_PATH}/group/${id}`;

/**
 * Core §2 Navigation: the lotto group creation modal opens from route state carrying a flag, a group id and a group
 * name. With a group (its page's "Start a session"), the modal starts at the draw; without one, at the group's name.
 */
export interface LottoGroupModalState {
  lottoGroupModal: true;
  groupId: string | null;
  groupName: string | null;
}

export function lottoGroupModalState(group?: { id: string; name: string }): LottoGroupModalState {
  return { lottoGroupModal: true, groupId: group?.id ?? null, groupName: group?.name ?? null };
}

export function readLottoGroupModalState(state: unknown): LottoGroupModalState | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  if (s.lottoGroupModal !== true) return null;
  const groupId = typeof s.groupId === 'string' && /^[A-Za-z0-9_-]{1,80}$/.test(s.groupId) ? s.groupId : null;
  const groupName =
    typeof s.groupName === 'string' && groupId ? s.groupName.slice(0, LOTTO_PARTY_LIMITS.maxGroupNameLength) : null;
  return { lottoGroupModal: true, groupId, groupName };
}
