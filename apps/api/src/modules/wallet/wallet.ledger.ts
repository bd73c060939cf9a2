// The ledger: the only place customer money moves (DESIGN.md §6). Each movement is one journal entry whose lines
// sum to zero, posted inside the caller's transaction after locking the customer's accounts (FOR UPDATE), so
// concurrent purchases and withdrawals on one wallet are serialised and a wallet can never be overdrawn.
// Posting itself (locks, idempotency, the balanced entry) is wallet.posting.ts.
import type { CurrencyCode } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { creditPrizesInBulk } from './wallet.bulk-credit.ts';
import { guardedPostings, purchaseLinesOf } from './wallet.guarded.ts';
import { ledgerPosting, type Accounts, type Line } from './wallet.posting.ts';
import { walletReads } from './wallet.reads.ts';
import { entries as entryRows } from './wallet.repository.ts';
import {
  DEFAULT_SPEND_ORDER,
  insufficientFunds,
  positiveCents,
  type Movement,
  type PostResult,
  type RefundMovement,
} from './wallet.shared.ts';
import { PARTNER_COMMISSION_PREFIX, type CustomerAccountKind } from './wallet.schema.ts';

export {
  DEFAULT_SPEND_ORDER,
  insufficientFunds,
  type EntryKind,
  type EntryView,
  type FundsSummary,
  type Movement,
  type PostResult,
  type RefundMovement,
} from './wallet.shared.ts';

/** Lines taking `amountCents` of the customer's cash, deposits first then winnings; `short(cash)` when it is less. */
function takeCash(accounts: Accounts, amountCents: number, short: (cashCents: number) => Error): Line[] {
  const from = (['deposit', 'winnings'] as const).map((k) => accounts[k]);
  const cash = from.reduce((s, a) => s + a.balanceCents, 0);
  if (cash < amountCents) throw short(cash);
  let left = amountCents;
  const lines: Line[] = [];
  for (const a of from) {
    const take = Math.min(left, a.balanceCents);
    if (take > 0) lines.push({ accountId: a.id, amountCents: -take });
    left -= take;
  }
  return lines;
}

export interface LedgerDeps {
  db: Db;
  clock: Clock;
  spendOrder?: readonly CustomerAccountKind[];
}

