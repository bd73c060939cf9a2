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
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: string, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}
