// Composition-root adapters (ADR 014) between the payments module and paying for recurring purchases (ADR 063): the
// customer's saved cards as identity's recurring purchase methods and recurring's payment resolutions see them, and the
// merchant-initiated card deposit the recurring processor takes when the wallet is short. services.ts wires them.
import type { RecurringCard } from './modules/identity/index.ts';
import { DEPOSIT_METHODS, type DepositsService, type FundsService } from './modules/payments/index.ts';
import { cardExpired, cardLabel, type CardPayments, type SavedCard } from './modules/recurring/index.ts';
import type { Clock } from './lib/clock.ts';

/** The customer's saved cards (funds of code cc), oldest first. */
export function savedCardsOf(funds: Pick<FundsService, 'listFunds'>) {
  return async (customerId: string): Promise<SavedCard[]> =>
    (await funds.listFunds(customerId))
      .filter((f) => f.code === 'cc')
      .map((f) => ({
        id: f.id,
        brand: f.brand,
        last4: f.last4,
        isDefault: f.default,
        expiryMonth: f.expiryMonth,
        expiryYear: f.expiryYear,
      }));
}

/** Identity's recurring purchase methods: each saved card with its label and whether it has expired. */
export function recurringCardsOf(cardsOf: (customerId: string) => Promise<SavedCard[]>, clock: Clock) {
  return async (customerId: string): Promise<RecurringCard[]> =>
    (await cardsOf(customerId)).map((c) => ({ id: c.id, label: cardLabel(c), expired: cardExpired(c, clock.now()) }));
}

/** What the recurring processor's card funding needs: the wallet's balance and unattended card deposits. */
export function cardPaymentsOf(deps: {
  deposits: Pick<DepositsService, 'deposit' | 'depositForKey' | 'cancelDeposit'>;
  cardsOf: (customerId: string) => Promise<SavedCard[]>;
  availableCents: (customerId: string) => Promise<number>;
}): CardPayments {
  const { deposits } = deps;
  return {
    availableCents: deps.availableCents,
    depositForKey: (customerId, key) => deposits.depositForKey(customerId, key),
    chargeCard: (customerId, fundId, amountCents, key) =>
      deposits.deposit(
        customerId,
        fundId,
        { amount: amountCents / 100 },
        { idempotency: { key }, merchantInitiated: true },
      ),
    cancelDeposit: (customerId, depositId) => deposits.cancelDeposit(customerId, depositId),
    async card(customerId, fundId) {
      const cards = await deps.cardsOf(customerId);
      // No card named (recurring purchase method wallet_then_card): the default card, or the only one.
      return (fundId ? cards.find((c) => c.id === fundId) : (cards.find((c) => c.isDefault) ?? cards[0])) ?? null;
    },
    minimumDepositCents: DEPOSIT_METHODS.find((m) => m.code === 'cc')!.minCents,
  };
}
