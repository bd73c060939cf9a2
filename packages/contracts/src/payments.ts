// Payments wire shapes (spec features §3 Payments, §4 payment and withdrawal type codes, §5 card deposits and
// bank accounts, §7 funds calls, §9 3-D Secure colour depth).
import { z } from 'zod';
import { Money } from './common.ts';
import { FORM_MESSAGES } from './messages.ts';

export const DEPOSIT_METHOD_CODES = ['td', 'cc', 'pl', 'ap', 'gp', 'bp'] as const;
export const WITHDRAWAL_METHOD_CODES = ['tt', 'pl', 'tw', 'do'] as const;
export const DepositMethodCode = z.enum(DEPOSIT_METHOD_CODES);
export type DepositMethodCode = z.infer<typeof DepositMethodCode>;
export const WithdrawalMethodCode = z.enum(WITHDRAWAL_METHOD_CODES);
export type WithdrawalMethodCode = z.infer<typeof WithdrawalMethodCode>;
export const CARD_GATEWAYS = ['braintree', 'eway', 'opayo', 'paystream', 'stripe', 'test'] as const;

export const FUND_VERIFICATION_STATUSES = [
  'Failed Verification',
  'Pending Verification',
  'Unverified',
  'Verified',
] as const;
export const FundVerification = z.enum(FUND_VERIFICATION_STATUSES);

export const FundType = z.enum(['card', 'bank', 'paypal']);
export const Fund = z.object({
  id: z.string(),
  code: z.string(),
  type: FundType,
  default: z.boolean(),
  verification: FundVerification,
  gateway: z.string().nullable(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  expiryMonth: z.number().int().nullable(),
  expiryYear: z.number().int().nullable(),
  holderName: z.string().nullable(),
  accountName: z.string().nullable(),
  bankCode: z.string().nullable(),
  email: z.string().nullable(),
});
export type Fund = z.infer<typeof Fund>;

export const PaymentMethodRules = z.object({
  enabled: z.boolean(),
  minAmount: Money,
  maxAmount: Money,
  cscRequired: z.record(z.string(), z.boolean()),
});
export const PaymentMethod = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['deposit', 'withdrawal']),
  digitalWallet: z.boolean(),
  funds: z.array(Fund),
  availableGateways: z.array(z.string()),
  attributes: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
  rules: PaymentMethodRules,
  /** Withdrawal methods: POST {withdrawalPath}/{fundId}/withdraw. */
  withdrawalPath: z.string().nullable(),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** `filter=funds.cart eq true and funds.withdraw eq false` (clauses joined by "and" or ","). */
export const PaymentMethodsQuery = z.object({ filter: z.string().max(500).optional() }).strict();

export const CardGateway = z.object({
  key: z.string(),
  name: z.string(),
  cscRequired: z.boolean(),
  testCards: z.array(z.object({ number: z.string(), outcome: z.string() })),
});

/** A missing amount keeps the house "required" message; anything else that is not an amount gets the format one. */
const amountError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? FORM_MESSAGES.required
    : FORM_MESSAGES.currency;
/** The one text format of a money amount (form-encoded bodies, where every value is text): "10", "10.5", "10.50". */
export const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;
/**
 * A money amount in a JSON body: a JSON number, never text (" 10 ", "1e1" and "10" are refused with the form message).
 * Places, minimum and maximum are checked by the service per method, with the spec's messages.
 */
export const AmountInput = z.number({ error: amountError }).finite(FORM_MESSAGES.currency);
/** A money amount in a form-encoded body (spec: "(form)"): a number, or text in the one format MONEY_TEXT. */
export const FormAmountInput = z.union([AmountInput, z.string().max(40).regex(MONEY_TEXT, FORM_MESSAGES.currency)], {
  error: amountError,
});

