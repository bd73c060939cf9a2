// What every back-office route shares: the operator gate (a permission of operators.permissions.ts per route) and
// the audit log. A write is recorded with its outcome — ok with what it changed, denied (403) or failed with the
// reason — and a sensitive read (a customer's details, their documents) is recorded too.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { operatorOf, type OperatorsService, type RequireOperator } from '../operators/index.ts';

export interface AdminAccess {
  requireOperator: RequireOperator;
  operators: Pick<OperatorsService, 'record'>;
}

export const TAGS = ['back office'];

/** The signed-in operator's public id (the actor of the audit log and of four-eyes decisions). */
export const actorOf = (request: FastifyRequest) => operatorOf(request).publicId;

export interface AuditedAction<T> {
  action: string;
  target: string | null;
  /** What the audit entry keeps of a success (before/after); the default is the answer itself. */
  detail?: (result: T) => Record<string, unknown>;
  /** Details recorded whatever the outcome (the request's reason, amount...). */
  input?: Record<string, unknown>;
}

/** Runs an operator's action and records it in the audit log, ok or not; the error goes on to the caller. */
export async function audited<T>(
  access: AdminAccess,
  request: FastifyRequest,
  what: AuditedAction<T>,
  run: () => Promise<T>,
): Promise<T> {
  const base = { actor: actorOf(request), action: what.action, target: what.target, ip: request.ip };
  try {
    const result = await run();
    const after = what.detail ? what.detail(result) : { after: result };
    await access.operators.record({ ...base, outcome: 'ok', detail: { ...what.input, ...after } });
    return result;
  } catch (e) {
    const status = e instanceof AppError ? e.statusCode : 500;
    await access.operators.record({
      ...base,
      outcome: status === 403 ? 'denied' : 'failed',
      detail: { ...what.input, reason: e instanceof AppError ? e.message : 'unexpected error', status },
    });
    throw e;
  }
}
