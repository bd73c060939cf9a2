// An operator's own credentials (docs/operators.md): changing one's password, and an admin giving an operator a new
// authenticator secret (a lost phone). Part of the operators service (operators.service.ts spreads these in).
import { generateSecret, generateURI } from 'otplib';
import { OPERATOR_TEXTS, type CreatedOperator, type OperatorPasswordBody } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import { operatorsRepo, type NewAuditRow } from './operators.repository.ts';
import { operatorView, tokenHash, type AuditContext, type OperatorCrypto } from './operators.shared.ts';

export function createOperatorCredentials(deps: {
  db: Db;
  clock: Clock;
  crypto: OperatorCrypto;
  issuer: string;
  record: (entry: Omit<NewAuditRow, 'at'>) => Promise<unknown>;
}) {
  const { db, clock, crypto, issuer, record } = deps;

  /**
   * An operator changes their own password (the first one was chosen by the admin who made the account): the current
   * one must be right, the new one follows the password rules and differs. Every other session of theirs ends;
   * the one asking stays signed in. Audited, never with either password.
   */
  async function changePassword(
    token: string,
    body: OperatorPasswordBody,
    by: AuditContext,
  ): Promise<{ sessionsEnded: number }> {
    const base = { actor: by.actor, action: 'operator.password.change', target: by.actor, ip: by.ip ?? null };
    const refuse = async (reason: string, field: 'currentPassword' | 'newPassword') => {
      await record({ ...base, outcome: 'failed', detail: { reason } });
      return unprocessable(reason, field === 'currentPassword' ? 'wrong_password' : 'weak_password', {
        [field]: [reason],
      });
    };
    const op = by.actor ? await operatorsRepo.byPublicId(db, by.actor) : null;
    if (!op) throw notFound(OPERATOR_TEXTS.noOperator, 'operator_not_found');
    if (!(await crypto.verify(op.passwordHash, body.currentPassword)))
      throw await refuse(OPERATOR_TEXTS.wrongPassword, 'currentPassword');
    if (body.newPassword === body.currentPassword) throw await refuse(OPERATOR_TEXTS.samePassword, 'newPassword');
    const problem = crypto.passwordProblem(body.newPassword, op.email);
    if (problem) throw await refuse(problem, 'newPassword');
    const passwordHash = await crypto.hash(body.newPassword);
    const sessionsEnded = await db.transaction(async (tx) => {
      await operatorsRepo.update(tx, op.id, { passwordHash });
      return operatorsRepo.revokeSessionsOf(tx, op.id, clock.now(), tokenHash(token));
    });
    await record({ ...base, outcome: 'ok', detail: { sessionsEnded } });
    return { sessionsEnded };
  }

  /**
   * An admin gives an operator a new authenticator secret (their phone was lost): the old codes stop working, their
   * sessions end, and the new secret is shown once, as at creation. Never one's own (403: another admin does it).
   */
  async function resetAuthenticator(operatorId: string, by: AuditContext): Promise<CreatedOperator> {
    const base = { actor: by.actor, action: 'operator.authenticator.reset', target: operatorId, ip: by.ip ?? null };
    try {
      const secret = generateSecret();
      const result = await db.transaction(async (tx) => {
        const op = await operatorsRepo.byPublicId(tx, operatorId, true);
        if (!op) throw notFound(OPERATOR_TEXTS.noOperator, 'operator_not_found');
        if (op.publicId === by.actor) throw forbidden(OPERATOR_TEXTS.ownAuthenticator, 'own_account');
        await operatorsRepo.update(tx, op.id, { totpSecretEncrypted: crypto.encrypt(secret), lastTimeStep: null });
        return { op, sessionsEnded: await operatorsRepo.revokeSessionsOf(tx, op.id, clock.now()) };
      });
      await record({ ...base, outcome: 'ok', detail: { sessionsEnded: result.sessionsEnded } });
      return {
        operator: operatorView(result.op),
        totpSecret: secret,
        otpauthUri: generateURI({ issuer, label: result.op.email, secret }),
      };
    } catch (e) {
      if (e instanceof AppError)
        await record({
          ...base,
          outcome: e.statusCode === 403 ? 'denied' : 'failed',
          detail: { reason: e.message, status: e.statusCode },
        });
      throw e;
    }
  }

  return { changePassword, resetAuthenticator };
}
