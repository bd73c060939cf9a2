import type { Fund, PaymentMethod } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { browserSupports } from './deposit-form.tsx';
import { depositSources, payPalLink, walletButtons } from './wallet-labels.ts';
import { withdrawalStateText } from './wallet-views.tsx';
import { WithdrawForm } from './withdraw-form.tsx';
import { NO_FEEDBACK } from './form-parts.tsx';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { parseWithZod } from '@conform-to/zod/v4';
import { fundsFormSchema } from './wallet-schemas.ts';

const money = (amount: number) => ({ amount, currency: 'AUD' as const });
const method = (code: string, over: Partial<PaymentMethod> = {}): PaymentMethod => ({
  code,
  name: code.toUpperCase(),
  kind: 'deposit',
  digitalWallet: false,
  funds: [],
  availableGateways: ['test'],
  attributes: {},
  rules: { enabled: true, minAmount: money(10), maxAmount: money(5000), cscRequired: { test: code === 'cc' } },
  withdrawalPath: null,
  ...over,
});
const paypalFund: Fund = {
  id: 'fnd_pp1',
  code: 'pl',
  type: 'paypal',
  default: false,
  verification: 'Verified',
  gateway: 'braintree',
  brand: null,
  last4: null,
  expiryMonth: null,
  expiryYear: null,
  holderName: null,
  accountName: null,
  bankCode: null,
  email: 'ada@example.com',
};
const paypal = (funds: Fund[] = []) =>
  method('pl', {
    name: 'PayPal',
    digitalWallet: true,
    funds,
    availableGateways: ['braintree'],
    attributes: { linkPath: '/funds/pl/braintree', testNonce: 'fake-paypal-billing-agreement-nonce' },
  });
const apple = method('ap', {
  name: 'Apple Pay',
  digitalWallet: true,
  attributes: {
    requiresBrowserSupport: 'ApplePaySession',
    depositPath: '/funds/ap/test/deposit',
    testWalletToken: 'fake-apple-pay-visa-nonce',
  },
});
const google = method('gp', {
  name: 'Google Pay',
  digitalWallet: true,
  attributes: { depositPath: '/funds/gp/test/deposit', testWalletToken: 'fake-android-pay-visa-nonce' },
});

describe('digital wallets on the deposit screen', () => {
  it('makes Apple Pay and Google Pay buttons from the methods, Apple Pay marked as browser-dependent', () => {
    const buttons = walletButtons([method('cc'), paypal(), apple, google, method('bp')]);
    expect(buttons.map((b) => [b.code, b.depositPath, b.walletToken, b.requiresBrowserSupport])).toEqual([
      ['ap', '/funds/ap/test/deposit', 'fake-apple-pay-visa-nonce', 'ApplePaySession'],
      ['gp', '/funds/gp/test/deposit', 'fake-android-pay-visa-nonce', null],
    ]);
    expect(walletButtons([{ ...google, rules: { ...google.rules, enabled: false } }])).toEqual([]);
  });

  it('offers to link PayPal until a PayPal account is linked, which then is a deposit source', () => {
    expect(payPalLink([paypal()])).toEqual({
      linkPath: '/funds/pl/braintree',
      nonce: 'fake-paypal-billing-agreement-nonce',
    });
    expect(depositSources([paypal()])).toEqual([]);
    expect(payPalLink([paypal([paypalFund])])).toBeNull();
    const [source] = depositSources([paypal([paypalFund])]);
    expect(source).toMatchObject({ id: 'fnd_pp1', label: 'PayPal ada@example.com', cscRequired: false });
    expect(payPalLink([method('cc')])).toBeNull();
  });

  it('shows Apple Pay only where ApplePaySession says it can pay, never on the server', () => {
    expect(browserSupports(null, undefined)).toBe(true);
    expect(browserSupports('ApplePaySession', undefined)).toBe(false);
    expect(browserSupports('ApplePaySession', {})).toBe(false);
    expect(browserSupports('ApplePaySession', { ApplePaySession: { canMakePayments: () => false } })).toBe(false);
    expect(browserSupports('ApplePaySession', { ApplePaySession: { canMakePayments: () => true } })).toBe(true);
    expect(
      browserSupports('ApplePaySession', {
        ApplePaySession: {
          canMakePayments: () => {
            throw new Error('insecure context');
          },
        },
      }),
    ).toBe(false);
  });
});

describe('withdrawal states', () => {
  it('says what pending, approved, paid and rejected mean', () => {
    expect(withdrawalStateText('pending', '$30.00')).toContain('once it is approved');
    expect(withdrawalStateText('approved', '$30.00')).toBe(
      'Your withdrawal of $30.00 has been approved and is being paid into your account.',
    );
    expect(withdrawalStateText('paid', '$30.00')).toBe('Your withdrawal of $30.00 has been paid into your account.');
    expect(withdrawalStateText('rejected', '$30.00')).toContain('returned to your account');
  });
});

describe('the withdraw form', () => {
  const bank: Fund = { ...paypalFund, id: 'fnd_bk1', code: 'tt', type: 'bank', gateway: 'test' };
  const form = (withdrawable: number, balance: number, funds: Fund[]) =>
    renderHtml(
      <WithdrawForm
        withdrawable={money(withdrawable)}
        balance={money(balance)}
        funds={funds}
        idempotencyKey="k"
        feedback={NO_FEEDBACK}
        values={{}}
        locale="en-AU"
      />,
    );

  it('says only winnings leave the wallet, and offers no form while there are none', () => {
    const none = form(0, 310.8, [bank]);
    expect(textOf(none)).toContain('Only winnings can be withdrawn');
    expect(textOf(none)).toContain('(your balance is $310.80)');
    expect(textOf(none)).toContain('You have no winnings to withdraw yet.');
    expect(none).not.toContain('name="amount"');
  });

  it('with winnings and an account: the form, and the balance only when it differs', () => {
    const some = form(25, 25, [bank]);
    expect(some).toContain('name="amount"');
    expect(textOf(some)).not.toContain('your balance is');
    expect(textOf(form(25, 40, []))).toContain('Add a bank account to withdraw your winnings.');
  });
});

describe('the add-card form says every problem at once, each in its own words', () => {
  const errorsOf = (fields: Record<string, string>) => {
    const form = new FormData();
    form.set('intent', 'add-card');
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const submission = parseWithZod(form, { schema: fundsFormSchema(new Set()) });
    return (submission.status === 'error' ? submission.error : null) ?? {};
  };
  const valid = { holderName: 'Ada Lovelace', cardNumber: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '30' };

  it('an empty year is required, letters are not numbers, a 2-digit code is too short', () => {
    expect(errorsOf({ ...valid, expiryYear: '' }).expiryYear).toEqual(['This field is required.']);
    expect(errorsOf({ ...valid, expiryYear: 'ab' }).expiryYear).toEqual(['Please enter numbers only.']);
    expect(errorsOf({ ...valid, csc: '12' }).csc).toEqual(['The security code is 3 or 4 digits.']);
    expect(errorsOf({ ...valid, csc: '123' })).toEqual({});
  });

  it('a past expiry is said with the other fields', () => {
    const errors = errorsOf({ ...valid, expiryMonth: '01', expiryYear: '20', holderName: '' });
    expect(errors.expiryYear).toEqual(['This card has expired.']);
    expect(errors.holderName).toBeDefined();
  });
});
