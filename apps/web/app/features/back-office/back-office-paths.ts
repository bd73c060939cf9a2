// Where the back office lives, and which of its screens each role sees. Each screen names the permission of the one
// matrix in @shop/contracts (OPERATOR_PERMISSIONS) that the API enforces on its calls; this list only decides what the
// navigation offers (a typed address is refused by the API anyway).
import { roleCan, type OperatorPermission, type OperatorRole } from '@shop/contracts';

export const BACK_OFFICE_PATH = '/back-office';
export const SIGN_IN_PATH = `${BACK_OFFICE_PATH}/sign-in`;

export interface BackOfficeScreen {
  path: string;
  label: string;
  permission: OperatorPermission;
}

/** The screens in the navigation's order; a role without the screen's permission does not see the link. */
export const BACK_OFFICE_SCREENS: readonly BackOfficeScreen[] = [
  { path: `${BACK_OFFICE_PATH}/dashboard`, label: 'Dashboard', permission: 'dashboard.read' },
  { path: `${BACK_OFFICE_PATH}/customers`, label: 'Customers', permission: 'customers.read' },
  { path: `${BACK_OFFICE_PATH}/verifications`, label: 'Verifications', permission: 'kyc.review' },
  { path: `${BACK_OFFICE_PATH}/withdrawals`, label: 'Withdrawals', permission: 'withdrawals.manage' },
  { path: `${BACK_OFFICE_PATH}/deposits`, label: 'Deposits', permission: 'deposits.manage' },
  { path: `${BACK_OFFICE_PATH}/adjustments`, label: 'Adjustments', permission: 'adjustments.manage' },
  { path: `${BACK_OFFICE_PATH}/ledger`, label: 'Ledger report', permission: 'ledger.read' },
  { path: `${BACK_OFFICE_PATH}/draws`, label: 'Draws', permission: 'draws.manage' },
  { path: `${BACK_OFFICE_PATH}/offers`, label: 'Offers', permission: 'catalogue.manage' },
  { path: `${BACK_OFFICE_PATH}/prices`, label: 'Price lists', permission: 'catalogue.manage' },
  { path: `${BACK_OFFICE_PATH}/promotions`, label: 'Promotions', permission: 'catalogue.manage' },
  { path: `${BACK_OFFICE_PATH}/campaigns`, label: 'Campaigns', permission: 'notifications.campaign' },
  { path: `${BACK_OFFICE_PATH}/operators`, label: 'Operators', permission: 'operators.manage' },
  { path: `${BACK_OFFICE_PATH}/feedback`, label: 'Feedback', permission: 'feedback.read' },
  { path: `${BACK_OFFICE_PATH}/content`, label: 'Content', permission: 'content.write' },
  { path: `${BACK_OFFICE_PATH}/translations`, label: 'Translations', permission: 'content.write' },
  { path: `${BACK_OFFICE_PATH}/audit`, label: 'Audit log', permission: 'audit.read' },
];

export function screensFor(role: OperatorRole): BackOfficeScreen[] {
  return BACK_OFFICE_SCREENS.filter((s) => roleCan(role, s.permission));
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
