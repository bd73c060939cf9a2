// Operators (the people who run the shop; never customers): roles, back-office sign-in, operator accounts and the
// audit log, under /api/admin. The spec shows no admin screens; this is the shop's own API (docs/operators.md).
import { z } from 'zod';
import { EmailAddress, Password } from './identity.ts';

export const OPERATOR_ROLES = ['support', 'finance', 'draw_officer', 'content_editor', 'admin'] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

/** Idle minutes after which an operator session ends, and its absolute length in hours. */
export const OPERATOR_SESSION_IDLE_MINUTES = 15;
export const OPERATOR_SESSION_MAX_HOURS = 8;
/** Wrong sign-ins in a row before the account is locked, and for how long. */
export const OPERATOR_MAX_FAILED_LOGINS = 5;
export const OPERATOR_LOCK_MINUTES = 15;

export const OPERATOR_TEXTS = {
  badLogin: 'The email, password or authenticator code is not right.',
  locked: `Too many wrong sign-ins: this account is locked for ${OPERATOR_LOCK_MINUTES} minutes.`,
  signIn: 'Please sign in to the back office.',
  notAllowed: 'Your role does not allow this.',
} as const;

export const OperatorLoginBody = z
  .object({
    email: EmailAddress,
    password: z.string().min(1).max(256),
    code: z.string().regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app.' }),
  })
  .strict();
export type OperatorLoginBody = z.infer<typeof OperatorLoginBody>;

export const Operator = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: OperatorRole,
  status: z.enum(['active', 'disabled']),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Operator = z.infer<typeof Operator>;

export const OperatorSession = z.object({
  token: z.string(),
  /** When the session ends if unused (each call moves it on, up to `endsAt`). */
  idleExpiresAt: z.string(),
  endsAt: z.string(),
  operator: Operator,
});
export type OperatorSession = z.infer<typeof OperatorSession>;

export const CreateOperatorBody = z
  .object({
    email: EmailAddress,
    name: z.string().trim().min(1).max(120),
    role: OperatorRole,
    password: Password,
  })
  .strict();
export type CreateOperatorBody = z.infer<typeof CreateOperatorBody>;

/** A new operator and their authenticator secret, shown once (the operator adds it to their authenticator app). */
export const CreatedOperator = z.object({
  operator: Operator,
  totpSecret: z.string(),
  otpauthUri: z.string(),
});
export type CreatedOperator = z.infer<typeof CreatedOperator>;

export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: z.enum(['ok', 'denied', 'failed']),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
