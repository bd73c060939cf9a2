// Payments: saved funds, deposits through a PaymentGateway, withdrawals, reconciliation. The gateway is always called
// outside a database transaction (DESIGN.md §6): a deposit row is written first, the gateway charged, then the ledger
// credit and the deposit's approval are written together. If the process dies in between, reconcileDeposits()
// credits from the gateway's record; the ledger's unique reference `deposit:<id>` makes that happen exactly once.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  FORM_MESSAGES,
  formatCurrency,
  toCents,
  toMoney,
  type BrowserData,
  type CurrencyCode,
  type DepositBody,
  type Fund,
  type WalletDepositBody,
} from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Ledger } from '../wallet/index.ts';
import { GatewayTimeoutError, luhnValid, TEST_CARDS, type PaymentGateway } from './payments.gateway.ts';
import {
  bankDirectoryErrors,
  depositMethod,
  mapBankErrors,
  parseMethodFilter,
  selectMethods,
  withdrawalMethod,
  type MethodDefinition,
} from './payments.methods.ts';
import {
  paymentsDeposits as deposits,
  paymentsFunds as funds,
  paymentsWithdrawals as withdrawals,
} from './payments.schema.ts';

export interface PaymentsDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  gateway: PaymentGateway;
  /** Responsible gambling fills this in: true blocks withdrawals until the customer is verified. */
  verificationRequired?: (customerId: string) => Promise<boolean>;
  /**
   * Responsible gambling: refuses (AppError 422) a deposit that breaks a deposit limit or comes from an excluded
   * customer. Runs in the transaction that writes the pending deposit, under the wallet lock, and is told about the
   * customer's deposits still with the gateway (they count against the limit too).
   */
  depositGuard?: DepositGuard;
  /** Test hook: die (SIGKILL) between the gateway's approval and the ledger write, as a crash would. */
  crashAfterGatewayApproval?: boolean;
}

export interface DepositGuard {
  assertDeposit(
    tx: Executor,
    p: {
      customerId: string;
      amountCents: number;
      currency: CurrencyCode;
      inFlight?: { amountCents: number; at: Date }[];
    },
  ): Promise<void>;
}

type FundRow = typeof funds.$inferSelect;
type DepositRow = typeof deposits.$inferSelect;
type WithdrawalRow = typeof withdrawals.$inferSelect;

const publicId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export const fundView = (f: FundRow): Fund => ({
  id: f.publicId,
  code: f.code,
  type: f.type as Fund['type'],
  default: f.isDefault,
  verification: f.verification as Fund['verification'],
  gateway: f.gateway,
  brand: f.brand,
  last4: f.last4,
  expiryMonth: f.expiryMonth,
  expiryYear: f.expiryYear,
  holderName: f.holderName,
  accountName: f.accountName,
  bankCode: f.bankCode,
  email: f.email,
});

/** Amount as typed → cents, or the spec's form message (features §5) on the amount field. */
export function parseAmount(
  input: number | string,
  rules: { minCents: number; maxCents: number },
  currency: CurrencyCode,
): number {
  let cents: number;
  try {
    cents = toCents(typeof input === 'string' ? input.trim() : input);
  } catch {
    throw unprocessable(FORM_MESSAGES.currency, 'invalid_amount', { amount: [FORM_MESSAGES.currency] });
  }
  if (cents < rules.minCents) {
    const text = FORM_MESSAGES.minimumAmount(formatCurrency(rules.minCents, currency));
    throw unprocessable(text, 'amount_below_minimum', { amount: [text] });
  }
  if (cents > rules.maxCents) {
    const text = FORM_MESSAGES.maximumAmount(formatCurrency(rules.maxCents, currency));
    throw unprocessable(text, 'amount_above_maximum', { amount: [text] });
  }
  return cents;
}

