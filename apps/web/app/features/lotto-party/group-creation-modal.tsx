// The lotto group creation modal's host (core §2 Navigation: "a lotto group creation modal (social syndicates
// capability, opened by route state carrying a flag, group id and group name)"). Any link may open it with
// lottoGroupModalState(); closing it replaces the entry's state. The dialog (Radix) loads only when it opens.
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { groupPath, readLottoGroupModalState } from './group-modal-state.ts';

const GroupCreationDialog = lazy(() => import('./group-creation-dialog.tsx'));

export function LottoGroupModalHost({ enabled, signedIn }: { enabled: boolean; signedIn: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = enabled && signedIn ? readLottoGroupModalState(location.state) : null;
  if (!state) return null;
  // Closed after naming a new group: the group's page (its invite link) is where the organiser goes next.
  const close = (createdGroupId: string | null) =>
    void (createdGroupId
      ? navigate(groupPath(createdGroupId), { replace: true })
      : navigate(`${location.pathname}${location.search}`, { replace: true, state: null, preventScrollReset: true }));
  return (
    <Suspense fallback={null}>
      <GroupCreationDialog key={location.key} state={state} onClose={close} />
    </Suspense>
  );
}
