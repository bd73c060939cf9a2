// Where the back office lives, and which of its screens each role sees. The API enforces the same roles on every
// call (apps/api operators.permissions.ts is the rule; this list only decides what the navigation offers).
import type { OperatorRole } from '@shop/contracts';

export const BACK_OFFICE_PATH = '/back-office';
export const SIGN_IN_PATH = `${BACK_OFFICE_PATH}/sign-in`;

export interface BackOfficeScreen {
  path: string;
  label: string;
  roles: readonly OperatorRole[];
}

/** The screens in the navigation's order; a role not listed does not see the link (and the API refuses it). */
export const BACK_OFFICE_SCREENS: readonly BackOfficeScreen[] = [
  { path: `${BACK_OFFICE_PATH}/dashboard`, label: 'Dashboard', roles: ['support', 'finance', 'draw_officer', 'admin'] },
  { path: `${BACK_OFFICE_PATH}/customers`, label: 'Customers', roles: ['support', 'finance', 'admin'] },
  { path: `${BACK_OFFICE_PATH}/withdrawals`, label: 'Withdrawals', roles: ['finance', 'admin'] },
  { path: `${BACK_OFFICE_PATH}/draws`, label: 'Draws', roles: ['draw_officer', 'admin'] },
  { path: `${BACK_OFFICE_PATH}/operators`, label: 'Operators', roles: ['admin'] },
  { path: `${BACK_OFFICE_PATH}/feedback`, label: 'Feedback', roles: ['support', 'admin'] },
  { path: `${BACK_OFFICE_PATH}/content`, label: 'Content', roles: ['content_editor', 'admin'] },
  { path: `${BACK_OFFICE_PATH}/translations`, label: 'Translations', roles: ['content_editor', 'admin'] },
  { path: `${BACK_OFFICE_PATH}/audit`, label: 'Audit log', roles: ['admin'] },
];

export function screensFor(role: OperatorRole): BackOfficeScreen[] {
  return BACK_OFFICE_SCREENS.filter((s) => s.roles.includes(role));
}

export const ROLE_LABELS: Record<OperatorRole, string> = {
  support: 'Support',
  finance: 'Finance',
  draw_officer: 'Draw officer',
  content_editor: 'Content editor',
  admin: 'Admin',
};

export function isBackOfficePath(pathname: string): boolean {
  return pathname === BACK_OFFICE_PATH || pathname.startsWith(`${BACK_OFFICE_PATH}/`);
}

/** A back-office screen's meta: its title, and never indexed (each route's meta replaces its parents'). */
export function backOfficeMeta(title: string | null) {
  return [
    { title: title ? `${title} · Back office` : 'Back office' },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}
