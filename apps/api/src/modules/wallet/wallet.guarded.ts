// The ledger's movements as parts of a checkout's one guarded write (ADR 109): decided from the wallet as the
// checkout's read scope read it, written only if no account of the wallet moved since. wallet.ledger.ts posts the
// same movements inside a transaction; the lines are decided by the same functions.
import type { CurrencyCode } from '@shop/contracts';
import type { Db, Executor, WritePart } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { accountsOf, entryShape, type Accounts, type Line, type ledgerPosting } from './wallet.posting.ts';
import { accounts as accountRows, entries as entryRows } from './wallet.repository.ts';
import { CUSTOMER_ACCOUNT_KINDS, type CustomerAccountKind, type HouseAccountKind } from './wallet.schema.ts';
import { insufficientFunds, newEntryId, positiveCents, SPENDABLE, type Movement } from './wallet.shared.ts';

/** A purchase's lines from the wallet's balances: the spend order (bonus → deposits → winnings), then sales. */
export function purchaseLinesOf(
  spendOrder: readonly CustomerAccountKind[],
  houseAccount: (kind: HouseAccountKind, currency: CurrencyCode) => Promise<number>,
) {
  return async (accounts: Accounts, m: Movement): Promise<Line[]> => {
    const available = SPENDABLE.reduce((s, k) => s + accounts[k].balanceCents, 0);
    if (available < m.amountCents) throw insufficientFunds();
    let left = m.amountCents;
    const lines: Line[] = [];
    for (const kind of spendOrder) {
      const take = Math.min(left, accounts[kind].balanceCents);
      if (take > 0) lines.push({ accountId: accounts[kind].id, amountCents: -take });
      left -= take;
    }
    lines.push({ accountId: await houseAccount('sales', m.currency), amountCents: m.amountCents });
    return lines;
  };
}

export function guardedPostings(deps: {
  db: Db;
  clock: Clock;
  posting: ReturnType<typeof ledgerPosting>;
  purchaseLines: (accounts: Accounts, m: Movement) => Promise<Line[]>;
}) {
  const { db, clock, posting, purchaseLines } = deps;
  const entryOf = (kind: 'purchase' | 'prize', m: Movement, publicId: string) => ({
    ...posting.customerEntry(kind, m),
    publicId,
    reversesEntryId: null,
    createdAt: clock.now(),
  });
  return {
    /** Every account of the customer, with balances and versions, as part of a checkout's one read. */
    walletRead: (customerId: string) => accountRows.ofCustomerRead(customerId),

    /**
     * debitPurchase as a part of the purchase's one guarded write, decided from the wallet as `exec` (a read scope)
     * read it with `walletRead`, or as read now: the same entry, lines and balances, which stand only if no account of
     * the wallet has moved since. 422 insufficient_funds when short, as debitPurchase.
     */
    async debitPurchaseWrite(exec: Executor, m: Movement): Promise<{ entryId: string; part: WritePart }> {
      positiveCents(m.amountCents);
      const known = accountRows.prefetchedOf(exec, m.customerId) ?? (await accountRows.ofCustomer(db, m.customerId));
      let wallet = known.filter((a) => a.currency === m.currency);
      if (wallet.length < CUSTOMER_ACCOUNT_KINDS.length) {
        // A first purchase in this currency: the accounts are made now (committed, like a house account); the wallet
        // read from then on has them, and their versions are what the write checks.
        await accountRows.ensureCustomers(db, [m.customerId], m.currency);
        wallet = (await accountRows.ofCustomer(db, m.customerId)).filter((a) => a.currency === m.currency);
      }
      const accounts = accountsOf(wallet);
      const { nonZero, deltas } = entryShape(m.reference, await purchaseLines(accounts, m), posting.idsOf(accounts));
      const entryId = newEntryId();
      const moved = wallet.map((a) => ({
        accountId: a.id,
        version: a.version,
        amountCents: deltas.get(a.id)?.amountCents ?? 0,
        moves: deltas.get(a.id)?.moves ?? 0,
      }));
      return { entryId, part: entryRows.postWrite(entryOf('purchase', m, entryId), nonZero, moved) };
    },

    /**
     * payPrizeOrder as a part of a purchase's guarded write: no customer account moves, so the write stands unless
     * an entry with the reference exists (then the checkout written with it is the answer).
     */
    async payPrizeOrderWrite(m: Movement): Promise<{ entryId: string; part: WritePart }> {
      positiveCents(m.amountCents);
      const lines = [
        { accountId: await posting.houseAccount('promotions', m.currency), amountCents: -m.amountCents },
        { accountId: await posting.houseAccount('sales', m.currency), amountCents: m.amountCents },
      ];
      const entryId = newEntryId();
      const { nonZero } = entryShape(m.reference, lines, new Set());
      return { entryId, part: entryRows.postWrite(entryOf('prize', m, entryId), nonZero, []) };
    },
  };
}
