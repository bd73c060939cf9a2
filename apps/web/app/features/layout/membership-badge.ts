// Features §4: "Main navigation dot badge shows when the user is signed out or a non-member and has not visited the
// page (stored flag), or is a member with a locked entry." Never for a customer on a break or excluded: no
// marketing to them (shared/domain/regulation.md).
import type { MembershipShell } from '../../lib/shell.ts';

/** The navigation item the badge sits on: the programme's page. */
export const MEMBERSHIP_NAV_URL = '/daily-winners';

export function membershipDotBadge(m: MembershipShell | null | undefined): boolean {
  if (!m || !m.marketing) return false;
  if (m.navigationStatus === 'draw_locked') return true;
  return (m.navigationStatus === 'anonymous' || m.navigationStatus === 'non-member') && !m.visited;
}
