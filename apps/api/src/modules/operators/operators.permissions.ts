// The back office's permission matrix (deny by default) lives once in @shop/contracts (OPERATOR_PERMISSIONS, ADR 091):
// the API's gate enforces it here and the back office's navigation reads the same table. A new screen adds its
// permission there.
import { OPERATOR_PERMISSIONS, roleCan, type OperatorPermission } from '@shop/contracts';

export const PERMISSIONS = OPERATOR_PERMISSIONS;

export type Permission = OperatorPermission;

export function can(role: string, permission: Permission): boolean {
  return roleCan(role, permission);
}
