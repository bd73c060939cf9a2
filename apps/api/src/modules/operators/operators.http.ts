// The back office's gate: a route names the permission it needs; the request must carry an operator session token
// (`Authorization: Bearer`, never a cookie, never a customer's token) and the operator's role must hold the
// permission (operators.permissions.ts), else 401 or 403. A refusal by role is recorded in the audit log.
import { OPERATOR_TEXTS } from '@shop/contracts';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { can, type Permission } from './operators.permissions.ts';
import type { OperatorRow } from './operators.repository.ts';
import type { OperatorsService } from './operators.service.ts';

const signedIn = new WeakMap<FastifyRequest, { operator: OperatorRow; token: string }>();

export function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S+)$/i.exec(h) : null;
  return m?.[1] ?? null;
}

/** The operator a gated request was let in for (after its preHandler ran). */
export function operatorOf(request: FastifyRequest): OperatorRow {
  const found = signedIn.get(request);
  if (!found) throw unauthorized(OPERATOR_TEXTS.signIn, 'operator_unauthorized');
  return found.operator;
}

export function sessionTokenOf(request: FastifyRequest): string {
  return signedIn.get(request)?.token ?? '';
}

export type RequireOperator = (permission: Permission | null) => (request: FastifyRequest) => Promise<void>;

/** preHandler factory: `requireOperator('content.write')`; null lets in any signed-in operator. */
export function operatorGate(operators: OperatorsService): RequireOperator {
  return (permission) => async (request) => {
    const token = bearerToken(request);
    const operator = token ? await operators.authenticate(token) : null;
    if (!operator || !token) throw unauthorized(OPERATOR_TEXTS.signIn, 'operator_unauthorized');
    if (permission && !can(operator.role, permission)) {
      await operators.record({
        actor: operator.publicId,
        action: `${request.method} ${request.routeOptions.url ?? request.url}`,
        target: null,
        outcome: 'denied',
        detail: { permission, role: operator.role },
        ip: request.ip,
      });
      throw forbidden(OPERATOR_TEXTS.notAllowed, 'operator_forbidden');
    }
    signedIn.set(request, { operator, token });
  };
}
