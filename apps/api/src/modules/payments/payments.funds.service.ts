// Saved funds (cards, bank accounts, linked PayPal) and the payment methods that list them. A card number goes to the
// gateway's vault and no further: the shop keeps the token, brand, last 4 digits and expiry.
import { randomBytes } from 'node:crypto';
import {
  FORM_MESSAGES,
  toMoney,
  type CurrencyCode,
  type Fund,
  type GatewayFunds,
  type StripeSetupBody,
} from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import { luhnValid, TEST_CARDS, TEST_STRIPE_PAYMENT_METHODS, type PaymentGateway } from './payments.gateway.ts';
import {
  bankDirectoryErrors,
  depositMethod,
  mapBankErrors,
  parseMethodFilter,
  selectMethods,
  type MethodDefinition,
} from './payments.methods.ts';
import { fundsRepository as repo, type FundRow } from './payments.repository.ts';
import { fundView } from './payments.views.ts';

export interface FundsDeps {
  db: Db;
  clock: Clock;
  gateway: PaymentGateway;
  /** The customer's wallet currency (the ledger's). */
  currencyOf: (customerId: string) => Promise<CurrencyCode>;
}

/** What the caller may see: the test deposit (`td`) only where test deposits are allowed (ADR 027). */
export interface MethodAudience {
  testDeposits: boolean;
}

export const publicId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** A BPAY customer reference: digits from the customer id plus a Luhn-style check digit. */
export function bpayReference(customerId: string): string {
  let n = 0n;
  for (const ch of customerId) n = (n * 131n + BigInt(ch.charCodeAt(0))) % 10n ** 9n;
  const base = n.toString().padStart(9, '0');
  for (let check = 0; check < 10; check++) if (luhnValid(base + check)) return base + check;
  return base + '0';
}

/** A payment method as GET /payment_methods shows it, with the customer's funds of its type. */
const methodView = (m: MethodDefinition, own: FundRow[], includeFailed: boolean, currency: CurrencyCode) => ({
  code: m.code,
  name: m.name,
  kind: m.kind,
  digitalWallet: m.digitalWallet,
  funds: m.fundType
    ? own
        .filter((f) => f.type === m.fundType && (includeFailed || f.verification !== 'Failed Verification'))
        .map(fundView)
    : [],
  availableGateways: m.gateways,
  attributes: m.attributes,
  rules: {
    enabled: true,
    minAmount: toMoney(m.minCents, currency),
    maxAmount: toMoney(m.maxCents, currency),
    cscRequired: m.cscRequired,
  },
  withdrawalPath: m.kind === 'withdrawal' ? `/funds/${m.code}` : null,
});

/**
 * Card gateways a card can be added with: the built-in test gateway, and Stripe's card setup, which the same
 * gateway simulates with Stripe's documented test payment methods until a Stripe adapter is configured.
 */
const cardGatewaysOf = (gateway: PaymentGateway) => [
  {
    key: gateway.key,
    name: 'Test gateway',
    cscRequired: gateway.cscRequired,
    testCards: TEST_CARDS.map((c) => ({ number: c.number, outcome: c.outcome })),
  },
  {
    key: 'stripe',
    name: 'Stripe (simulated by the test gateway)',
    cscRequired: false,
    testCards: TEST_STRIPE_PAYMENT_METHODS.map((m) => ({ number: m.id, outcome: m.outcome })),
  },
];

