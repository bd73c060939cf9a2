// How every ledger movement is posted (DESIGN.md §6): the house accounts, the customer's account locks (FOR UPDATE,
// in id order), the idempotency check by reference, and the balanced journal entry with its lines and cached
// balances. wallet.ledger.ts decides each movement's lines on top of these.
import type { CurrencyCode } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { accounts as accountRows, entries as entryRows } from './wallet.repository.ts';
import { newEntryId, positiveCents, type EntryKind, type Movement, type PostResult } from './wallet.shared.ts';
import { CUSTOMER_ACCOUNT_KINDS, type CustomerAccountKind, type HouseAccountKind } from './wallet.schema.ts';

export type Line = { accountId: number; amountCents: number };
export type Accounts = Record<CustomerAccountKind, { id: number; balanceCents: number }>;

/**
 * An entry's lines without zeros (checked to balance: they sum to zero, at least two), and each customer account's
 * total move and how many lines moved it (its version counts lines).
 */
export function entryShape(
  reference: string,
  lines: Line[],
  customerAccountIds: Set<number>,
): { nonZero: Line[]; deltas: Map<number, { accountId: number; amountCents: number; moves: number }> } {
  const nonZero = lines.filter((l) => l.amountCents !== 0);
  const sum = nonZero.reduce((s, l) => s + l.amountCents, 0);
  if (sum !== 0 || nonZero.length < 2) throw new Error(`Unbalanced journal entry ${reference}: lines sum to ${sum}`);
  const deltas = new Map<number, { accountId: number; amountCents: number; moves: number }>();
  for (const l of nonZero) {
    if (!customerAccountIds.has(l.accountId)) continue;
    const d = deltas.get(l.accountId) ?? { accountId: l.accountId, amountCents: 0, moves: 0 };
    d.amountCents += l.amountCents;
    d.moves++;
    deltas.set(l.accountId, d);
  }
  return { nonZero, deltas };
}

/** A wallet's accounts by kind, from its rows. */
export const accountsOf = (rows: { id: number; kind: string; balanceCents: number }[]) => {
  const accounts = {} as Accounts;
  for (const r of rows) accounts[r.kind as CustomerAccountKind] = { id: r.id, balanceCents: r.balanceCents };
  return accounts;
};

/**
 * Write one entry and its lines, and move the cached balances of the customer accounts it touches. The caller
 * holds the customer's account locks. Returns created=false (and writes nothing) when the reference was posted.
 */
async function postEntry(
  clock: Clock,
  tx: Executor,
  entry: {
    kind: EntryKind;
    customerId: string | null;
    reference: string;
    description: string;
    currency: CurrencyCode;
    reversesEntryId?: number;
  },
  lines: Line[],
  customerAccountIds: Set<number>,
): Promise<PostResult> {
  const { nonZero, deltas } = entryShape(entry.reference, lines, customerAccountIds);
  const publicId = newEntryId();
  const posted = await entryRows.post(
    tx,
    { publicId, ...entry, reversesEntryId: entry.reversesEntryId ?? null, createdAt: clock.now() },
    nonZero,
    [...deltas.values()],
  );
  if (!posted) return { entryId: (await entryRows.byReference(tx, entry.reference))!, created: false };
  return { entryId: publicId, created: true };
}

