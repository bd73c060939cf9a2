// Operators (the people who run the shop; never customers): roles, back-office sign-in, operator accounts and the
// audit log, under /api/admin. The spec shows no admin screens; this is the shop's own API (docs/operators.md).
import { z } from 'zod';
import { EmailAddress, Password } from './identity.ts';

export const OPERATOR_ROLES = ['support', 'finance', 'draw_officer', 'content_editor', 'admin'] as const;
export const OperatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof OperatorRole>;

/**
 * Who may do what in the back office, in one place (deny by default; ADR 091): each permission names the roles that
 * hold it; a role not listed is refused. The API's gate enforces it on every /api/admin route (403, audited); the back
 * office's navigation reads the same matrix to offer a role only its screens.
 */
export const OPERATOR_PERMISSIONS = {
  /** Create operators, list them, disable and re-enable them. */
  'operators.manage': ['admin'],
  /** Read the audit log. */
  'audit.read': ['admin'],
  /** Create content items through POST /api/cms/items/{collection} (features §7: operators only). */
  'content.write': ['content_editor', 'admin'],
  /** Read what visitors sent with the feedback widget (GET /api/admin/feedback). */
  'feedback.read': ['support', 'admin'],
  /** Find customers and read their overview, orders, tickets, wallet history and notes (audited reads). */
  'customers.read': ['support', 'finance', 'admin'],
  /** Support's actions on a customer: unlock 2FA, ask for a new password, start a break, write a note, close or
   * reopen the account. */
  'customers.support': ['support', 'admin'],
  /** Identity documents: the queue, a customer's documents (an audited read), approve or reject them. */
  'kyc.review': ['support', 'admin'],
  /** Withdrawals: the lists, approve (pay), reject, bulk approve. */
  'withdrawals.manage': ['finance', 'admin'],
  /** Manual adjustments: ask for one, list them, and approve or reject another operator's (four eyes). */
  'adjustments.manage': ['finance', 'admin'],
  /** Deposits: the list, the reconciliation state and "reconcile now", refunds to the card (docs/payments.md). */
  'deposits.manage': ['finance', 'admin'],
  /** The ledger report: daily totals per account (JSON or CSV). */
  'ledger.read': ['finance', 'admin'],
  /**
   * Draws: the schedule, enter and confirm results (a second operator), settle, winners, raffle draws, the
   * syndicates riding on lottery draws, and Daily Winners giveaway draws.
   */
  'draws.manage': ['draw_officer', 'admin'],
  /** The dashboard: today's sales and deposits, what waits, the next draws, the job queues. */
  'dashboard.read': ['support', 'finance', 'draw_officer', 'admin'],
  /** Product offers (list, suspend, resume), price lists (read, change a price) and promotion codes (list, create, change, end). */
  'catalogue.manage': ['admin'],
  /** Marketing: notification campaigns to a segment's customers (the same service as `ops notifications:campaign`). */
  'notifications.campaign': ['content_editor', 'admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type OperatorPermission = keyof typeof OPERATOR_PERMISSIONS;

/** Whether a role holds a permission (an unknown role holds none). */
export function roleCan(role: string, permission: OperatorPermission): boolean {
  return (OPERATOR_PERMISSIONS[permission] as readonly string[]).includes(role);
}

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
  ownAccount: 'You cannot disable your own account.',
  noOperator: 'There is no such operator.',
  wrongPassword: 'Your current password is not right.',
  samePassword: 'Choose a new password, not your current one.',
  passwordChanged: 'Your password is changed. Your other back-office sessions have ended.',
  ownAuthenticator: 'You cannot reset your own authenticator: ask another admin.',
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

/** An operator changes their own password: the current one, and a new one under the customers' password rules. */
export const OperatorPasswordBody = z
  .object({
    currentPassword: z.string().min(1, { error: 'Enter your current password.' }).max(256),
    newPassword: Password,
  })
  .strict();
export type OperatorPasswordBody = z.infer<typeof OperatorPasswordBody>;
export const OperatorPasswordChanged = z.object({ sessionsEnded: z.number().int() });

export const OperatorParams = z.object({ operatorId: z.string().regex(/^op_[A-Za-z0-9_-]{1,40}$/) }).strict();

/** What disabling (or re-enabling) an operator did: the account, and how many live sessions ended with it. */
export const OperatorStatusChange = z.object({
  operator: Operator,
  changed: z.boolean(),
  sessionsEnded: z.number().int(),
});
export type OperatorStatusChange = z.infer<typeof OperatorStatusChange>;

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