const digitsOnly = (s: string) => s.replace(/[\s-]/g, '');
export const CardHolderName = z
  .string()
  .trim()
  .min(1, FORM_MESSAGES.required)
  .max(100)
  .refine((v) => (v.match(/\d/g)?.length ?? 0) < 13, FORM_MESSAGES.cardHolderName);

export const AddCardBody = z
  .object({
    cardNumber: z
      .string()
      .max(40)
      .transform(digitsOnly)
      .pipe(z.string().regex(/^\d{12,19}$/, 'Please enter a valid card number.')),
    expiryMonth: z.coerce
      .number()
      .int()
      .min(1, 'Please enter a valid expiry month.')
      .max(12, 'Please enter a valid expiry month.'),
    expiryYear: z.coerce.number().int().min(2000).max(2100),
    csc: z
      .string()
      .regex(/^\d{3,4}$/, FORM_MESSAGES.numbersOnly)
      .optional(),
    holderName: CardHolderName,
    default: z.boolean().optional(),
  })
  .strict();
export const AddCardParams = z.object({ method: z.literal('cc'), id: z.enum(CARD_GATEWAYS) }).strict();

/** GET /funds/{gateway}: a card gateway's client settings and the customer's cards saved through it. */
export const GatewayParams = z.object({ gateway: z.enum(CARD_GATEWAYS) }).strict();
export const GatewayFunds = z.object({
  gateway: CardGateway.omit({ testCards: true }),
  funds: z.array(Fund),
});
export type GatewayFunds = z.infer<typeof GatewayFunds>;

/**
 * POST /funds/stripe/setup: the payment method Stripe.js returned when the customer confirmed the card setup in the
 * browser (a `pm_…` id); the shop saves it as a card for later payments, charging nothing.
 */
export const StripeSetupBody = z
  .object({
    paymentMethodId: z
      .string()
      .min(1, FORM_MESSAGES.required)
      .max(255)
      .regex(/^pm_[A-Za-z0-9_]+$/, 'This is not a card from the card form. Please try again.'),
    holderName: CardHolderName.optional(),
    default: z.boolean().optional(),
  })
  .strict();
export type StripeSetupBody = z.infer<typeof StripeSetupBody>;

export const BankAccountBody = z
  .object({
    code: z.literal('tt').default('tt'),
    accountNumber: z.string().max(40).transform(digitsOnly).pipe(z.string().regex(/^\d+$/, FORM_MESSAGES.numbersOnly)),
    accountName: z.string().trim().min(1, FORM_MESSAGES.required).max(100),
    bankCode: z.string().max(20).transform(digitsOnly).pipe(z.string().regex(/^\d+$/, FORM_MESSAGES.numbersOnly)),
    type: z.literal('bank').default('bank'),
    default: z.boolean().optional(),
  })
  .strict();

/** Linking PayPal: the e-mail shown to the customer and the gateway's payment-method nonce (Braintree's vault). */
export const PayPalBody = z
  .object({
    email: z.email().max(254),
    nonce: z
      .string()
      .min(1)
      .max(500)
      .regex(/^[A-Za-z0-9_.:-]+$/),
    default: z.boolean().optional(),
  })
  .strict();

export const FundParams = z
  .object({
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^fnd_[A-Za-z0-9]+$/),
  })
  .strict();

export const COLOUR_DEPTHS = [1, 4, 8, 15, 16, 24, 32, 48] as const;
/** Snap a reported colour depth to the nearest value 3-D Secure accepts (ties go down). */
export function snapColourDepth(depth: number): number {
  let best: number = COLOUR_DEPTHS[0];
  for (const d of COLOUR_DEPTHS) if (Math.abs(d - depth) < Math.abs(best - depth)) best = d;
  return best;
}

