// The ledger's guarantees against a real PostgreSQL: random sequences of movements keep every entry balanced, no
// wallet negative and all money conserved; concurrent spending on one wallet never overdraws it.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { createLedger, type Ledger } from './index.ts';

let database: Database;
let ledger: Ledger;
const clock = fixedClock('2025-06-02T00:00:00.000Z');

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedger({ db: database.db, clock });
});
afterAll(() => database.close());

type Op =
  | { kind: 'deposit' | 'prize' | 'bonus' | 'purchase' | 'withdraw'; customer: number; cents: number }
  | { kind: 'refund'; customer: number; purchase: number }
  | { kind: 'settle'; customer: number; withdrawal: number; paid: boolean };

const cents = fc.integer({ min: 1, max: 50_000 });
const customer = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom(
      'deposit' as const,
      'prize' as const,
      'bonus' as const,
      'purchase' as const,
      'withdraw' as const,
    ),
    customer,
    cents,
  }),
  fc.record({ kind: fc.constant('refund' as const), customer, purchase: fc.nat(20) }),
  fc.record({ kind: fc.constant('settle' as const), customer, withdrawal: fc.nat(20), paid: fc.boolean() }),
);

const isShort = (err: unknown) => err instanceof AppError && err.statusCode === 422;

describe('ledger property', () => {
  it('keeps every entry balanced, every wallet non-negative and the money conserved', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const ids = [0, 1, 2].map((i) => `cus_prop${run}x${i}`);
        // The model: what each customer's accounts should hold.
        const model = ids.map(() => ({ deposit: 0, winnings: 0, bonus: 0, pending: 0 }));
        const purchases = ids.map(() => [] as { ref: string; cents: number; refunded: boolean }[]);
        const held = ids.map(() => [] as { ref: string; cents: number; settled: boolean }[]);
        let n = 0;
        for (const o of ops) {
          const c = o.customer;
          const m = model[c]!;
          const ref = `prop:${run}:${n++}`;
          const base = { customerId: ids[c]!, currency: 'AUD' as const, reference: ref, description: o.kind };
          await database.db.transaction(async (tx) => {
            if (o.kind === 'deposit') {
              await ledger.creditDeposit(tx, { ...base, amountCents: o.cents });
              m.deposit += o.cents;
            } else if (o.kind === 'prize') {
              await ledger.creditPrize(tx, { ...base, amountCents: o.cents });
              m.winnings += o.cents;
            } else if (o.kind === 'bonus') {
              await ledger.creditBonus(tx, { ...base, amountCents: o.cents });
              m.bonus += o.cents;
            } else if (o.kind === 'purchase') {
              const available = m.deposit + m.winnings + m.bonus;
              try {
                await ledger.debitPurchase(tx, { ...base, amountCents: o.cents });
                expect(available).toBeGreaterThanOrEqual(o.cents);
                let left = o.cents;
                for (const k of ['bonus', 'deposit', 'winnings'] as const) {
                  const take = Math.min(left, m[k]);
                  m[k] -= take;
                  left -= take;
                }
                purchases[c]!.push({ ref, cents: o.cents, refunded: false });
              } catch (err) {
                if (!isShort(err)) throw err;
                expect(available).toBeLessThan(o.cents);
              }
            } else if (o.kind === 'withdraw') {
              try {
                await ledger.holdWithdrawal(tx, { ...base, amountCents: o.cents });
                expect(m.winnings).toBeGreaterThanOrEqual(o.cents);
                m.winnings -= o.cents;
                m.pending += o.cents;
                held[c]!.push({ ref, cents: o.cents, settled: false });
              } catch (err) {
                if (!isShort(err)) throw err;
                expect(m.winnings).toBeLessThan(o.cents);
              }
            } else if (o.kind === 'refund') {
              const p = purchases[c]!.filter((x) => !x.refunded)[o.purchase % Math.max(1, purchases[c]!.length)];
              if (!p) return;
              p.refunded = true;
              await ledger.refund(tx, { ...base, amountCents: p.cents, purchaseReference: p.ref });
              // Refunds go back where the purchase came from; the model only tracks the total here.
              m.deposit += p.cents;
            } else if (o.kind === 'settle') {
              const w = held[c]!.filter((x) => !x.settled)[o.withdrawal % Math.max(1, held[c]!.length)];
              if (!w) return;
              w.settled = true;
              await ledger.settleWithdrawal(tx, {
                ...base,
                amountCents: w.cents,
                outcome: o.paid ? 'paid' : 'returned',
              });
              m.pending -= w.cents;
              if (!o.paid) m.winnings += w.cents;
            }
          });
        }
        for (const [i, id] of ids.entries()) {
          const s = await ledger.fundsSummary(id);
          const m = model[i]!;
          expect(s.availableFundsCents).toBe(m.deposit + m.winnings + m.bonus);
          expect(s.pendingWithdrawalsCents).toBe(m.pending);
          expect(s.availableFundsCents).toBeGreaterThanOrEqual(0);
          expect(s.withdrawableCents).toBeGreaterThanOrEqual(0);
        }
        const v = await ledger.verify();
        expect(v).toEqual({ unbalancedEntries: 0, mismatchedAccounts: 0, negativeCustomerAccounts: 0, totalCents: 0 });
      }),
      { numRuns: 20 },
    );
  });

  it('posts a prize once per reference', async () => {
    const m = {
      customerId: 'cus_once',
      amountCents: 1234,
      currency: 'AUD' as const,
      reference: 'prize:drw_1:line_1',
      description: 'Prize',
    };
    const first = await database.db.transaction((tx) => ledger.creditPrize(tx, m));
    const second = await database.db.transaction((tx) => ledger.creditPrize(tx, m));
    expect(first.created).toBe(true);
    expect(second).toEqual({ entryId: first.entryId, created: false });
    expect((await ledger.fundsSummary('cus_once')).withdrawableCents).toBe(1234);
  });

  it('credits a batch of prizes like one creditPrize each: once per reference, in input order, balanced', async () => {
    const m = (customerId: string, amountCents: number, reference: string) => ({
      customerId,
      amountCents,
      currency: 'AUD' as const,
      reference,
      description: 'Prize',
    });
    const earlier = await database.db.transaction((tx) =>
      ledger.creditPrize(tx, m('cus_batch_a', 500, 'prize:batch:1')),
    );
    const batch = [
      m('cus_batch_a', 500, 'prize:batch:1'),
      m('cus_batch_b', 700, 'prize:batch:2'),
      m('cus_batch_a', 300, 'prize:batch:3'),
      m('cus_batch_b', 700, 'prize:batch:2'),
    ];
    const results = await database.db.transaction((tx) => ledger.creditPrizes(tx, batch));
    expect(results[0]).toEqual({ entryId: earlier.entryId, created: false });
    expect(results[1]!.created).toBe(true);
    expect(results[2]!.created).toBe(true);
    expect(results[3]).toEqual(results[1]);
    const again = await database.db.transaction((tx) => ledger.creditPrizes(tx, batch));
    expect(again.every((r) => !r.created)).toBe(true);
    expect(again.map((r) => r.entryId)).toEqual(results.map((r) => r.entryId));
    expect((await ledger.fundsSummary('cus_batch_a')).withdrawableCents).toBe(800);
    expect((await ledger.fundsSummary('cus_batch_b')).withdrawableCents).toBe(700);
    const check = await ledger.verify();
    expect(check.unbalancedEntries).toBe(0);
    expect(check.mismatchedAccounts).toBe(0);
  });

  it('reverses an entry exactly, and refuses when the money is spent', async () => {
    const base = { customerId: 'cus_rev', currency: 'AUD' as const, description: 'x' };
    const dep = await database.db.transaction((tx) =>
      ledger.creditDeposit(tx, { ...base, amountCents: 5000, reference: 'rev:dep' }),
    );
    const dep2 = await database.db.transaction((tx) =>
      ledger.creditDeposit(tx, { ...base, amountCents: 1000, reference: 'rev:dep2' }),
    );
    await database.db.transaction((tx) =>
      ledger.debitPurchase(tx, { ...base, amountCents: 5500, reference: 'rev:buy' }),
    );
    await expect(database.db.transaction((tx) => ledger.reverse(tx, dep.entryId))).rejects.toMatchObject({
      statusCode: 422,
      code: 'insufficient_funds',
    });
    await database.db.transaction((tx) =>
      ledger.refund(tx, { ...base, amountCents: 5500, reference: 'rev:refund', purchaseReference: 'rev:buy' }),
    );
    const r = await database.db.transaction((tx) => ledger.reverse(tx, dep2.entryId));
    expect(r.created).toBe(true);
    expect((await ledger.fundsSummary('cus_rev')).availableFundsCents).toBe(5000);
    const detail = await ledger.getEntry('cus_rev', r.entryId);
    expect(detail).toMatchObject({ kind: 'reversal', reverses: dep2.entryId, amountCents: -1000 });
  });

  it('the database refuses an unbalanced entry at commit (deferred trigger)', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into wallet_entries (public_id, kind, reference, description, currency, created_at) values ('txn_bad', 'deposit', 'bad', 'bad', 'AUD', now())`,
        );
        await tx.execute(
          sql`insert into wallet_lines (entry_id, account_id, amount_cents) select (select id from wallet_entries where reference = 'bad'), (select id from wallet_accounts limit 1), 100`,
        );
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/does not balance/) } });
    expect(await ledger.verify()).toMatchObject({ unbalancedEntries: 0 });
  });
});

describe('concurrency', () => {
  it('50 concurrent withdrawals and purchases on one wallet never overdraw it', async () => {
    const base = { customerId: 'cus_race', currency: 'AUD' as const, description: 'race' };
    await database.db.transaction((tx) =>
      ledger.creditPrize(tx, { ...base, amountCents: 10_000, reference: 'race:prize' }),
    );
    await database.db.transaction((tx) =>
      ledger.creditDeposit(tx, { ...base, amountCents: 5_000, reference: 'race:dep' }),
    );
    const attempts = Array.from({ length: 50 }, (_, i) =>
      database.db.transaction((tx) =>
        i % 2 === 0
          ? ledger.holdWithdrawal(tx, { ...base, amountCents: 700, reference: `race:w${i}` })
          : ledger.debitPurchase(tx, { ...base, amountCents: 900, reference: `race:p${i}` }),
      ),
    );
    const results = await Promise.allSettled(attempts);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 422 });
    const okCount = results.filter((r) => r.status === 'fulfilled').length;
    expect(okCount).toBeGreaterThan(0);
    expect(okCount).toBeLessThan(50);
    const s = await ledger.fundsSummary('cus_race');
    expect(s.availableFundsCents).toBeGreaterThanOrEqual(0);
    expect(s.withdrawableCents).toBeGreaterThanOrEqual(0);
    const withdrawn = results.filter((r, i) => r.status === 'fulfilled' && i % 2 === 0).length * 700;
    const bought = results.filter((r, i) => r.status === 'fulfilled' && i % 2 === 1).length * 900;
    expect(s.availableFundsCents + s.pendingWithdrawalsCents).toBe(15_000 - bought);
    expect(s.pendingWithdrawalsCents).toBe(withdrawn);
    expect(await ledger.verify()).toEqual({
      unbalancedEntries: 0,
      mismatchedAccounts: 0,
      negativeCustomerAccounts: 0,
      totalCents: 0,
    });
  });
});
