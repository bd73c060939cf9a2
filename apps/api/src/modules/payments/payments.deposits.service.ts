// Deposits through a PaymentGateway (DESIGN.md §4, §6; ADR 026). The order of a deposit is what makes it crash-safe:
//   1. one transaction writes the deposit `pending` WITH the request's Idempotency-Key (and the key's record names
//      the deposit), under the wallet lock with the responsible-gambling check, before any outside call;
//   2. the gateway charges it, outside any transaction, with the deposit id as its idempotency key;
//   3. one transaction writes the gateway's answer (approved: the ledger credit `deposit:<id>`, unique).
// A retry with the same key finds the deposit of step 1 and resumes it: the gateway is asked again with the same
// idempotency key (it answers with the charge it already made, or makes the one charge), then step 3 runs once. A
// deposit that was already decided is reported as it is. A second deposit is never started.
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { BrowserData, CurrencyCode, DepositBody, WalletDepositBody } from '@shop/contracts';
import type { BatchedWrite, Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import type { Ledger } from '../wallet/index.ts';
import type { PaymentNotices } from './payments.emails.ts';
import { cscMissing, publicId, type FundsService, type MethodAudience } from './payments.funds.service.ts';
import { GatewayTimeoutError, type PaymentGateway } from './payments.gateway.ts';
import { depositMethod, type MethodDefinition } from './payments.methods.ts';
import { depositsRepository as repo, type DepositRow, type FundRow } from './payments.repository.ts';
import { depositView, parseAmount, type DepositView } from './payments.views.ts';

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

/** The request's Idempotency-Key, and how to name the operation it started in the key's own record. */
export interface OperationKey {
  key: string;
  /** Written in the transaction that records the operation (plugins/idempotency.ts supplies it). */
  recordOperation?: (tx: Executor, operationId: string) => Promise<void>;
  /** The same write as a statement the operation's own write can run with it (one round trip; the purchase). */
  recordOperationWrite?: (operationId: string) => BatchedWrite;
}

export interface DepositsDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  gateway: PaymentGateway;
  funds: Pick<FundsService, 'ownFund'>;
  currencyOf: (customerId: string) => Promise<CurrencyCode>;
  /**
   * Responsible gambling: refuses (AppError 422) a deposit that breaks a deposit limit or comes from an excluded
   * customer. Runs in the transaction that writes the pending deposit, under the wallet lock.
   */
  depositGuard?: DepositGuard;
  /** Told in the deposit's transaction when it waits for the customer's 3-D Secure check (the feed's card). */
  onPending?: (tx: Executor, d: DepositRow) => Promise<unknown>;
  /** Told in the deciding transaction when a deposit that waited for that check is approved, failed or cancelled. */
  onChallengeDecided?: (tx: Executor, d: DepositRow) => Promise<unknown>;
  /** Emails the customer when a deposit is credited (payments.emails.ts), in the crediting transaction. */
  notices?: Pick<PaymentNotices, 'depositApproved'>;
}

const DEPOSIT_FAILURES: Record<string, string> = {
  declined: 'Your card was declined. No money has been taken; please try another card.',
  insufficient_funds: 'Your card was declined for insufficient funds. No money has been taken.',
  challenge_failed: 'The 3-D Secure check was not completed. No money has been taken.',
};

const keyReused = () =>
  new AppError(422, 'This Idempotency-Key was already used with different parameters.', {
    code: 'idempotency_key_reused',
  });

/** What a deposit needs to be written and charged. */
interface DepositPlan {
  customerId: string;
  fund: FundRow | null;
  m: MethodDefinition;
  gatewayKey: string;
  amountCents: number;
  currency: CurrencyCode;
  browserData?: BrowserData;
  /** The chargeable token, fetched only when the gateway is about to be called (wallet tokens are vaulted then). */
  token: () => Promise<string | null>;
}

/**
 * Writes the gateway's answer for a deposit. Approved: credit the wallet and mark the deposit in one transaction
 * (the deposit row is locked, and the ledger reference is unique, so a concurrent reconcile cannot credit twice).
 * The gateway's charge reference is kept on the deposit.
 */