export function createLedger(deps: LedgerDeps) {
  const { db, clock } = deps;
  const spendOrder = deps.spendOrder ?? DEFAULT_SPEND_ORDER;
  const posting = ledgerPosting(deps);
  const { houseAccount, lockCustomer, lockWallet, forget, existing, post, idsOf, customerEntry, credit, move } =
    posting;
  const purchaseLines = purchaseLinesOf(spendOrder, houseAccount);
  const guarded = guardedPostings({ db, clock, posting, purchaseLines });

  const ledger = {
    /**
     * Lock the customer's accounts for the rest of the transaction (creating them if missing). A workflow that
     * checks a rule over the wallet before debiting (a spend limit, a purchase) takes this first, so two purchases
     * of one customer check and debit one after the other.
     */
    lockWallet,

    creditPrize: (tx: Executor, m: Movement) => credit(tx, 'prize', 'winnings', 'prize_liability', m),
    /** Many prizes in one go (settlement): wallet.bulk-credit.ts. */
    creditPrizes: (tx: Executor, movements: Movement[]) => {
      forget(tx);
      return creditPrizesInBulk(tx, movements, { now: clock.now(), house: (c) => houseAccount('prize_liability', c) });
    },
    creditDeposit: (tx: Executor, m: Movement) => credit(tx, 'deposit', 'deposit', 'gateway_clearing', m),
    creditBonus: (tx: Executor, m: Movement) => credit(tx, 'bonus', 'bonus', 'promotions', m),
    /** A migrated legacy balance: deposit +, legacy_migration − (once per reference; docs/migration.md). */
    creditMigration: (tx: Executor, m: Movement) => credit(tx, 'migration', 'deposit', 'legacy_migration', m),
    /**
     * A prize that is an order (a giveaway's free tickets, issue 17): the promotions account pays the sale and the
     * customer pays nothing. A `prize` entry, not a purchase, so it counts toward no spend limit.
     */
    async payPrizeOrder(tx: Executor, m: Movement): Promise<PostResult> {
      positiveCents(m.amountCents);
      const done = await existing(tx, m.reference);
      if (done) return done;
      const lines = [
        { accountId: await houseAccount('promotions', m.currency), amountCents: -m.amountCents },
        { accountId: await houseAccount('sales', m.currency), amountCents: m.amountCents },
      ];
      return post(tx, customerEntry('prize', m), lines, new Set());
    },

    /**
     * A partner's commission on a sale (ADR 076): taken from the shop's sales revenue into what the shop owes the
     * partner (`partner_commission:{partnerKey}`). No customer account moves. Idempotent by reference.
     */
    async accruePartnerCommission(tx: Executor, m: Omit<Movement, 'customerId'> & { partnerKey: string }) {
      positiveCents(m.amountCents);
      const done = await existing(tx, m.reference);
      if (done) return done;
      const lines = [
        { accountId: await houseAccount('sales', m.currency), amountCents: -m.amountCents },
        {
          accountId: await houseAccount(`${PARTNER_COMMISSION_PREFIX}${m.partnerKey}`, m.currency),
          amountCents: m.amountCents,
        },
      ];
      const { reference, description, currency } = m;
      return post(tx, { kind: 'commission', customerId: null, reference, description, currency }, lines, new Set());
    },

    /** Pay for an order from the wallet (bonus → deposits → winnings); 422 insufficient_funds when short. */
    debitPurchase: (tx: Executor, m: Movement) => move(tx, 'purchase', m, (accounts) => purchaseLines(accounts, m)),
    ...guarded,

    /** Give back (part of) a purchase: to the accounts it was paid from, winnings first; otherwise to deposits. */
    refund: (tx: Executor, m: RefundMovement) =>
      move(tx, 'refund', m, async (accounts) => {
        const taken: Partial<Record<CustomerAccountKind, number>> = {};
        if (m.purchaseReference) {
          for (const r of await entryRows.customerLinesOf(tx, m.purchaseReference, m.customerId))
            taken[r.kind as CustomerAccountKind] = (taken[r.kind as CustomerAccountKind] ?? 0) - r.amountCents;
          // What earlier refunds of the same purchase gave back is no longer "taken" (their lines are positive).
          const others = (m.otherRefundReferences ?? []).filter((r) => r !== m.reference);
          for (const r of others.length ? await entryRows.customerLinesOfAny(tx, others, m.customerId) : [])
            taken[r.kind as CustomerAccountKind] = (taken[r.kind as CustomerAccountKind] ?? 0) - r.amountCents;
        }
        let left = m.amountCents;
        const lines: Line[] = [];
        for (const kind of [...spendOrder].reverse()) {
          const give = Math.min(left, Math.max(0, taken[kind] ?? 0));
          if (give > 0) lines.push({ accountId: accounts[kind].id, amountCents: give });
          left -= give;
        }
        if (left > 0) lines.push({ accountId: accounts.deposit.id, amountCents: left });
        lines.push({ accountId: await houseAccount('sales', m.currency), amountCents: -m.amountCents });
        return lines;
      }),

    /** Undo an entry with its exact opposite; refused (422) when the customer has already spent the money. */
    async reverse(tx: Executor, entryId: string, description = 'Reversal'): Promise<PostResult> {
      const entry = await entryRows.byPublicId(tx, entryId);
      if (!entry) throw notFound('There is no such transaction.');
      const reference = `reverse:${entry.publicId}`;
      const done = await existing(tx, reference);
      if (done) return done;
      const currency = entry.currency as CurrencyCode;
      const accounts = entry.customerId ? await lockCustomer(tx, entry.customerId, currency) : null;
      const original = await entryRows.linesOf(tx, entry.id);
      if (accounts) {
        const byId = new Map(Object.values(accounts).map((a) => [a.id, a.balanceCents]));
        for (const l of original) {
          const balance = byId.get(l.accountId);
          if (balance !== undefined && balance - l.amountCents < 0)
            throw insufficientFunds('This transaction cannot be reversed: the funds have already been used.');
        }
      }
      return post(
        tx,
        { kind: 'reversal', customerId: entry.customerId, reference, description, currency, reversesEntryId: entry.id },
        original.map((l) => ({ accountId: l.accountId, amountCents: -l.amountCents })),
        accounts ? idsOf(accounts) : new Set(),
      );
    },

    /**
     * An operator's manual adjustment, once approved by a second finance operator (docs/operators.md): a credit puts
     * the amount on the customer's deposit account from the `manual_adjustments` house account; a debit takes it from
     * deposits, then winnings, back to that account (422 insufficient_funds when the customer has less). Idempotent
     * by reference, like every movement.
     */
    adjust: (tx: Executor, m: Movement & { direction: 'credit' | 'debit' }) =>
      m.direction === 'credit'
        ? credit(tx, 'adjustment', 'deposit', 'manual_adjustments', m)
        : move(tx, 'adjustment', m, async (accounts) => [
            ...takeCash(accounts, m.amountCents, () =>
              insufficientFunds('The customer does not have this much in deposits and winnings.'),
            ),
            { accountId: await houseAccount('manual_adjustments', m.currency), amountCents: m.amountCents },
          ]),

    /**
     * A deposit given back to the card it came from (an operator's refund, docs/payments.md): the customer's cash —
     * deposits, then winnings; never bonus credit or money held for a withdrawal — goes to gateway_clearing, the
     * account deposits came in through. 422 `insufficient_refundable_funds` when the cash is less.
     */
    refundDeposit: (tx: Executor, m: Movement) =>
      move(tx, 'deposit_refund', m, async (accounts) => [
        ...takeCash(accounts, m.amountCents, (cash) => {
          const message = `The customer's wallet holds only ${(cash / 100).toFixed(2)} ${m.currency} in deposits and winnings: a refund cannot take more.`;
          return new AppError(422, message, {
            code: 'insufficient_refundable_funds',
            fieldErrors: { amount: [message] },
          });
        }),
        { accountId: await houseAccount('gateway_clearing', m.currency), amountCents: m.amountCents },
      ]),

    /** Hold withdrawable funds (winnings) for a withdrawal; 422 when more is asked than is withdrawable. */
    holdWithdrawal: (tx: Executor, m: Movement) =>
      move(tx, 'withdrawal', m, async (accounts) => {
        if (accounts.winnings.balanceCents < m.amountCents) {
          const message = `You can withdraw at most ${(accounts.winnings.balanceCents / 100).toFixed(2)}: only winnings can be withdrawn.`;
          throw new AppError(422, message, {
            code: 'insufficient_withdrawable_funds',
            fieldErrors: { amount: [message] },
          });
        }
        return [
          { accountId: accounts.winnings.id, amountCents: -m.amountCents },
          { accountId: accounts.pending_withdrawal.id, amountCents: m.amountCents },
        ];
      }),

    /** A held withdrawal leaves (paid) or comes back to winnings (rejected). */
    settleWithdrawal: (tx: Executor, m: Movement & { outcome: 'paid' | 'returned' }) =>
      move(tx, m.outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_returned', m, async (accounts) => [
        { accountId: accounts.pending_withdrawal.id, amountCents: -m.amountCents },
        {
          accountId: m.outcome === 'paid' ? await houseAccount('gateway_clearing', m.currency) : accounts.winnings.id,
          amountCents: m.amountCents,
        },
      ]),

    ...walletReads(db),
  };
  return ledger;
}

export type Ledger = ReturnType<typeof createLedger>;