export const BrowserData = z
  .object({
    javascriptEnabled: z.boolean().default(true),
    javaEnabled: z.boolean().default(false),
    language: z.string().max(35).default('en-AU'),
    colourDepth: z.coerce.number().finite().min(0).max(1000).transform(snapColourDepth).default(24),
    screenHeight: z.coerce.number().int().min(0).max(100_000).default(0),
    screenWidth: z.coerce.number().int().min(0).max(100_000).default(0),
    timezoneOffset: z.coerce.number().int().min(-900).max(900).default(0),
    challengeWindowSize: z.enum(['01', '02', '03', '04', '05']).default('05'),
    notificationUrl: z.string().max(500).optional(),
  })
  .strict();
export type BrowserData = z.infer<typeof BrowserData>;

export const DepositBody = z
  .object({
    amount: AmountInput,
    checkout: z.boolean().optional(),
    csc: z
      .string()
      .regex(/^\d{3,4}$/, FORM_MESSAGES.numbersOnly)
      .optional(),
    strongCustomerAuthentication: BrowserData.optional(),
    gatewayKey: z.string().max(40).optional(),
    deviceData: z.string().max(4000).optional(),
    metadata: z.record(z.string().max(64), z.string().max(500)).optional(),
  })
  .strict();
export type DepositBody = z.infer<typeof DepositBody>;
// PayPal deposits come from the linked PayPal fund; Apple Pay and Google Pay from POST /funds/{method}/{gateway}/deposit.
export const DepositParams = z
  .object({
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^(fnd_[A-Za-z0-9]+|td)$/),
  })
  .strict();

/** Digital-wallet deposits (spec features §7: POST /funds/{method}/{gateway}/deposit for Apple or Google Pay). */
export const WALLET_DEPOSIT_METHODS = ['ap', 'gp'] as const;
export const WalletDepositParams = z
  .object({
    method: z.enum(WALLET_DEPOSIT_METHODS),
    gateway: z
      .string()
      .min(1)
      .max(40)
      .regex(/^[a-z_]+$/),
  })
  .strict();
export const WalletDepositBody = z
  .object({
    amount: AmountInput,
    /** The payment token the wallet's payment sheet gave the browser (simulated tokens on the test gateway). */
    walletToken: z.string().min(1).max(4000),
    checkout: z.boolean().optional(),
    deviceData: z.string().max(4000).optional(),
    metadata: z.record(z.string().max(64), z.string().max(500)).optional(),
  })
  .strict();
export type WalletDepositBody = z.infer<typeof WalletDepositBody>;
export const DepositMethodParams = z.object({ code: DepositMethodCode }).strict();

export const DEPOSIT_STATUSES = ['pending', 'challenge', 'approved', 'failed', 'cancelled'] as const;
export const DepositStatus = z.enum(DEPOSIT_STATUSES);
export const Deposit = z.object({
  id: z.string(),
  status: DepositStatus,
  amount: Money,
  methodCode: z.string(),
  fundId: z.string().nullable(),
  failureReason: z.string().nullable(),
  challengeUrl: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type Deposit = z.infer<typeof Deposit>;
export const DepositIdParams = z
  .object({
    depositId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^dep_[A-Za-z0-9]+$/),
  })
  .strict();

export const DepositForm = z.object({
  method: PaymentMethod,
  bpay: z.object({ billerCode: z.string(), reference: z.string() }).nullable(),
});

export const WithdrawBody = z.object({ amount: AmountInput, type: z.string().max(20).optional() }).strict();
export const WithdrawParams = z
  .object({
    code: WithdrawalMethodCode,
    id: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected'] as const;
export const Withdrawal = z.object({
  id: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  amount: Money,
  methodCode: z.string(),
  fundId: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;
export const WithdrawalIdParams = z
  .object({
    withdrawalId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^wdr_[A-Za-z0-9]+$/),
  })
  .strict();

export const ThreeDsNotifyQuery = z
  .object({
    depositId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^dep_[A-Za-z0-9]+$/),
  })
  .strict();
export const ThreeDsChallengeBody = z.object({ outcome: z.enum(['approve', 'fail']) }).strict();