export function createFundsService(deps: FundsDeps) {
  const { db, clock, gateway, currencyOf } = deps;

  async function ownFund(customerId: string, fundId: string): Promise<FundRow> {
    const row = await repo.own(db, customerId, fundId);
    // Someone else's fund is indistinguishable from a missing one.
    if (!row) throw notFound('There is no such payment method.', 'fund_not_found');
    return row;
  }

  async function saveFund(
    customerId: string,
    values: Omit<Parameters<typeof repo.insert>[1], 'publicId' | 'customerId' | 'createdAt' | 'isDefault'>,
    makeDefault: boolean | undefined,
  ): Promise<Fund> {
    return db.transaction(async (tx) => {
      await repo.lockCustomer(tx, customerId);
      const existing = await repo.currentDefault(tx, customerId);
      const isDefault = makeDefault === true || !existing;
      if (isDefault && existing) await repo.clearDefault(tx, customerId);
      const row = await repo.insert(tx, {
        ...values,
        publicId: publicId('fnd'),
        customerId,
        isDefault,
        createdAt: clock.now(),
      });
      return fundView(row);
    });
  }

  return {
    ownFund,
    listFunds: async (customerId: string) => (await repo.list(db, customerId)).map(fundView),

    async paymentMethods(customerId: string | null, filterText: string | undefined, audience: MethodAudience) {
      const filter = parseMethodFilter(filterText);
      const own = customerId ? await repo.list(db, customerId) : [];
      const currency = customerId ? await currencyOf(customerId) : 'AUD';
      return selectMethods(filter)
        .filter((m) => m.code !== 'td' || audience.testDeposits)
        .map((m) => methodView(m, own, filter.failedVerification === true, currency));
    },

    cardGateways: () => cardGatewaysOf(gateway),

    /** GET /funds/{gateway}: the gateway's settings and the customer's cards saved through it (404 if not offered). */
    async gatewayFunds(customerId: string, gatewayKey: string): Promise<GatewayFunds> {
      const found = cardGatewaysOf(gateway).find((g) => g.key === gatewayKey);
      if (!found) throw notFound('There is no such card gateway.', 'gateway_not_found');
      const { testCards: _testCards, ...settings } = found;
      const own = await repo.list(db, customerId);
      return {
        gateway: settings,
        funds: own.filter((f) => f.type === 'card' && f.gateway === gatewayKey).map(fundView),
      };
    },

    /**
     * POST /funds/stripe/setup: save the card of a confirmed Stripe setup (the browser's `pm_…` payment method). The
     * gateway vaults it and reports brand, last 4 and expiry; a refused card saves nothing.
     */
    async setupStripeCard(customerId: string, body: StripeSetupBody): Promise<Fund> {
      const setup = await gateway.setupCard(body.paymentMethodId);
      if (setup.status === 'unknown_payment_method')
        throw unprocessable('This is not a card from the card form. Please try again.', 'payment_method_invalid', {
          paymentMethodId: ['This is not a card from the card form. Please try again.'],
        });
      if (setup.status !== 'succeeded')
        throw unprocessable('Your card was declined. Please try another card.', 'card_declined');
      return saveFund(
        customerId,
        {
          code: 'cc',
          type: 'card',
          gateway: 'stripe',
          token: setup.token,
          brand: setup.brand,
          last4: setup.last4,
          expiryMonth: setup.expiryMonth,
          expiryYear: setup.expiryYear,
          holderName: body.holderName ?? null,
          verification: 'Verified',
        },
        body.default,
      );
    },

    async setDefault(customerId: string, fundId: string): Promise<Fund> {
      const fund = await ownFund(customerId, fundId);
      return db.transaction(async (tx) => {
        await repo.lockCustomer(tx, customerId);
        await repo.clearDefault(tx, customerId);
        return fundView(await repo.makeDefault(tx, fund.id));
      });
    },

    async deleteFund(customerId: string, fundId: string): Promise<void> {
      const fund = await ownFund(customerId, fundId);
      await repo.softDelete(db, fund.id, clock.now());
    },

    async addCard(
      customerId: string,
      card: { cardNumber: string; expiryMonth: number; expiryYear: number; holderName: string; default?: boolean },
    ): Promise<Fund> {
      if (!luhnValid(card.cardNumber))
        throw unprocessable('Please enter a valid card number.', 'invalid_card', {
          cardNumber: ['Please enter a valid card number.'],
        });
      const now = clock.now();
      if (
        card.expiryYear < now.getUTCFullYear() ||
        (card.expiryYear === now.getUTCFullYear() && card.expiryMonth < now.getUTCMonth() + 1)
      ) {
        throw unprocessable('This card has expired.', 'card_expired', { expiryYear: ['This card has expired.'] });
      }
      const { token, brand, last4 } = await gateway.tokenizeCard(card);
      return saveFund(
        customerId,
        {
          code: 'cc',
          type: 'card',
          gateway: gateway.key,
          token,
          brand,
          last4,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
          holderName: card.holderName,
          verification: 'Verified',
        },
        card.default,
      );
    },

    async addBankAccount(
      customerId: string,
      body: { accountNumber: string; accountName: string; bankCode: string; default?: boolean },
    ): Promise<Fund> {
      const errors = bankDirectoryErrors(body.bankCode, body.accountNumber);
      if (Object.keys(errors).length) {
        const mapped = mapBankErrors(errors);
        throw unprocessable(Object.values(mapped)[0]![0]!, 'invalid_bank_account', mapped);
      }
      return saveFund(
        customerId,
        {
          code: 'tt',
          type: 'bank',
          accountName: body.accountName,
          accountNumber: body.accountNumber,
          bankCode: body.bankCode,
          last4: body.accountNumber.slice(-4),
          verification: 'Unverified',
        },
        body.default,
      );
    },

    /** Link PayPal: the nonce PayPal's approval gave the browser is vaulted; later deposits charge the vault token. */
    async addPayPal(customerId: string, body: { email: string; nonce: string; default?: boolean }): Promise<Fund> {
      const { token } = await gateway.tokenizeWallet(body.nonce);
      return saveFund(
        customerId,
        { code: 'pl', type: 'paypal', gateway: 'braintree', email: body.email, token, verification: 'Verified' },
        body.default,
      );
    },

    async depositForm(customerId: string, code: string, audience: MethodAudience) {
      const m = depositMethod(code);
      if (!m || (m.code === 'td' && !audience.testDeposits)) throw notFound('There is no such deposit method.');
      const own = await repo.list(db, customerId);
      // BPAY: the customer pays from their bank with this reference; the number is stable per customer.
      const bpay =
        m.code === 'bp' ? { billerCode: String(m.attributes.billerCode), reference: bpayReference(customerId) } : null;
      return { method: methodView(m, own, false, await currencyOf(customerId)), bpay };
    },
  };
}

export type FundsService = ReturnType<typeof createFundsService>;

/** The card security code rule of a fund's gateway (features §5 cscRequired). */
export function cscMissing(m: MethodDefinition, gatewayKey: string, fund: FundRow | null, csc: string | undefined) {
  if (m.cscRequired[gatewayKey] && fund && !csc)
    return unprocessable('Please enter the card security code.', 'csc_required', { csc: [FORM_MESSAGES.required] });
  return null;
}
