// Accounts and authentication (spec core §3 Customer overview / Login response, §7 Session and account calls;
// features §3 Two-factor and Communication preferences, §5 form messages). camelCase here, snake_case on the wire.
import { z } from 'zod';
import { Identifier, Money, Region } from './common.ts';
import { FORM_MESSAGES } from './messages.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const TWO_FACTOR_CODE_LENGTH = 6;
export const TWO_FACTOR_RESEND_LOCK_SECONDS = 60;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const TWO_FACTOR_METHODS = ['authenticator', 'email'] as const;
export const TwoFactorMethod = z.enum(TWO_FACTOR_METHODS);
export type TwoFactorMethod = z.infer<typeof TwoFactorMethod>;

/** Features §9: channels; push exists but is hidden; display order email, phone, sms, directmail. */
export const COMMUNICATION_CHANNELS = ['email', 'phone', 'sms', 'directmail', 'push'] as const;
export const VISIBLE_COMMUNICATION_CHANNELS = ['email', 'phone', 'sms', 'directmail'] as const;
export const CommunicationChannel = z.enum(COMMUNICATION_CHANNELS);
export type CommunicationChannel = z.infer<typeof CommunicationChannel>;

/** Feature §8 / §5 texts. */
export const TWO_FACTOR_TEXTS = {
  incomplete: 'A 6 digit code is required.',
  incorrect: 'Code is incorrect or expired. Try again or contact support',
  lockedTitle: 'Account locked',
  locked: 'Your account has been locked due to too many incorrect 2FA attempts. Please contact support.',
  authenticatorTitle: 'Enter the 6 digit code from your authenticator app',
  emailTitle: (maskedEmail: string) => `Enter the 6 digit code emailed to ${maskedEmail}`,
  remember: (days: number) => `Don't require 2FA again for ${days} days`,
  support: 'Having issues? Please contact support',
  autologinTitle: '2 factor authentication required',
  verifyingAutologin: 'Verifying Automatic Login',
} as const;

export const IDENTITY_TEXTS = {
  accountClosed: 'This account is closed.',
  locationTermsRequired:
    'You appear to be in a country where we cannot sell tickets without your confirmation. Please read and accept the location terms to continue.',
  invalidCredentials: 'The email or password you entered is incorrect.',
  emailTaken: 'An account with this email address already exists.',
  underAge: (minAge: number) => `You must be at least ${minAge} years old to sign up.`,
  commonPassword: 'This password is too common. Please choose a less common password.',
  passwordIsEmail: 'Your password must not be your email address.',
  currentPasswordWrong: 'Your current password is incorrect.',
  currentPasswordRequired: 'Please enter your current password to change your email address.',
  linkInvalid: 'Email link no longer valid',
  forgotSent: 'If an account exists for that email address, we have sent a link to reset your password.',
  passwordSaved: 'Your new password has been saved.',
  detailsUpdated: 'Your details have been updated.',
  detailsUpdatedUnverified: 'Your details have been updated. As you moved state, please verify your account again.',
  closureHasFunds: 'Please withdraw your remaining balance before closing your account.',
  immutableField: "This field can't be changed. Please contact support.",
  tooManyAttempts: 'Too many attempts. Please wait a while and try again.',
  resendLocked: 'Please wait before requesting another code.',
} as const;

/** "An email is shown as the part before the at-sign followed by asterisks" (features §2). */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  return `${local}****`;
}

const trimmed = (max: number) => z.string().trim().min(1).max(max);
export const EmailAddress = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: FORM_MESSAGES.email }));
export const Password = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH);
export const PhoneNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ]{7,17}$/, { error: FORM_MESSAGES.phone });
export const PostCode = z
  .string()
  .trim()
  .regex(/^[0-9]{4}$/, { error: FORM_MESSAGES.postCode });
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please enter a date as YYYY-MM-DD.' })
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    { error: 'Please enter a valid date.' },
  );
export const OtpCode = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/, { error: TWO_FACTOR_TEXTS.incomplete });
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'Please choose a country.' });

export const FavouriteNumbers = z
  .array(
    z
      .object({
        lotteryKey: Identifier,
        sets: z.record(z.string().regex(/^[a-z_]{1,32}$/), z.array(z.number().int().min(0).max(99)).max(40)),
      })
      .strict(),
  )
  .max(20);
export type FavouriteNumbers = z.infer<typeof FavouriteNumbers>;

export const AddressFields = z.object({
  address: trimmed(200),
  addressLine2: z.string().trim().max(200).optional().default(''),
  suburb: trimmed(100),
  state: Region,
  postcode: PostCode,
  country: CountryCode.default('AU'),
});
export type AddressFields = z.infer<typeof AddressFields>;

