// Who may do what in the back office, in one place (deny by default): each permission names the roles that hold it;
// a role not listed for a permission is refused (403, and the refusal is audited). The back-office issue adds a
// permission here with each screen it builds.
import type { OperatorRole } from '@shop/contracts';

export const PERMISSIONS = {
  /** Create operators and list them. */
  'operators.manage': ['admin'],
  /** Read the audit log. */
  'audit.read': ['admin'],
  /** Create content items through POST /api/cms/items/{collection} (features §7: operators only). */
  'content.write': ['content_editor', 'admin'],
  /** Read what visitors sent with the feedback widget (GET /api/admin/feedback). */
  'feedback.read': ['support', 'admin'],
  /** Find customers and read their overview, orders, tickets, wallet history and notes (audited reads). */
  'customers.read': ['support', 'finance', 'admin'],
  /** Support's actions on a customer: unlock 2FA, ask for a new password, start a break, write a note. */
  'customers.support': ['support', 'admin'],
  /** Identity documents: the queue, a customer's documents (an audited read), approve or reject them. */
  'kyc.review': ['support', 'admin'],
  /** Withdrawals: the lists, approve (pay), reject, bulk approve. */
  'withdrawals.manage': ['finance', 'admin'],
  /** Manual adjustments: ask for one, list them, and approve or reject another operator's (four eyes). */
  'adjustments.manage': ['finance', 'admin'],
  /** The ledger report: daily totals per account (JSON or CSV). */
  'ledger.read': ['finance', 'admin'],
  /** Draws: the schedule, enter and confirm results (a second operator), settle, winners, raffle draws. */
  'draws.manage': ['draw_officer', 'admin'],
  /** The dashboard: today's sales and deposits, what waits, the next draws, the job queues. */
  'dashboard.read': ['support', 'finance', 'draw_officer', 'admin'],
  /** Product offers: list, suspend and resume. */
  'catalogue.manage': ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}
