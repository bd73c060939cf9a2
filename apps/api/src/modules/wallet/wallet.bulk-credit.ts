// Many prizes in one go (settlement): the same entries, lines and balances creditPrize writes, in a few set-based
// statements instead of several per prize. Idempotent per reference like creditPrize; results come back in input
// order. The customers' accounts are locked in account-id order, the order every write uses.
import type { CurrencyCode } from '@shop/contracts';
import type { Executor } from '../../db/index.ts';
import { accounts, entries } from './wallet.repository.ts';
import { newEntryId, positiveCents, type Movement, type PostResult } from './wallet.shared.ts';

const LOOKUP_CHUNK = 10_000;
const WRITE_CHUNK = 5_000;

export async function creditPrizesInBulk(
  tx: Executor,
  movements: Movement[],
  ctx: { now: Date; house: (currency: CurrencyCode) => Promise<number> },
): Promise<PostResult[]> {
  const results = new Map<string, PostResult>();
  const byCurrency = new Map<CurrencyCode, Movement[]>();
  for (const m of movements) {
    positiveCents(m.amountCents);
    const group = byCurrency.get(m.currency) ?? [];
    group.push(m);
    byCurrency.set(m.currency, group);
  }
  const known = async (references: string[]) => {
    for (let i = 0; i < references.length; i += LOOKUP_CHUNK)
      for (const r of await entries.byReferences(tx, references.slice(i, i + LOOKUP_CHUNK)))
        results.set(r.reference, { entryId: r.publicId, created: false });
  };
  for (const [currency, group] of byCurrency) {
    await known([...new Set(group.map((m) => m.reference))]);
    const seen = new Set<string>();
    const todo = group.filter((m) => !results.has(m.reference) && !seen.has(m.reference) && seen.add(m.reference));
    if (todo.length === 0) continue;

    const customers = [...new Set(todo.map((m) => m.customerId))].sort();
    await accounts.ensureCustomers(tx, customers, currency);
    const locked = await accounts.lockCustomers(tx, customers, currency);
    const winningsOf = new Map(locked.filter((a) => a.kind === 'winnings').map((a) => [a.customerId!, a.id]));
    const house = await ctx.house(currency);

    for (let i = 0; i < todo.length; i += WRITE_CHUNK) {
      const chunk = todo.slice(i, i + WRITE_CHUNK);
      const inserted = await entries.insert(
        tx,
        chunk.map((m) => ({
          publicId: newEntryId(),
          kind: 'prize' as const,
          customerId: m.customerId,
          reference: m.reference,
          description: m.description,
          currency,
          reversesEntryId: null,
          createdAt: ctx.now,
        })),
      );
      const byRef = new Map(chunk.map((m) => [m.reference, m]));
      const lines: { entryId: number; accountId: number; amountCents: number }[] = [];
      const delta = new Map<number, number>();
      for (const e of inserted) {
        const m = byRef.get(e.reference)!;
        const account = winningsOf.get(m.customerId)!;
        lines.push(
          { entryId: e.id, accountId: account, amountCents: m.amountCents },
          { entryId: e.id, accountId: house, amountCents: -m.amountCents },
        );
        delta.set(account, (delta.get(account) ?? 0) + m.amountCents);
        results.set(e.reference, { entryId: e.publicId, created: true });
      }
      if (lines.length) await entries.insertLines(tx, lines);
      if (delta.size) await accounts.addToBalances(tx, [...delta.entries()]);
      // A reference another transaction posted between our look-up and our insert: report its entry.
      await known(chunk.filter((m) => !results.has(m.reference)).map((m) => m.reference));
    }
  }
  return movements.map((m) => results.get(m.reference)!);
}