export const Attribution = z
  .object({
    utmSource: z.string().max(200).optional(),
    utmMedium: z.string().max(200).optional(),
    utmCampaign: z.string().max(200).optional(),
    utmTerm: z.string().max(200).optional(),
    utmContent: z.string().max(200).optional(),
    /** The visitor's affiliate code (the aff cookie, core §1), kept for the affiliate report. */
    affiliateCode: z
      .string()
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  })
  .strict();

export const SignupBody = z
  .object({
    firstname: trimmed(100),
    lastname: trimmed(100),
    email: EmailAddress,
    password: Password,
    dateOfBirth: IsoDate,
    phone: PhoneNumber,
    ...AddressFields.shape,
    marketingConsent: z.boolean().default(false),
    termsAndConditions: z.literal(true, { error: FORM_MESSAGES.terms }),
    attribution: Attribution.optional(),
    metadata: z
      .object({ platform: z.enum(['Web', 'App']).default('Web') })
      .strict()
      .default({ platform: 'Web' }),
    favouriteNumbers: FavouriteNumbers.optional(),
  })
  .strict();
export type SignupBody = z.infer<typeof SignupBody>;

/** POST /login: check-email (email only), password login, autologin token, or (v3.3) token + 2FA fields. */
export const LoginBody = z
  .object({
    email: EmailAddress.optional(),
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    autologinToken: z.string().min(16).max(200).optional(),
    token: z.string().min(16).max(200).optional(),
    otp: OtpCode.optional(),
    rememberDevice: z.union([z.boolean(), z.enum(['true', 'false', 'on'])]).optional(),
    rememberDeviceToken: z.string().min(16).max(200).optional(),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenBody = z.object({ token: z.string().min(16).max(200) }).strict();
export const RefreshBody = z.object({ refreshToken: z.string().min(16).max(200).optional() }).strict();

export const TwoFactorChallenge = z.object({ method: TwoFactorMethod, identifier: z.string() });

export const AtvAmount = z.object({ amount: z.number() });
export const CustomerOverview = z.object({
  customerId: z.string(),
  customerToken: z.string(),
  segmentName: z.string(),
  pricingId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  state: z.string(),
  balance: Money,
  availableFunds: Money,
  isVerified: z.boolean(),
  verification: z.object({ methods: z.array(z.object({ type: z.string(), status: z.string() })) }),
  verificationRules: z.array(z.string()),
  preCommitment: z.object({ enabled: z.boolean(), amount: Money.nullable() }).nullable(),
  spendLimits: z.array(z.object({ period: z.string(), amount: Money })),
  spendLimitRequired: z.boolean(),
  brandingRegion: z.string(),
  migrationStatus: z.string().nullable(),
  accountUpgrade: z.boolean(),
  forcePasswordChange: z.boolean(),
  countryBanned: z.boolean(),
  countryBannedConfirmationRequired: z.boolean(),
  addressConfirmationRequired: z.boolean(),
  emailAddressConfirmationRequired: z.boolean(),
  favouriteNumbers: FavouriteNumbers,
  experimentGroups: z.record(z.string(), z.string()),
  atv: z.object({
    atvCommercial: AtvAmount,
    atvCharity: AtvAmount,
    atvSocialSyndicate: AtvAmount,
    atvSyndicate: AtvAmount,
  }),
});
export type CustomerOverview = z.infer<typeof CustomerOverview>;

/** Login response (core §3): accessToken, refreshToken, customer; or the 2FA challenge (result.twoFactorAuth). */
export const LoginResult = z.object({
  status: z.enum(['authenticated', '2fa_required']),
  accessToken: z.string().nullable(),
  refreshToken: z.string().nullable(),
  customer: CustomerOverview.nullable(),
  /** Present when a second factor is needed: send it back as `token` with `otp` (POST /login, v3.3). */
  token: z.string().nullable(),
  twoFactorAuth: TwoFactorChallenge.nullable(),
  rememberDeviceToken: z.string().nullable(),
  isNew: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResult>;
export const CheckEmailResult = z.object({ email: z.string(), registered: z.boolean() });

export const RefreshResult = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const CustomerDetails = z.object({
  customerId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  dateOfBirth: z.string(),
  phone: z.string(),
  address: z.string(),
  addressLine2: z.string(),
  suburb: z.string(),
  state: z.string(),
  postcode: z.string(),
  country: z.string(),
  marketingConsent: z.boolean(),
});
export type CustomerDetails = z.infer<typeof CustomerDetails>;
export const CustomerDetailsUpdate = z
  .object({
    firstname: trimmed(100).optional(),
    lastname: trimmed(100).optional(),
    dateOfBirth: IsoDate.optional(),
    email: EmailAddress.optional(),
    phone: PhoneNumber.optional(),
    address: trimmed(200).optional(),
    addressLine2: z.string().trim().max(200).optional(),
    suburb: trimmed(100).optional(),
    state: Region.optional(),
    postcode: PostCode.optional(),
    country: CountryCode.optional(),
    marketingConsent: z.boolean().optional(),
    /** Asked for when the email changes: the sign-in address is what password resets and emailed codes go to. */
    currentPassword: z.string().min(1).max(200).optional(),
  })
  .strict();

export const FavouriteNumbersBody = z.object({ favouriteNumbers: FavouriteNumbers }).strict();
export const ConfirmTokenBody = z.object({ token: z.string().min(16).max(200).optional() }).strict();
export const LocateResult = z.object({ country: z.string().nullable(), countryBanned: z.boolean() });

/** Migration status values (features §4). */
export const MIGRATION_STATUSES = ['ineligible', 'eligible_soft', 'eligible_hard', 'in_progress', 'migrated'] as const;
export const MigrationStatus = z.enum(MIGRATION_STATUSES);
export type MigrationStatus = z.infer<typeof MigrationStatus>;
/** POST /migration/migrate: 202 with in_progress while the job runs, 200 with migrated. */
export const MigrationResult = z.object({ migrationStatus: MigrationStatus });
export type MigrationResult = z.infer<typeof MigrationResult>;
export const AcceptedResult = z.object({ accepted: z.boolean(), acceptedAt: z.string() });

export const CommunicationPreferences = z.object({
  features: z.object({
    methodsEnabled: z.boolean(),
    methods: z.array(z.object({ key: CommunicationChannel, name: z.string(), hidden: z.boolean() })),
  }),
  preferences: z.record(z.string(), z.object({ enabled: z.boolean() })),
});
const PreferenceValue = z.union([z.boolean(), z.object({ enabled: z.boolean() }).strict()]);
export const CommunicationPreferencesUpdate = z
  .object({
    preferences: z.partialRecord(CommunicationChannel, PreferenceValue),
    unsubscribeReasons: z
      .array(z.string().regex(/^[a-z_]{1,40}$/))
      .max(10)
      .optional(),
    /** From an unsubscribe link, for a visitor who is not signed in. */
    token: z.string().min(16).max(200).optional(),
  })
  .strict();
export const CommunicationPrefsParams = z.object({ customerId: Identifier }).strict();
export const CommunicationPrefsOfferParams = z.object({ customerId: Identifier, productOfferKey: Identifier }).strict();

export const RecurringPurchaseMethods = z.object({
  availableRecurringPurchaseMethods: z.array(
    // label: how the shop names it ("Wallet", "Visa ending 4242"); a saved card's key is its fund id.
    z.object({ recurringPurchaseMethodKey: z.string(), label: z.string(), disabled: z.boolean() }),
  ),
  selectedRecurringPurchaseMethodKey: z.string().nullable(),
});
export type RecurringPurchaseMethods = z.infer<typeof RecurringPurchaseMethods>;
export const RecurringPurchaseMethodQuery = z.object({ recurringPurchaseMethod: z.string().min(1).max(40) }).strict();

export const ForgotPasswordBody = z.object({ email: EmailAddress }).strict();
export const ResetPasswordBody = z.object({ token: z.string().min(16).max(200), password: Password }).strict();
export const ForceChangeBody = z.object({ password: Password }).strict();
export const ChangePasswordBody = z
  .object({ currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: Password })
  .strict();
export const CloseAccountBody = z
  .object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH), reason: z.string().max(500).optional() })
  .strict();
export const ReauthBody = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) }).strict();
export const OtpBody = z.object({ otp: OtpCode }).strict();
export const ResendBody = z.object({ token: z.string().min(16).max(200) }).strict();

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  method: TwoFactorMethod.nullable(),
  pendingMethod: TwoFactorMethod.nullable(),
  identifier: z.string().nullable(),
  locked: z.boolean(),
});
export const AuthenticatorEnrolment = z.object({ secret: z.string(), otpauthUri: z.string(), qrDataUrl: z.string() });
export const AutologinTokenResult = z.object({ token: z.string(), expiresAt: z.string() });
export const MessageOnly = z.object({ done: z.boolean() });