function createSettlement({
  db,
  clock,
  ledger,
  onPending,
  onChallengeDecided,
  notices,
}: Pick<DepositsDeps, 'db' | 'clock' | 'ledger' | 'onPending' | 'onChallengeDecided' | 'notices'>) {
  return async function settleDeposit(
    depositId: string,
    record: { status: string; reference?: string } | null,
  ): Promise<DepositRow> {
    return db.transaction(async (tx) => {
      const d = await repo.lock(tx, depositId);
      if (!d) throw notFound('There is no such deposit.', 'deposit_not_found');
      // A cancelled deposit stays cancelled: its gateway order was voided, so nothing can approve it.
      if (d.status === 'approved' || d.status === 'failed' || d.status === 'cancelled' || !record) return d;
      const decided = await decide(tx, d, record);
      if (d.status === 'challenge' && decided.status !== 'challenge') await onChallengeDecided?.(tx, decided);
      return decided;
    });
  };

  /** The gateway's answer written for a deposit still undecided (locked by the caller). */
  async function decide(tx: Executor, d: DepositRow, record: { status: string; reference?: string }) {
    const now = clock.now();
    const gatewayReference = record.reference ?? d.gatewayReference;
    if (record.status === 'approved') {
      const { entryId } = await ledger.creditDeposit(tx, {
        customerId: d.customerId,
        amountCents: d.amountCents,
        currency: d.currency as CurrencyCode,
        reference: `deposit:${d.publicId}`,
        description: `Deposit (${depositMethod(d.methodCode)?.name ?? d.methodCode})`,
      });
      const approved = await repo.update(tx, d.id, {
        status: 'approved',
        ledgerEntryId: entryId,
        gatewayReference,
        failureReason: null,
        updatedAt: now,
      });
      await notices?.depositApproved(tx, {
        customerId: d.customerId,
        publicId: d.publicId,
        amountCents: d.amountCents,
        currency: d.currency,
        method: depositMethod(d.methodCode)?.name ?? d.methodCode,
      });
      return approved;
    }
    if (record.status === 'challenge') {
      const pending = await repo.update(tx, d.id, { status: 'challenge', gatewayReference, updatedAt: now });
      await onPending?.(tx, pending);
      return pending;
    }
    if (record.status === 'voided')
      return repo.update(tx, d.id, { status: 'cancelled', gatewayReference, updatedAt: now });
    const reason = DEPOSIT_FAILURES[record.status] ?? DEPOSIT_FAILURES.declined!;
    return repo.update(tx, d.id, { status: 'failed', failureReason: reason, gatewayReference, updatedAt: now });
  }
}

