// Card-funded recurring purchases (docs/recurring.md "Paying unattended", ADR 063). A recurring purchase whose fund is
// a saved card buys from the wallet when the wallet holds enough; when it is short, the card is charged unattended
// (a merchant-initiated deposit: no card security code, no 3-D Secure) with the deterministic key
// `{purchase key}:deposit`, and the purchase then runs with that deposit, as deposit-and-purchase does. The deposit is
// recorded with its key before the gateway is called (payments' deposits service), so a crash anywhere resumes the one
// deposit: a rerun finds the deposit of its key and buys with it, never charging twice.
//
// A key whose deposit was refused (declined, a challenge nobody can answer) is spent: the draw failed hard and waits
// for the customer; when they retry, the next key (`:deposit:2`, `:deposit:3`…) takes a fresh deposit, from whatever
// card the recurring purchase names then.
import type { CartItemInput } from '@shop/contracts';
import type { Clock } from '../../lib/clock.ts';
import { crashPoint } from '../../lib/crash-points.ts';
import { AppError } from '../../lib/errors.ts';
import type { RecurringFund, RecurringPurchaser } from './recurring.purchaser.ts';

/** A deposit as the payments module answers it. */
export interface FundingDeposit {
  id: string;
  status: 'pending' | 'challenge' | 'approved' | 'failed' | 'cancelled';
  amount: { amount: number };
  fundId: string | null;
  failureReason: string | null;
}

/** What card funding needs of the payments module and the wallet (services.ts wires them). */
export interface CardPayments {
  /** What the wallet can spend now. */
  availableCents(customerId: string): Promise<number>;
  /** The deposit a key started, if any. */
  depositForKey(customerId: string, key: string): Promise<FundingDeposit | null>;
  /**
   * A merchant-initiated deposit from a saved card, keyed (a repeat resumes or reports the key's deposit). A decline
   * is an AppError 422 `deposit_failed` with the reason.
   */
  chargeCard(customerId: string, fundId: string, amountCents: number, key: string): Promise<FundingDeposit>;
  /** Voids a deposit left waiting for a 3-D Secure challenge nobody is there to answer. */
  cancelDeposit(customerId: string, depositId: string): Promise<unknown>;
  /** One of the customer's saved cards (null: their default card), or null (removed, not theirs, no card). */
  card(
    customerId: string,
    fundId: string | null,
  ): Promise<{ id: string; expiryMonth: number | null; expiryYear: number | null } | null>;
  /** The card method's smallest deposit. */
  minimumDepositCents: number;
}

/** The purchase workflow's purchaseItems (a deposit taken for it counts as paid in). */
export type PurchaseItems = (
  customerId: string,
  key: string,
  items: CartItemInput[],
  deposit: { depositId: string; depositCents: number } | null,
) => Promise<{ checkoutId: string }>;

/** A recurring purchase's deposit keys, in order: the first attempt's, then one per customer retry after a refusal. */
export const depositKeyOf = (purchaseKey: string, n: number) =>
  n === 1 ? `${purchaseKey}:deposit` : `${purchaseKey}:deposit:${n}`;
/** More refused deposits than this for one draw: the customer is told to contact support instead of retrying. */
const MAX_DEPOSITS = 20;

const hard = (code: 'card_declined' | 'card_expired' | 'payment_failed', text: string) =>
  new AppError(422, text, { code, fieldErrors: { this: [text] } });

export const FUNDING_MESSAGES = {
  expired: 'The card paying for this recurring purchase has expired. Add a new card or choose another way to pay.',
  removed: 'The card paying for this recurring purchase was removed. Choose another way to pay.',
  challenge:
    'Your bank asked to confirm the payment, which cannot be done while you are away. Choose another card or fund your wallet.',
  pending: 'The payment from your card is still being processed. We will try again shortly.',
  tooMany: 'We could not take this payment. Please contact support.',
} as const;

/** A card is usable through the end of its expiry month. */
export function cardExpired(card: { expiryMonth: number | null; expiryYear: number | null }, now: Date): boolean {
  if (!card.expiryMonth || !card.expiryYear) return false;
  const endOfMonth = Date.UTC(card.expiryYear, card.expiryMonth, 1);
  return now.getTime() >= endOfMonth;
}

const isInsufficient = (err: unknown) => err instanceof AppError && err.code === 'insufficient_funds';

export function cardFundedPurchaser(deps: {
  purchaseItems: PurchaseItems;
  payments: CardPayments;
  clock: Clock;
}): RecurringPurchaser {
  const { payments } = deps;

  /** A declined deposit becomes the hard failure the customer fixes; anything else is passed on as it is. */
  async function charge(customerId: string, fundId: string, cents: number, key: string): Promise<FundingDeposit> {
    try {
      return await payments.chargeCard(customerId, fundId, cents, key);
    } catch (err) {
      if (err instanceof AppError && err.code === 'deposit_failed') throw hard('card_declined', err.message);
      throw err;
    }
  }

  /** A fresh deposit from the fund's card for what the wallet lacks (at least the card method's minimum). */
  async function newDeposit(customerId: string, fund: RecurringFund, key: string) {
    const card = await payments.card(customerId, fund.id);
    if (!card) throw hard('payment_failed', FUNDING_MESSAGES.removed);
    if (cardExpired(card, deps.clock.now())) throw hard('card_expired', FUNDING_MESSAGES.expired);
    const short = fund.priceCents - (await payments.availableCents(customerId));
    return charge(customerId, card.id, Math.max(short, payments.minimumDepositCents), key);
  }

  /** Buys with an approved deposit; answers null when the wallet is still short (the next key takes another). */
  async function buyWith(customerId: string, key: string, items: CartItemInput[], dep: FundingDeposit) {
    crashPoint('recurring:deposited');
    const depositCents = Math.round(dep.amount.amount * 100);
    try {
      return await deps.purchaseItems(customerId, key, items, { depositId: dep.id, depositCents });
    } catch (err) {
      if (isInsufficient(err)) return null;
      throw err;
    }
  }

  return {
    async purchaseItems(customerId, key, items, fund) {
      if (fund?.kind !== 'cc') return deps.purchaseItems(customerId, key, items, null);
      for (let n = 1; n <= MAX_DEPOSITS; n++) {
        const depositKey = depositKeyOf(key, n);
        let dep = await payments.depositForKey(customerId, depositKey);
        // Refused before: the customer has retried since (a hard-failed draw is only attempted again then).
        if (dep && (dep.status === 'failed' || dep.status === 'cancelled')) continue;
        if (!dep) {
          try {
            return await deps.purchaseItems(customerId, key, items, null);
          } catch (err) {
            if (!isInsufficient(err)) throw err;
          }
          dep = await newDeposit(customerId, fund, depositKey);
        } else if (dep.status === 'pending' && dep.fundId) {
          // Taken before a crash or a gateway timeout: the same key resumes that one deposit (same card, same amount).
          dep = await charge(customerId, dep.fundId, Math.round(dep.amount.amount * 100), depositKey);
        }
        if (dep.status === 'challenge') {
          await payments.cancelDeposit(customerId, dep.id);
          throw hard('payment_failed', FUNDING_MESSAGES.challenge);
        }
        if (dep.status === 'pending') throw new AppError(422, FUNDING_MESSAGES.pending, { code: 'payment_pending' });
        if (dep.status !== 'approved') throw hard('card_declined', dep.failureReason ?? FUNDING_MESSAGES.tooMany);
        const bought = await buyWith(customerId, key, items, dep);
        if (bought) return bought;
      }
      throw hard('payment_failed', FUNDING_MESSAGES.tooMany);
    },
  };
}
