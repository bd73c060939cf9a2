// What the operators service and its credentials part share: the crypto port, the audit context, the session
// token's hash and the operator as the API shows it.
import { createHash } from 'node:crypto';
import type { Operator, OperatorRole } from '@shop/contracts';
import type { OperatorRow } from './operators.repository.ts';

/** What the operators module needs of the identity module's crypto (services.ts passes it in). */
export interface OperatorCrypto {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  /** Costs what a verify costs, for an unknown email (no enumeration by timing). */
  burn(password: string): Promise<boolean>;
  encrypt(plain: string): string;
  decrypt(sealed: string): string | null;
  /** A password's weakness in words, or null. */
  passwordProblem(password: string, email: string): string | null;
}

/** Who did something and from where, for the audit log. */
export interface AuditContext {
  actor: string | null;
  ip?: string | null;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.publicId,
    email: row.email,
    name: row.name,
    role: row.role as OperatorRole,
    status: row.status as Operator['status'],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}
