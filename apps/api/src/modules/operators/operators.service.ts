// Operator accounts and back-office sign-in (docs/operators.md, ADR 070): accounts separate from customers, created
// by the CLI (the first admin) or by an admin; sign-in always takes the password and a code from the operator's
// authenticator (mandatory 2FA, each code accepted once); sessions are opaque tokens kept as hashes, ending after
// 15 idle minutes or 8 hours; 5 wrong sign-ins in a row lock the account for 15 minutes. Every write and every
// refusal is recorded in the append-only audit log.
import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import {
  OPERATOR_LOCK_MINUTES,
  OPERATOR_MAX_FAILED_LOGINS,
  OPERATOR_SESSION_IDLE_MINUTES,
  OPERATOR_SESSION_MAX_HOURS,
  OPERATOR_TEXTS,
  type AuditEntry,
  type CreatedOperator,
  type CreateOperatorBody,
  type Operator,
  type OperatorLoginBody,
  type OperatorSession,
  type OperatorStatusChange,
} from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict, forbidden, notFound, unauthorized, unprocessable } from '../../lib/errors.ts';
import { createOperatorCredentials } from './operators.credentials.ts';
import { operatorsRepo, type AuditRow, type NewAuditRow, type OperatorRow } from './operators.repository.ts';
import { operatorView, tokenHash, type AuditContext, type OperatorCrypto } from './operators.shared.ts';

export { operatorView, type AuditContext, type OperatorCrypto } from './operators.shared.ts';

export interface OperatorsDeps {
  db: Db;
  clock: Clock;
  crypto: OperatorCrypto;
  issuer?: string;
}

const MINUTE = 60_000;

const auditView = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actor,
  action: row.action,
  target: row.target,
  outcome: row.outcome as AuditEntry['outcome'],
  detail: row.detail as Record<string, unknown>,
  ip: row.ip,
});