/** The posting primitives of one ledger: its cache of house account ids is shared by every movement it posts. */
export function ledgerPosting(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const houseIds = new Map<string, number>();

  /**
   * House accounts are reference data: created on first use in their own autocommitted statement (never inside the
   * caller's transaction), so the cached id is always of a committed row that no rollback can take away and that
   * concurrent transactions can reference at once.
   */
  async function houseAccount(kind: HouseAccountKind, currency: CurrencyCode): Promise<number> {
    const key = `${kind}|${currency}`;
    const known = houseIds.get(key);
    if (known !== undefined) return known;
    const id = await accountRows.house(db, kind, currency);
    houseIds.set(key, id);
    return id;
  }

  /** Create the customer's accounts if missing and lock them (in id order, the same order every caller uses). */
  async function lockCustomer(tx: Executor, customerId: string, currency: CurrencyCode): Promise<Accounts> {
    let rows = await accountRows.lockCustomer(tx, customerId, currency);
    if (rows.length < CUSTOMER_ACCOUNT_KINDS.length) {
      await accountRows.ensureCustomers(tx, [customerId], currency);
      rows = await accountRows.lockCustomer(tx, customerId, currency);
    }
    return accountsOf(rows);
  }

  /**
   * lockCustomer and the idempotency check of a movement in one round trip: the entry already posted under the
   * reference (checked under the lock), or the locked accounts.
   */
  async function lockFor(
    tx: Executor,
    m: Pick<Movement, 'customerId' | 'currency' | 'reference'>,
  ): Promise<{ done: PostResult } | { accounts: Accounts }> {
    const rows = await accountRows.lockCustomerFor(tx, m.customerId, m.currency, m.reference);
    const posted = rows[0]?.posted ?? (rows.length ? null : await entryRows.byReference(tx, m.reference));
    if (posted) return { done: { entryId: posted, created: false } };
    if (rows.length < CUSTOMER_ACCOUNT_KINDS.length)
      return { accounts: await lockCustomer(tx, m.customerId, m.currency) };
    return { accounts: accountsOf(rows) };
  }

  async function existing(tx: Executor, reference: string): Promise<PostResult | null> {
    const entryId = await entryRows.byReference(tx, reference);
    return entryId ? { entryId, created: false } : null;
  }

  /**
   * Accounts a transaction locked with lockWallet, kept for that transaction's next movement of the same wallet so
   * it does not lock (and read) them a second time. Valid because only the ledger writes these rows and every
   * posting (and the bulk credit) forgets the transaction's held accounts: the balances are the locked ones.
   */
  const held = new WeakMap<Executor, { key: string; accounts: Accounts }>();
  const walletKey = (customerId: string, currency: CurrencyCode) => `${customerId}|${currency}`;

  async function lockWallet(tx: Executor, customerId: string, currency: CurrencyCode): Promise<void> {
    held.set(tx, { key: walletKey(customerId, currency), accounts: await lockCustomer(tx, customerId, currency) });
  }

  /** The accounts lockWallet holds for this wallet in this transaction (once), or null. */
  function takeHeld(tx: Executor, customerId: string, currency: CurrencyCode): Accounts | null {
    const h = held.get(tx);
    held.delete(tx);
    return h && h.key === walletKey(customerId, currency) ? h.accounts : null;
  }

  const forget = (tx: Executor) => held.delete(tx);

  const post = (tx: Executor, entry: Parameters<typeof postEntry>[2], lines: Line[], ids: Set<number>) => {
    forget(tx);
    return postEntry(clock, tx, entry, lines, ids);
  };

  const idsOf = (a: Accounts) => new Set(Object.values(a).map((x) => x.id));
  const customerEntry = (kind: EntryKind, m: Movement) => ({
    kind,
    customerId: m.customerId,
    reference: m.reference,
    description: m.description,
    currency: m.currency,
  });

  /** Money in from outside (a deposit, a prize, a bonus): house account → customer account. */
  async function credit(
    tx: Executor,
    kind: EntryKind,
    to: CustomerAccountKind,
    from: HouseAccountKind,
    m: Movement,
  ): Promise<PostResult> {
    positiveCents(m.amountCents);
    const locked = await lockFor(tx, m);
    if ('done' in locked) return locked.done;
    const { accounts } = locked;
    const house = await houseAccount(from, m.currency);
    return post(
      tx,
      customerEntry(kind, m),
      [
        { accountId: accounts[to].id, amountCents: m.amountCents },
        { accountId: house, amountCents: -m.amountCents },
      ],
      idsOf(accounts),
    );
  }

  /** A movement of the customer's own accounts, decided from their locked balances. */
  async function move(
    tx: Executor,
    kind: EntryKind,
    m: Movement,
    linesOf: (accounts: Accounts) => Promise<Line[]>,
  ): Promise<PostResult> {
    positiveCents(m.amountCents);
    // After lockWallet the accounts are held: the idempotency check is then the entry's unique reference (post
    // answers the entry already posted under it, writing nothing).
    const heldAccounts = takeHeld(tx, m.customerId, m.currency);
    if (heldAccounts) return post(tx, customerEntry(kind, m), await linesOf(heldAccounts), idsOf(heldAccounts));
    const locked = await lockFor(tx, m);
    if ('done' in locked) return locked.done;
    const { accounts } = locked;
    return post(tx, customerEntry(kind, m), await linesOf(accounts), idsOf(accounts));
  }

  return { houseAccount, lockCustomer, lockWallet, forget, existing, post, idsOf, customerEntry, credit, move };
}
