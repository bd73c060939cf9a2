// Responsible gambling wire shapes (issue 8; spec core §2, §3 Customer overview, §5 spend-limit check, §8 cart blocked
// reasons; features §3 Spend limits, §4 verification methods and statuses, §5 weekly deposit limit help, §7 calls).
import { z } from 'zod';
import { Money } from './common.ts';
import { FormAmountInput } from './payments.ts';

export const LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export const LimitPeriod = z.enum(LIMIT_PERIODS);
export type LimitPeriod = z.infer<typeof LimitPeriod>;

/** Spec features §5: the help text of the weekly deposit limit. */
export const DEPOSIT_LIMIT_HELP: Record<LimitPeriod, string> = {
  daily: 'The maximum deposit in any 24-hour period.',
  weekly: 'The maximum deposit in any 7-day period.',
  monthly: 'The maximum deposit in any 30-day period.',
};

/** A customer's limit: the one in force now, and a higher (or removed) one waiting out the cooling-off delay. */
export const CustomerLimit = z.object({
  id: z.string(),
  period: LimitPeriod,
  limit: Money,
  amountSpent: Money,
  remaining: Money,
  /** The raised limit that applies from pendingFrom; null with pendingRemoval when the limit is being removed. */
  pendingLimit: Money.nullable(),
  pendingRemoval: z.boolean(),
  pendingFrom: z.string().nullable(),
  /** Start and end of the period the amount spent counts (site time zone). */
  periodStart: z.string(),
  periodEnd: z.string(),
});
export type CustomerLimit = z.infer<typeof CustomerLimit>;

export const SystemLimit = z.object({ period: LimitPeriod, limit: Money, amountSpent: Money, remaining: Money });

export const SpendLimits = z.object({
  availablePeriods: z.array(LimitPeriod),
  customerLimits: z.array(CustomerLimit),
  systemLimits: z.array(SystemLimit),
  coolingOffDays: z.number().int(),
  spendLimitRequired: z.boolean(),
});
export type SpendLimits = z.infer<typeof SpendLimits>;

export const LimitPeriodParams = z.object({ period: LimitPeriod }).strict();
export const LimitIdParams = z.object({ id: z.string().min(1).max(64) }).strict();
/** Form body of PUT|POST /spend-limits/{period} and PUT /deposit-limits/{period}. */
export const LimitBody = z.object({ limit: FormAmountInput }).strict();
export type LimitBody = z.infer<typeof LimitBody>;

export const PrecommitmentBody = z.object({ limit: FormAmountInput, period: LimitPeriod.default('monthly') }).strict();
export type PrecommitmentBody = z.infer<typeof PrecommitmentBody>;
export const Precommitment = z.object({
  enabled: z.boolean(),
  limit: CustomerLimit.nullable(),
  coolingOffDays: z.number().int(),
});
export type Precommitment = z.infer<typeof Precommitment>;

export const DepositLimit = CustomerLimit.extend({ help: z.string() });
export const DepositLimits = z.object({
  availablePeriods: z.array(LimitPeriod),
  customerLimits: z.array(DepositLimit),
  help: z.record(z.string(), z.string()),
  coolingOffDays: z.number().int(),
});
export type DepositLimits = z.infer<typeof DepositLimits>;

/** Result of a limit change: the limit as it now stands and whether the change waits for the cooling-off delay. */
export const LimitChange = z.object({
  limit: CustomerLimit.nullable(),
  applied: z.enum(['now', 'after_cooling_off', 'removed']),
  message: z.string(),
});

// ---------------------------------------------------------------- identity verification (features §4)
export const VERIFICATION_METHOD_TYPES = [
  'auto_verification',
  'connect_id',
  'drivers_licence',
  'greenid_ui',
  'pdf_form',
  'photo_id_upload',
] as const;
export const VerificationMethodType = z.enum(VERIFICATION_METHOD_TYPES);
export type VerificationMethodType = z.infer<typeof VerificationMethodType>;
export const VERIFICATION_STATUSES = [
  'disabled',
  'not_attempted',
  'pending',
  'in_progress',
  'attempted',
  'verified',
] as const;
export const VerificationStatus = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

export const VerificationState = z.object({
  isVerified: z.boolean(),
  methods: z.array(z.object({ type: VerificationMethodType, status: VerificationStatus })),
  verificationRules: z.array(z.string()),
  /** What an unverified customer may still spend in total before verifying. */
  unverifiedSpendCap: Money,
  unverifiedSpendRemaining: Money.nullable(),
  lastOutcome: z
    .object({ method: VerificationMethodType, status: z.string(), message: z.string(), at: z.string() })
    .nullable(),
});
export type VerificationState = z.infer<typeof VerificationState>;

export const ID_DOCUMENT_TYPES = ['drivers_licence', 'passport', 'medicare'] as const;
export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;

/** POST /customer/verify: the data-source check uses the customer's details plus one document number. */
export const VerifyBody = z
  .object({
    documentType: z.enum(ID_DOCUMENT_TYPES).default('drivers_licence'),
    documentNumber: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^[A-Za-z0-9]+$/, 'Please enter letters and numbers only.'),
    consent: z.literal(true, {
      error: 'Please agree to your details being checked with the issuer or official record holder.',
    }),
  })
  .strict();
export type VerifyBody = z.infer<typeof VerifyBody>;

export const LicenceBody = z
  .object({
    licenceNumber: z
      .string()
      .trim()
      .min(4)
      .max(12)
      .regex(/^[A-Za-z0-9]+$/, 'Please enter letters and numbers only.'),
    state: z.enum(AU_STATES),
    cardNumber: z
      .string()
      .trim()
      .max(12)
      .regex(/^[A-Za-z0-9]*$/, 'Please enter letters and numbers only.')
      .optional(),
  })
  .strict();
export type LicenceBody = z.infer<typeof LicenceBody>;

export const VerificationOutcome = z.object({
  id: z.string(),
  method: VerificationMethodType,
  status: z.enum(['verified', 'failed', 'documents_required', 'pending', 'in_progress']),
  message: z.string(),
  verification: VerificationState,
});
export type VerificationOutcome = z.infer<typeof VerificationOutcome>;

export const ConnectIdStart = z.object({ id: z.string(), authorizeUrl: z.string(), state: z.string() });
export const ConnectIdCallbackBody = z
  .object({ code: z.string().min(1).max(200), state: z.string().min(1).max(200) })
  .strict();

// ---------------------------------------------------------------- take a break and self-exclusion
export const TAKE_A_BREAK_PERIODS = ['24h', '48h', '1w', '2w', '4w', '6w'] as const;
export const SELF_EXCLUSION_PERIODS = ['6m', '1y', '2y', '5y'] as const;
export const TakeABreakBody = z.object({ period: z.enum(TAKE_A_BREAK_PERIODS) }).strict();
export const SelfExclusionBody = z.object({ period: z.enum(SELF_EXCLUSION_PERIODS) }).strict();
export const Exclusion = z.object({
  kind: z.enum(['take_a_break', 'self_exclusion']),
  period: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  message: z.string(),
});
export type Exclusion = z.infer<typeof Exclusion>;