const DEPOSIT_FAILURES: Record<string, string> = {
  declined: 'Your card was declined. No money has been taken; please try another card.',
  insufficient_funds: 'Your card was declined for insufficient funds. No money has been taken.',
  challenge_failed: 'The 3-D Secure check was not completed. No money has been taken.',
};

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, ledger, gateway } = deps;
  const verificationRequired = deps.verificationRequired ?? (async () => false);

  const currencyOf = async (customerId: string) => (await ledger.fundsSummary(customerId)).currency;

  async function ownFund(customerId: string, fundId: string): Promise<FundRow> {
    const [row] = await db
      .select()
      .from(funds)
      .where(and(eq(funds.publicId, fundId), eq(funds.customerId, customerId), isNull(funds.deletedAt)));
    // Someone else's fund is indistinguishable from a missing one.
    if (!row) throw notFound('There is no such payment method.', 'fund_not_found');
    return row;
  }

  async function listFunds(customerId: string): Promise<FundRow[]> {
    return db
      .select()
      .from(funds)
      .where(and(eq(funds.customerId, customerId), isNull(funds.deletedAt)))
      .orderBy(asc(funds.id));
  }

  async function saveFund(
    customerId: string,
    values: Omit<typeof funds.$inferInsert, 'publicId' | 'customerId' | 'createdAt' | 'isDefault'>,
    makeDefault: boolean | undefined,
  ): Promise<Fund> {
    return db.transaction(async (tx) => {
      // Serialise fund changes per customer so the one-default rule never races.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`funds:${customerId}`}))`);
      const [existing] = await tx
        .select({ id: funds.id })
        .from(funds)
        .where(and(eq(funds.customerId, customerId), isNull(funds.deletedAt), eq(funds.isDefault, true)));
      const isDefault = makeDefault === true || !existing;
      if (isDefault && existing) await tx.update(funds).set({ isDefault: false }).where(eq(funds.id, existing.id));
      const [row] = await tx
        .insert(funds)
        .values({ ...values, publicId: publicId('fnd'), customerId, isDefault, createdAt: clock.now() })
        .returning();
      return fundView(row!);
    });
  }

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

  const depositView = (d: DepositRow) => ({
    id: d.publicId,
    status: d.status as 'pending' | 'challenge' | 'approved' | 'failed' | 'cancelled',
    amount: toMoney(d.amountCents, d.currency as CurrencyCode),
    methodCode: d.methodCode,
    fundId: d.fundId,
    failureReason: d.failureReason,
    challengeUrl: d.status === 'challenge' ? challengeUrlFor(d.publicId) : null,
    transactionId: d.ledgerEntryId,
    createdAt: d.createdAt.toISOString(),
  });

  const withdrawalView = (w: WithdrawalRow) => ({
    id: w.publicId,
    status: w.status as 'pending' | 'approved' | 'paid' | 'rejected',
    amount: toMoney(w.amountCents, w.currency as CurrencyCode),
    methodCode: w.methodCode,
    fundId: w.fundId,
    reason: w.reason,
    createdAt: w.createdAt.toISOString(),
  });

  /**
   * Write the gateway's answer for a deposit. Approved: credit the wallet and mark the deposit in one transaction
   * (the deposit row is locked, and the ledger reference is unique, so a concurrent reconcile cannot credit twice).
   */
  async function settleDeposit(depositId: string, record: { status: string } | null): Promise<DepositRow> {
    return db.transaction(async (tx) => {
      const [d] = await tx.select().from(deposits).where(eq(deposits.publicId, depositId)).for('update');
      if (!d) throw notFound('There is no such deposit.', 'deposit_not_found');
      // A cancelled deposit stays cancelled: its gateway order was voided, so nothing can approve it.
      if (d.status === 'approved' || d.status === 'failed' || d.status === 'cancelled' || !record) return d;
      if (record.status === 'approved') {
        const { entryId } = await ledger.creditDeposit(tx, {
          customerId: d.customerId,
          amountCents: d.amountCents,
          currency: d.currency as CurrencyCode,
          reference: `deposit:${d.publicId}`,
          description: `Deposit (${depositMethod(d.methodCode)?.name ?? d.methodCode})`,
        });
        const [u] = await tx
          .update(deposits)
          .set({ status: 'approved', ledgerEntryId: entryId, failureReason: null, updatedAt: clock.now() })
          .where(eq(deposits.id, d.id))
          .returning();
        return u!;
      }
      if (record.status === 'challenge') {
        const [u] = await tx
          .update(deposits)
          .set({ status: 'challenge', updatedAt: clock.now() })
          .where(eq(deposits.id, d.id))
          .returning();
        return u!;
      }
      if (record.status === 'voided') {
        const [u] = await tx
          .update(deposits)
          .set({ status: 'cancelled', updatedAt: clock.now() })
          .where(eq(deposits.id, d.id))
          .returning();
        return u!;
      }
      const reason = DEPOSIT_FAILURES[record.status] ?? DEPOSIT_FAILURES.declined!;
      const [u] = await tx
        .update(deposits)
        .set({ status: 'failed', failureReason: reason, updatedAt: clock.now() })
        .where(eq(deposits.id, d.id))
        .returning();
      return u!;
    });
  }

  /** Write the deposit pending, charge the gateway outside any transaction, then settle from its answer. */
  async function runDeposit(input: {
    customerId: string;
    fund: FundRow | null;
    m: MethodDefinition;
    gatewayKey: string;
    token: string | null;
    amountCents: number;
    currency: CurrencyCode;
    browserData?: BrowserData;
  }) {
    const { customerId, fund, m, gatewayKey, token, amountCents, currency, browserData } = input;
    const now = clock.now();
    const insertPending = (exec: Executor) =>
      exec
        .insert(deposits)
        .values({
          publicId: publicId('dep'),
          customerId,
          fundId: fund?.publicId ?? null,
          methodCode: m.code,
          gateway: gatewayKey,
          amountCents,
          currency,
          status: 'pending',
          browserData: browserData ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    const depositGuard = deps.depositGuard;
    const [row] = depositGuard
      ? await db.transaction(async (tx) => {
          // The wallet lock serialises this customer's deposits, so two at once cannot both fit under one limit.
          await ledger.lockWallet(tx, customerId, currency);
          const inFlight = await tx
            .select({ amountCents: deposits.amountCents, at: deposits.createdAt })
            .from(deposits)
            .where(and(eq(deposits.customerId, customerId), inArray(deposits.status, ['pending', 'challenge'])));
          await depositGuard.assertDeposit(tx, { customerId, amountCents, currency, inFlight });
          return insertPending(tx);
        })
      : await insertPending(db);
    const d = row!;
    let result;
    try {
      result = await gateway.charge({ orderId: d.publicId, token, amountCents, currency, browserData });
    } catch (err) {
      if (!(err instanceof GatewayTimeoutError)) throw err;
      // Unknown outcome: the deposit stays pending and reconciliation settles it from the gateway's record.
      return depositView(d);
    }
    if (result.status === 'approved' && deps.crashAfterGatewayApproval) process.kill(process.pid, 'SIGKILL');
    const settled = await settleDeposit(d.publicId, result);
    if (settled.status === 'failed') {
      throw new AppError(422, settled.failureReason!, {
        code: 'deposit_failed',
        messages: [{ code: 'deposit_failed', text: settled.failureReason!, level: 'error' }],
      });
    }
    return depositView(settled);
  }

  async function alreadyDecided(withdrawalId: string): Promise<AppError> {
    const [w] = await db
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.publicId, withdrawalId));
    if (!w) return notFound('There is no such withdrawal.', 'withdrawal_not_found');
    return new AppError(409, `Withdrawal ${withdrawalId} is already ${w.status}.`, { code: 'withdrawal_decided' });
  }

  /** pending -> approved. Repeating it on an approved withdrawal is a no-op; any other state is 409. */
  async function approveWithdrawal(withdrawalId: string) {
    const [u] = await db
      .update(withdrawals)
      .set({ status: 'approved', decidedAt: clock.now() })
      .where(and(eq(withdrawals.publicId, withdrawalId), eq(withdrawals.status, 'pending')))
      .returning();
    if (u) return withdrawalView(u);
    const [w] = await db.select().from(withdrawals).where(eq(withdrawals.publicId, withdrawalId));
    if (w?.status === 'approved') return withdrawalView(w);
    throw await alreadyDecided(withdrawalId);
  }

  /** approved -> paid with its ledger entry, in one transaction; only the run whose UPDATE matched pays. */
  async function payWithdrawal(withdrawalId: string) {
    return db.transaction(async (tx) => {
      const [u] = await tx
        .update(withdrawals)
        .set({ status: 'paid' })
        .where(and(eq(withdrawals.publicId, withdrawalId), eq(withdrawals.status, 'approved')))
        .returning();
      if (!u) throw await alreadyDecided(withdrawalId);
      await ledger.settleWithdrawal(tx, {
        customerId: u.customerId,
        amountCents: u.amountCents,
        currency: u.currency as CurrencyCode,
        reference: `withdrawal:${u.publicId}:paid`,
        description: 'Withdrawal paid',
        outcome: 'paid',
      });
      return withdrawalView(u);
    });
  }

  function challengeUrlFor(depositId: string) {
    return `/api/v2/funds/test-gateway/3ds/${depositId}`;
  }

  return {
    challengeUrlFor,
    listFunds: async (customerId: string) => (await listFunds(customerId)).map(fundView),

    async paymentMethods(customerId: string | null, filterText: string | undefined) {
      const filter = parseMethodFilter(filterText);
      const own = customerId ? await listFunds(customerId) : [];
      const currency = customerId ? await currencyOf(customerId) : 'AUD';
      return selectMethods(filter).map((m) => methodView(m, own, filter.failedVerification === true, currency));
    },

    cardGateways() {
      return [
        {
          key: gateway.key,
          name: 'Test gateway',
          cscRequired: gateway.cscRequired,
          testCards: TEST_CARDS.map((c) => ({ number: c.number, outcome: c.outcome })),
        },
      ];
    },

    async setDefault(customerId: string, fundId: string): Promise<Fund> {
      const fund = await ownFund(customerId, fundId);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`funds:${customerId}`}))`);
        await tx
          .update(funds)
          .set({ isDefault: false })
          .where(and(eq(funds.customerId, customerId), eq(funds.isDefault, true)));
        const [row] = await tx.update(funds).set({ isDefault: true }).where(eq(funds.id, fund.id)).returning();
        return fundView(row!);
      });
    },

    async deleteFund(customerId: string, fundId: string): Promise<void> {
      const fund = await ownFund(customerId, fundId);
      await db.update(funds).set({ deletedAt: clock.now(), isDefault: false }).where(eq(funds.id, fund.id));
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
      // The card number goes to the gateway's vault and no further: we keep its token, brand, last 4 and expiry.
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

    async depositForm(customerId: string, code: string) {
      const m = depositMethod(code);
      if (!m) throw notFound('There is no such deposit method.');
      const own = await listFunds(customerId);
      // BPAY: the customer pays from their bank with this reference; the number is stable per customer.
      const bpay =
        m.code === 'bp' ? { billerCode: String(m.attributes.billerCode), reference: bpayReference(customerId) } : null;
      return { method: methodView(m, own, false, await currencyOf(customerId)), bpay };
    },

    /** POST /funds/{id}/deposit: id is a saved fund (card, linked PayPal) or the test deposit method (td). */
    async deposit(customerId: string, id: string, body: DepositBody) {
      let fund: FundRow | null = null;
      let m: MethodDefinition | undefined;
      if (id.startsWith('fnd_')) {
        fund = await ownFund(customerId, id);
        m = depositMethod(fund.code);
      } else {
        m = depositMethod(id);
      }
      // Wallet methods need their payment token (or a linked PayPal fund); only the test deposit goes without.
      if (!m || m.code === 'bp' || (!fund && m.code !== 'td'))
        throw unprocessable('This payment method cannot be used to deposit.', 'method_not_depositable');
      const currency = await currencyOf(customerId);
      const amountCents = parseAmount(body.amount, m, currency);
      const gatewayKey = fund?.gateway ?? m.gateways[0] ?? 'test';
      if (m.cscRequired[gatewayKey] && fund && !body.csc) {
        throw unprocessable('Please enter the card security code.', 'csc_required', { csc: [FORM_MESSAGES.required] });
      }
      return runDeposit({
        customerId,
        fund,
        m,
        gatewayKey,
        token: fund?.token ?? null,
        amountCents,
        currency,
        browserData: body.strongCustomerAuthentication,
      });
    },

    /** POST /funds/{method}/{gateway}/deposit: Apple Pay or Google Pay with the payment sheet's token. */
    async walletDeposit(customerId: string, code: string, gatewayKey: string, body: WalletDepositBody) {
      const m = depositMethod(code);
      if (!m || !m.digitalWallet || m.fundType)
        throw notFound('There is no such wallet payment method.', 'method_not_found');
      if (!m.gateways.includes(gatewayKey) || gatewayKey !== gateway.key)
        throw notFound('There is no such payment gateway for this method.', 'gateway_not_found');
      const currency = await currencyOf(customerId);
      const amountCents = parseAmount(body.amount, m, currency);
      const { token } = await gateway.tokenizeWallet(body.walletToken);
      return runDeposit({ customerId, fund: null, m, gatewayKey, token, amountCents, currency });
    },

    /**
     * The customer came back from the payment provider's cancel address. The gateway's order is voided first, so no
     * later answer can approve it; if the gateway had already approved, the deposit is credited instead and the cancel
     * refused (409). A cancel moves no money; repeating it answers the same cancelled deposit.
     */
    async cancelDeposit(customerId: string, depositId: string) {
      const [d] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.publicId, depositId), eq(deposits.customerId, customerId)));
      if (!d) throw notFound('There is no such deposit.', 'deposit_not_found');
      const refuse = () =>
        new AppError(409, 'This deposit has already been approved and cannot be cancelled.', {
          code: 'deposit_already_approved',
        });
      if (d.status === 'approved') throw refuse();
      if (d.status === 'cancelled' || d.status === 'failed') return depositView(d);
      const record = await gateway.voidCharge(d.publicId, d.amountCents, d.currency);
      const settled = await settleDeposit(d.publicId, record);
      if (settled.status === 'approved') throw refuse();
      return depositView(settled);
    },

    async getDeposit(customerId: string, depositId: string) {
      const [d] = await db
        .select()
        .from(deposits)
        .where(and(eq(deposits.publicId, depositId), eq(deposits.customerId, customerId)));
      if (!d) throw notFound('There is no such deposit.', 'deposit_not_found');
      return depositView(d);
    },

    /** The test gateway's challenge page was answered; the gateway's record now says approved or declined. */
    async completeChallenge(depositId: string, passed: boolean) {
      const [d] = await db.select().from(deposits).where(eq(deposits.publicId, depositId));
      if (!d || d.status !== 'challenge')
        throw notFound('There is no 3-D Secure check waiting for this deposit.', 'deposit_not_found');
      await gateway.completeChallenge(depositId, passed);
    },

    /** /3ds/notify: settle the deposit from the gateway's record (not from anything the browser says). */
    async notifyChallenge(depositId: string) {
      const record = await gateway.lookup(depositId);
      const settled = await settleDeposit(
        depositId,
        record && record.status === 'declined' ? { status: 'challenge_failed' } : record,
      );
      return depositView(settled);
    },

    /** Credit every deposit the gateway approved but the ledger has not seen (exactly once). Returns how many. */
    async reconcileDeposits(): Promise<number> {
      let credited = 0;
      const open = await db
        .select({ publicId: deposits.publicId })
        .from(deposits)
        .where(notInArray(deposits.status, ['approved', 'cancelled']));
      const openIds = new Set(open.map((d) => d.publicId));
      for (const charge of await gateway.approvedCharges()) {
        if (!openIds.has(charge.orderId)) continue;
        const before = await db
          .select({ status: deposits.status })
          .from(deposits)
          .where(eq(deposits.publicId, charge.orderId));
        if (before[0]?.status === 'failed') continue;
        const after = await settleDeposit(charge.orderId, charge);
        if (after.status === 'approved' && before[0]?.status !== 'approved') credited++;
      }
      return credited;
    },

    /** POST {withdrawalPath}/{id}/withdraw: hold the amount from winnings; an operator pays or rejects it. */
    async withdraw(customerId: string, code: string, id: string, body: { amount: number | string }) {
      const m = withdrawalMethod(code);
      if (!m) throw notFound('There is no such withdrawal method.');
      let fund: FundRow | null = null;
      if (m.fundType) {
        fund = await ownFund(customerId, id);
        if (fund.type !== m.fundType) throw notFound('There is no such payment method.', 'fund_not_found');
      }
      const currency = await currencyOf(customerId);
      const amountCents = parseAmount(body.amount, m, currency);
      if (await verificationRequired(customerId)) {
        throw new AppError(422, 'Please verify your account before withdrawing.', { code: 'verify_account_required' });
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(withdrawals)
          .values({
            publicId: publicId('wdr'),
            customerId,
            fundId: fund?.publicId ?? null,
            methodCode: m.code,
            destination: fund ? null : id,
            amountCents,
            currency,
            status: 'pending',
            createdAt: clock.now(),
          })
          .returning();
        await ledger.holdWithdrawal(tx, {
          customerId,
          amountCents,
          currency,
          reference: `withdrawal:${row!.publicId}`,
          description: `Withdrawal (${m.name})`,
        });
        return withdrawalView(row!);
      });
    },

    async getWithdrawal(customerId: string, withdrawalId: string) {
      const [w] = await db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.publicId, withdrawalId), eq(withdrawals.customerId, customerId)));
      if (!w) throw notFound('There is no such withdrawal.', 'withdrawal_not_found');
      return withdrawalView(w);
    },

    /** Withdrawals an operator still has to decide or finish paying (approved but not yet paid, e.g. after a crash). */
    async pendingWithdrawals() {
      return (
        await db
          .select()
          .from(withdrawals)
          .where(inArray(withdrawals.status, ['pending', 'approved']))
          .orderBy(asc(withdrawals.id))
      ).map(withdrawalView);
    },

    approveWithdrawal,
    payWithdrawal,

    /**
     * Operator decision. Approve: pending -> approved, then approved -> paid (money leaves through the gateway's
     * payout); each step is a conditional UPDATE, so a repeat or a resumed run after a crash does each at most once.
     * Reject: pending -> rejected, the funds go back to winnings.
     */
    async decideWithdrawal(withdrawalId: string, decision: 'approve' | 'reject', reason?: string) {
      if (decision === 'approve') {
        await approveWithdrawal(withdrawalId);
        return payWithdrawal(withdrawalId);
      }
      return db.transaction(async (tx) => {
        const [u] = await tx
          .update(withdrawals)
          .set({ status: 'rejected', reason: reason ?? null, decidedAt: clock.now() })
          .where(and(eq(withdrawals.publicId, withdrawalId), eq(withdrawals.status, 'pending')))
          .returning();
        if (!u) throw await alreadyDecided(withdrawalId);
        await ledger.settleWithdrawal(tx, {
          customerId: u.customerId,
          amountCents: u.amountCents,
          currency: u.currency as CurrencyCode,
          reference: `withdrawal:${u.publicId}:returned`,
          description: 'Withdrawal rejected: funds returned',
          outcome: 'returned',
        });
        return withdrawalView(u);
      });
    },
  };
}

/** A BPAY customer reference: digits from the customer id plus a Luhn-style check digit. */
export function bpayReference(customerId: string): string {
  let n = 0n;
  for (const ch of customerId) n = (n * 131n + BigInt(ch.charCodeAt(0))) % 10n ** 9n;
  const base = n.toString().padStart(9, '0');
  for (let check = 0; check < 10; check++) if (luhnValid(base + check)) return base + check;
  return base + '0';
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
