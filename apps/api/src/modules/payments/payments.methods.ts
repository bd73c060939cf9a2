// The payment and withdrawal methods the shop offers (spec features §4 type codes) and their rules (features §3
// Payments: enabled, minAmount, maxAmount, per-gateway cscRequired), plus the filter language of GET /payment_methods.
import { badRequest } from '../../lib/errors.ts';

export interface MethodDefinition {
  code: string;
  name: string;
  kind: 'deposit' | 'withdrawal';
  digitalWallet: boolean;
  /** Usable to pay for a cart (deposit-and-purchase). */
  cart: boolean;
  fundType: 'card' | 'bank' | 'paypal' | null;
  gateways: string[];
  cscRequired: Record<string, boolean>;
  minCents: number;
  maxCents: number;
  attributes: Record<string, string | boolean | number>;
}

const method = (
  m: Omit<MethodDefinition, 'attributes'> & { attributes?: MethodDefinition['attributes'] },
): MethodDefinition => ({ attributes: {}, ...m });

export const DEPOSIT_METHODS: MethodDefinition[] = [
  method({
    code: 'cc',
    name: 'Credit or debit card',
    kind: 'deposit',
    digitalWallet: false,
    cart: true,
    fundType: 'card',
    gateways: ['test'],
    cscRequired: { test: true },
    minCents: 1000,
    maxCents: 500_000,
  }),
  method({
    code: 'td',
    name: 'Test deposit',
    kind: 'deposit',
    digitalWallet: false,
    cart: true,
    fundType: null,
    gateways: ['test'],
    cscRequired: { test: false },
    minCents: 500,
    maxCents: 1_000_000,
  }),
  method({
    code: 'pl',
    name: 'PayPal',
    kind: 'deposit',
    digitalWallet: true,
    cart: true,
    fundType: 'paypal',
    gateways: ['braintree'],
    cscRequired: { braintree: false },
    minCents: 1000,
    maxCents: 500_000,
    attributes: { linkPath: '/funds/pl/braintree', testNonce: 'fake-paypal-billing-agreement-nonce' },
  }),
  method({
    code: 'ap',
    name: 'Apple Pay',
    kind: 'deposit',
    digitalWallet: true,
    cart: true,
    fundType: null,
    gateways: ['test'],
    cscRequired: { test: false },
    minCents: 1000,
    maxCents: 500_000,
    attributes: {
      requiresBrowserSupport: 'ApplePaySession',
      depositPath: '/funds/ap/test/deposit',
      testWalletToken: 'fake-apple-pay-visa-nonce',
    },
  }),
  method({
    code: 'gp',
    name: 'Google Pay',
    kind: 'deposit',
    digitalWallet: true,
    cart: true,
    fundType: null,
    gateways: ['test'],
    cscRequired: { test: false },
    minCents: 1000,
    maxCents: 500_000,
    attributes: { depositPath: '/funds/gp/test/deposit', testWalletToken: 'fake-android-pay-visa-nonce' },
  }),
  method({
    code: 'bp',
    name: 'BPAY',
    kind: 'deposit',
    digitalWallet: false,
    cart: false,
    fundType: null,
    gateways: [],
    cscRequired: {},
    minCents: 1000,
    maxCents: 1_000_000,
    attributes: { billerCode: '123456' },
  }),
];