export function createDepositsService(deps: DepositsDeps) {
  const { db, clock, ledger, gateway, funds, currencyOf } = deps;
  const settleDeposit = createSettlement(deps);

  /** Step 1: the pending deposit with its key (and the key's record naming it), under the wallet lock. */
  async function recordPending(plan: DepositPlan, idem: OperationKey | null): Promise<DepositRow> {
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      // The wallet lock serialises this customer's deposits, so two at once cannot both fit under one limit.
      await ledger.lockWallet(tx, plan.customerId, plan.currency);
      if (idem) {
        const earlier = await repo.byKey(tx, plan.customerId, idem.key);
        if (earlier) return earlier;
      }
      if (deps.depositGuard) {
        const inFlight = await repo.inFlight(tx, plan.customerId);
        await deps.depositGuard.assertDeposit(tx, { ...plan, inFlight });
      }
      const inserted = await repo.insertPending(tx, {
        publicId: publicId('dep'),
        customerId: plan.customerId,
        fundId: plan.fund?.publicId ?? null,
        methodCode: plan.m.code,
        gateway: plan.gatewayKey,
        amountCents: plan.amountCents,
        currency: plan.currency,
        status: 'pending',
        browserData: plan.browserData ?? null,
        idempotencyKey: idem?.key ?? null,
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) return (await repo.byKey(tx, plan.customerId, idem!.key))!;
      await idem?.recordOperation?.(tx, inserted.publicId);
      return inserted;
    });
    crashPoint('deposit:recorded');
    return row;
  }

  /** Steps 2 and 3 for a pending deposit (first run or resumed); a decided deposit is returned as it is. */
  async function chargeAndSettle(d: DepositRow, token: () => Promise<string | null>): Promise<DepositRow> {
    if (d.status !== 'pending') return d;
    let result;
    try {
      result = await gateway.charge({
        orderId: d.publicId,
        idempotencyKey: d.publicId,
        token: await token(),
        amountCents: d.amountCents,
        currency: d.currency,
        browserData: (d.browserData as BrowserData | null) ?? undefined,
      });
    } catch (err) {
      if (!(err instanceof GatewayTimeoutError)) throw err;
      // Unknown outcome: the deposit stays pending; a retry or reconciliation settles it from the gateway's record.
      return d;
    }
    crashPoint('deposit:charged');
    const settled = await settleDeposit(d.publicId, result);
    crashPoint('deposit:settled');
    return settled;
  }

  /** The answer for a deposit's state: the same whether this request ran it or found it already run. */
  function answer(d: DepositRow): DepositView {
    if (d.status === 'failed') {
      throw new AppError(422, d.failureReason!, {
        code: 'deposit_failed',
        messages: [{ code: 'deposit_failed', text: d.failureReason!, level: 'error' }],
      });
    }
    return depositView(d);
  }

  async function run(plan: DepositPlan, idem: OperationKey | null): Promise<DepositView> {
    let d = idem ? await repo.byKey(db, plan.customerId, idem.key) : null;
    if (
      d &&
      (d.amountCents !== plan.amountCents || d.methodCode !== plan.m.code || d.fundId !== (plan.fund?.publicId ?? null))
    )
      throw keyReused();
    d ??= await recordPending(plan, idem);
    return answer(await chargeAndSettle(d, plan.token));
  }

  return {
    settleDeposit,

    /** The deposit a request with this key started, if any (deposit-and-purchase resumes from it). */
    async depositForKey(customerId: string, key: string): Promise<DepositView | null> {
      const d = await repo.byKey(db, customerId, key);
      return d ? depositView(d) : null;
    },

    /** POST /funds/{id}/deposit: id is a saved fund (card, linked PayPal) or the test deposit method (td). */
    async deposit(
      customerId: string,
      id: string,
      body: Pick<DepositBody, 'amount' | 'csc' | 'strongCustomerAuthentication'>,
      // In-process callers (operator tools, tests) may use the test deposit; the routes pass the visitor's audience.
      // `merchantInitiated`: the shop charges a saved card with nobody present (recurring purchases, ADR 063): no
      // card security code and no browser data for 3-D Secure; a challenge the gateway still asks for is refused.
      options: { idempotency?: OperationKey | null; audience?: MethodAudience; merchantInitiated?: boolean } = {},
    ): Promise<DepositView> {
      let fund: FundRow | null = null;
      let m: MethodDefinition | undefined;
      if (id.startsWith('fnd_')) {
        fund = await funds.ownFund(customerId, id);
        m = depositMethod(fund.code);
      } else {
        m = depositMethod(id);
        if (m?.code === 'td' && options.audience?.testDeposits === false)
          throw notFound('There is no such deposit method.', 'method_not_found');
      }
      // Wallet methods need their payment token (or a linked PayPal fund); only the test deposit goes without.
      if (!m || m.code === 'bp' || (!fund && m.code !== 'td'))
        throw unprocessable('This payment method cannot be used to deposit.', 'method_not_depositable');
      const currency = await currencyOf(customerId);
      const amountCents = parseAmount(body.amount, m, currency);
      const gatewayKey = fund?.gateway ?? m.gateways[0] ?? 'test';
      const csc = options.merchantInitiated && fund ? null : cscMissing(m, gatewayKey, fund, body.csc);
      if (csc) throw csc;
      const token = async () => fund?.token ?? null;
      const plan = { customerId, fund, m, gatewayKey, amountCents, currency, token };
      return run({ ...plan, browserData: body.strongCustomerAuthentication }, options.idempotency ?? null);
    },

    /** POST /funds/{method}/{gateway}/deposit: Apple Pay or Google Pay with the payment sheet's token. */
    async walletDeposit(
      customerId: string,
      code: string,
      gatewayKey: string,
      body: WalletDepositBody,
      options: { idempotency?: OperationKey | null } = {},
    ): Promise<DepositView> {
      const m = depositMethod(code);
      if (!m || !m.digitalWallet || m.fundType)
        throw notFound('There is no such wallet payment method.', 'method_not_found');
      if (!m.gateways.includes(gatewayKey) || gatewayKey !== gateway.key)
        throw notFound('There is no such payment gateway for this method.', 'gateway_not_found');
      const currency = await currencyOf(customerId);
      const amountCents = parseAmount(body.amount, m, currency);
      // The sheet's token is vaulted only once the deposit is recorded (no outside call before that).
      const token = async () => (await gateway.tokenizeWallet(body.walletToken)).token;
      return run({ customerId, fund: null, m, gatewayKey, amountCents, currency, token }, options.idempotency ?? null);
    },

    /**
     * The customer came back from the payment provider's cancel address. The gateway's order is voided first, so no
     * later answer can approve it; if the gateway had already approved, the deposit is credited instead and the cancel
     * refused (409). A cancel moves no money; repeating it answers the same cancelled deposit.
     */
    async cancelDeposit(customerId: string, depositId: string): Promise<DepositView> {
      const d = await repo.ofCustomer(db, customerId, depositId);
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

    async getDeposit(customerId: string, depositId: string): Promise<DepositView> {
      const d = await repo.ofCustomer(db, customerId, depositId);
      if (!d) throw notFound('There is no such deposit.', 'deposit_not_found');
      return depositView(d);
    },

    /** The test gateway's challenge page was answered; the gateway's record now says approved or declined. */
    async completeChallenge(depositId: string, passed: boolean): Promise<void> {
      const d = await repo.byId(db, depositId);
      if (!d || d.status !== 'challenge')
        throw notFound('There is no 3-D Secure check waiting for this deposit.', 'deposit_not_found');
      await gateway.completeChallenge(depositId, passed);
    },

    /** /3ds/notify: settle the deposit from the gateway's record (not from anything the browser says). */
    async notifyChallenge(depositId: string): Promise<DepositView> {
      const record = await gateway.lookup(depositId);
      const settled = await settleDeposit(
        depositId,
        record && record.status === 'declined' ? { status: 'challenge_failed', reference: record.reference } : record,
      );
      return depositView(settled);
    },
  };
}

export type DepositsService = ReturnType<typeof createDepositsService>;