export function createOperatorsService(deps: OperatorsDeps) {
  const { db, clock, crypto } = deps;
  const issuer = deps.issuer ?? 'Lucky Koala back office';

  const record = (entry: Omit<NewAuditRow, 'at'> & { at?: Date }) =>
    operatorsRepo.audit(db, { ...entry, at: entry.at ?? clock.now() });

  /** A wrong sign-in: counted, the account locked at the limit, audited; always the same answer. */
  async function refuseLogin(op: OperatorRow | null, email: string, ip: string | null, reason: string) {
    const now = clock.now();
    if (op) {
      const failed = op.failedLogins + 1;
      const lock = failed >= OPERATOR_MAX_FAILED_LOGINS;
      await operatorsRepo.update(db, op.id, {
        failedLogins: lock ? 0 : failed,
        ...(lock ? { lockedUntil: new Date(now.getTime() + OPERATOR_LOCK_MINUTES * MINUTE) } : {}),
      });
    }
    await record({
      actor: op?.publicId ?? null,
      action: 'session.create',
      target: email,
      outcome: 'failed',
      detail: { reason },
      ip,
    });
    return unauthorized(OPERATOR_TEXTS.badLogin, 'operator_bad_login');
  }

  /** The TOTP time step a code belongs to when it is right and not used before, else null. */
  async function acceptedStep(op: OperatorRow, code: string): Promise<number | null> {
    const secret = crypto.decrypt(op.totpSecretEncrypted);
    if (!secret) return null;
    const epoch = Math.floor(clock.now().getTime() / 1000);
    const result = await verifyTotp({ secret, token: code, epoch, epochTolerance: 30 }).catch(() => ({
      valid: false as const,
    }));
    if (!result.valid) return null;
    const step = Math.floor(epoch / 30) + ('delta' in result ? Number(result.delta) : 0);
    return op.lastTimeStep == null || step > op.lastTimeStep ? step : null;
  }

  return {
    ...createOperatorCredentials({ db, clock, crypto, issuer, record }),
    /** An operator account (the CLI's first admin, or an admin's): its authenticator secret is shown once. */
    async create(body: CreateOperatorBody, by: AuditContext): Promise<CreatedOperator> {
      const problem = crypto.passwordProblem(body.password, body.email);
      if (problem) throw unprocessable(problem, 'weak_password', { password: [problem] });
      const secret = generateSecret();
      const row = await operatorsRepo.insert(db, {
        publicId: `op_${randomBytes(9).toString('base64url')}`,
        email: body.email,
        name: body.name,
        role: body.role,
        passwordHash: await crypto.hash(body.password),
        totpSecretEncrypted: crypto.encrypt(secret),
        createdBy: by.actor ?? 'unknown',
        createdAt: clock.now(),
      });
      if (!row)
        throw conflict('An operator with this email exists already.', 'operator_exists', {
          email: ['An operator with this email exists already.'],
        });
      await record({
        actor: by.actor,
        action: 'operator.create',
        target: row.publicId,
        outcome: 'ok',
        detail: { after: { email: row.email, name: row.name, role: row.role } },
        ip: by.ip ?? null,
      });
      return {
        operator: operatorView(row),
        totpSecret: secret,
        otpauthUri: generateURI({ issuer, label: row.email, secret }),
      };
    },

    /** Sign-in: password and authenticator code, both right, else one answer for every failure. */
    async login(body: OperatorLoginBody, ip: string | null): Promise<OperatorSession> {
      const now = clock.now();
      const op = await operatorsRepo.byEmail(db, body.email);
      if (!op) {
        await crypto.burn(body.password);
        throw await refuseLogin(null, body.email, ip, 'unknown email');
      }
      if (op.lockedUntil && op.lockedUntil > now) {
        await record({
          actor: op.publicId,
          action: 'session.create',
          target: op.email,
          outcome: 'failed',
          detail: { reason: 'locked' },
          ip,
        });
        throw new AppError(429, OPERATOR_TEXTS.locked, { code: 'operator_locked' });
      }
      if (op.status !== 'active') throw await refuseLogin(op, body.email, ip, 'disabled');
      if (!(await crypto.verify(op.passwordHash, body.password)))
        throw await refuseLogin(op, body.email, ip, 'password');
      const step = await acceptedStep(op, body.code);
      if (step === null) throw await refuseLogin(op, body.email, ip, 'code');
      await operatorsRepo.update(db, op.id, { failedLogins: 0, lockedUntil: null, lastTimeStep: step });
      const token = randomBytes(32).toString('base64url');
      const endsAt = new Date(now.getTime() + OPERATOR_SESSION_MAX_HOURS * 60 * MINUTE);
      await operatorsRepo.insertSession(db, {
        tokenHash: tokenHash(token),
        operatorId: op.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: endsAt,
      });
      await record({ actor: op.publicId, action: 'session.create', target: op.email, outcome: 'ok', ip });
      return {
        token,
        idleExpiresAt: new Date(now.getTime() + OPERATOR_SESSION_IDLE_MINUTES * MINUTE).toISOString(),
        endsAt: endsAt.toISOString(),
        operator: operatorView(op),
      };
    },

    /** The operator a token signs in, or null (unknown, revoked, idle too long, past its end, account disabled). */
    async authenticate(token: string): Promise<OperatorRow | null> {
      const now = clock.now();
      const idleSince = new Date(now.getTime() - OPERATOR_SESSION_IDLE_MINUTES * MINUTE);
      return operatorsRepo.touchSession(db, tokenHash(token), now, idleSince);
    },

    async logout(token: string, by: AuditContext): Promise<void> {
      await operatorsRepo.revokeSession(db, tokenHash(token), clock.now());
      await record({ actor: by.actor, action: 'session.delete', target: null, outcome: 'ok', ip: by.ip ?? null });
    },

    /**
     * An admin disables an operator (their live sessions end in the same transaction, and sign-in is refused from
     * then on) or re-enables one (old sessions stay ended). Never one's own account (403). Audited with the status
     * before and after, or the reason of a refusal.
     */
    async setStatus(
      operatorId: string,
      status: 'active' | 'disabled',
      by: AuditContext,
    ): Promise<OperatorStatusChange> {
      const action = status === 'disabled' ? 'operator.disable' : 'operator.enable';
      const base = { actor: by.actor, action, target: operatorId, ip: by.ip ?? null };
      try {
        const result = await db.transaction(async (tx) => {
          const op = await operatorsRepo.byPublicId(tx, operatorId, true);
          if (!op) throw notFound(OPERATOR_TEXTS.noOperator, 'operator_not_found');
          if (op.publicId === by.actor) throw forbidden(OPERATOR_TEXTS.ownAccount, 'own_account');
          const changed = op.status !== status;
          if (changed) await operatorsRepo.update(tx, op.id, { status });
          // Disabling ends the sessions even when the account was disabled already (nothing is left behind).
          const sessionsEnded =
            status === 'disabled' ? await operatorsRepo.revokeSessionsOf(tx, op.id, clock.now()) : 0;
          return { before: op.status, row: { ...op, status }, changed, sessionsEnded };
        });
        await record({
          ...base,
          outcome: 'ok',
          detail: { before: { status: result.before }, after: { status }, sessionsEnded: result.sessionsEnded },
        });
        return { operator: operatorView(result.row), changed: result.changed, sessionsEnded: result.sessionsEnded };
      } catch (e) {
        if (e instanceof AppError)
          await record({
            ...base,
            outcome: e.statusCode === 403 ? 'denied' : 'failed',
            detail: { reason: e.message, status: e.statusCode },
          });
        throw e;
      }
    },

    async list(): Promise<Operator[]> {
      return (await operatorsRepo.list(db)).map(operatorView);
    },

    async auditLog(page: { limit: number; offset: number }): Promise<{ items: AuditEntry[]; total: number }> {
      const { rows, total } = await operatorsRepo.auditPage(db, page);
      return { items: rows.map(auditView), total };
    },

    /** Records one action (a write, a refusal, a sensitive read) in the audit log. */
    record,
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