export const WITHDRAWAL_METHODS: MethodDefinition[] = [
  method({
    code: 'tt',
    name: 'Bank account',
    kind: 'withdrawal',
    digitalWallet: false,
    cart: false,
    fundType: 'bank',
    gateways: ['test'],
    cscRequired: {},
    minCents: 1000,
    maxCents: 5_000_000,
  }),
  method({
    code: 'pl',
    name: 'PayPal',
    kind: 'withdrawal',
    digitalWallet: true,
    cart: false,
    fundType: 'paypal',
    gateways: ['braintree'],
    cscRequired: {},
    minCents: 1000,
    maxCents: 1_000_000,
  }),
  method({
    code: 'tw',
    name: 'Test withdrawal',
    kind: 'withdrawal',
    digitalWallet: false,
    cart: false,
    fundType: null,
    gateways: ['test'],
    cscRequired: {},
    minCents: 100,
    maxCents: 5_000_000,
  }),
  method({
    code: 'do',
    name: 'Donate to a cause',
    kind: 'withdrawal',
    digitalWallet: false,
    cart: false,
    fundType: null,
    gateways: [],
    cscRequired: {},
    minCents: 100,
    maxCents: 5_000_000,
  }),
];

export const depositMethod = (code: string) => DEPOSIT_METHODS.find((m) => m.code === code);
export const withdrawalMethod = (code: string) => WITHDRAWAL_METHODS.find((m) => m.code === code);

export interface MethodFilter {
  cart?: boolean;
  withdraw?: boolean;
  digitalWallets?: boolean;
  failedVerification?: boolean;
}

const FILTER_KEYS: Record<string, keyof MethodFilter> = {
  'funds.cart': 'cart',
  'funds.withdraw': 'withdraw',
  'funds.digital_wallets': 'digitalWallets',
  'funds.failed_verification': 'failedVerification',
};

/** Parse `funds.cart eq true and funds.withdraw eq false` (clauses joined by "and" or commas). */
export function parseMethodFilter(filter: string | undefined): MethodFilter {
  const result: MethodFilter = {};
  if (!filter || !filter.trim()) return result;
  for (const clause of filter.split(/\s+and\s+|\s*,\s*/i)) {
    const m = /^\s*([a-z_.]+)\s+eq\s+(true|false)\s*$/i.exec(clause);
    const key = m ? FILTER_KEYS[m[1]!.toLowerCase()] : undefined;
    if (!m || !key)
      throw badRequest(
        `Unsupported filter "${clause.slice(0, 80)}": use funds.cart, funds.withdraw, funds.digital_wallets or funds.failed_verification with eq true|false.`,
        'invalid_filter',
      );
    result[key] = m[2]!.toLowerCase() === 'true';
  }
  return result;
}

/** Which methods a filter selects. Without funds.digital_wallets eq true, digital wallets are left out once any filter is given. */
export function selectMethods(filter: MethodFilter): MethodDefinition[] {
  const any = Object.keys(filter).length > 0;
  let methods = [...DEPOSIT_METHODS, ...WITHDRAWAL_METHODS];
  if (filter.withdraw !== undefined) methods = methods.filter((m) => (m.kind === 'withdrawal') === filter.withdraw);
  if (filter.cart !== undefined) methods = methods.filter((m) => m.cart === filter.cart);
  if (any && filter.digitalWallets !== true) methods = methods.filter((m) => !m.digitalWallet);
  return methods;
}

/** Bank-account errors of the (simulated) bank directory, keyed as the server names them. */
export function bankDirectoryErrors(bsb: string, accountNumber: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!/^\d{6}$/.test(bsb)) errors.bsb = ['Please enter a valid 6 digit BSB.'];
  else if (/^0{6}$/.test(bsb)) errors.bsb = ['This BSB is not recognised.'];
  if (!/^\d{5,9}$/.test(accountNumber))
    errors.account_number = ['Please enter a valid account number (5 to 9 digits).'];
  return errors;
}

/** Spec features §5: server field names account_number, bsb and swift map to the form's accountNumber and bankCode. */
export const BANK_ERROR_FIELDS: Record<string, 'accountNumber' | 'bankCode'> = {
  account_number: 'accountNumber',
  bsb: 'bankCode',
  swift: 'bankCode',
};

export function mapBankErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const mapped: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const to = BANK_ERROR_FIELDS[field] ?? 'this';
    mapped[to] = [...(mapped[to] ?? []), ...messages];
  }
  return mapped;
}
