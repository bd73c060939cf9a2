// Property test of subscriptions in the recurring processor (issue 15 Reliability) on a real database: random
// sequences of subscribing (a weekly charity-raffle entry) / pause / timed pause / unpause / cancel / the clock moving
// on by days / processor runs (alone, two at once, and a run killed right after its purchase committed, before the
// subscription recorded it). After every run: each subscription holds at most one purchase per period; a run buys
// nothing for one that is paused or cancelled, and buys the current period for every due one; the wallet balances
// with the checkouts.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEST_NOW, testServices } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { catalogueAt, fundWallet } from '../../../test/helpers/recurring.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import type { Services } from '../../services.ts';
import { RAFFLE_SEED } from '../raffles/index.ts';
import { periodAt } from './recurring.subscriptions.ts';

const DEPOSIT = 10_000_000;
const DAY = 86_400_000;

let database: Database;
const clock = fixedClock(TEST_NOW);
let s: Services;
beforeAll(async () => {
  database = await createTestDatabase();
  s = testServices(database, { clock });
});
afterAll(() => database.close());

type Step =
  | { kind: 'create' }
  | { kind: 'pause'; i: number }
  | { kind: 'unpause'; i: number }
  | { kind: 'cancel'; i: number }
  | { kind: 'timedPause'; i: number; days: number }
  | { kind: 'later'; days: number }
  | { kind: 'run' }
  | { kind: 'parallel' }
  | { kind: 'killed' };

// Weighted so that sequences reach later periods and run the processor there.
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.constant<Step>({ kind: 'create' }), weight: 2 },
  { arbitrary: fc.nat(3).map((i): Step => ({ kind: 'pause', i })), weight: 1 },
  { arbitrary: fc.nat(3).map((i): Step => ({ kind: 'unpause', i })), weight: 2 },
  { arbitrary: fc.nat(3).map((i): Step => ({ kind: 'cancel', i })), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('timedPause' as const),
      i: fc.nat(3),
      days: fc.integer({ min: 1, max: 10 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.integer({ min: 1, max: 9 }).map((days): Step => ({ kind: 'later', days })), weight: 4 },
  { arbitrary: fc.constantFrom<Step>({ kind: 'run' }, { kind: 'parallel' }, { kind: 'killed' }), weight: 4 },
);

const entry = {
  productType: 'raffle_ticket' as const,
  productOfferKey: RAFFLE_SEED.prizeHome,
  numTickets: 1,
  subscriptionPeriod: 'weekly' as const,
};

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(q)).rows as T[];
}

/** The processor's purchases of the customer's subscriptions: the subscription, the period of its key, and when. */
async function purchasesOf(customerId: string) {
  const found = await rows<{ key: string; created_at: string }>(
    sql`select idempotency_key as key, created_at from orders_checkouts where customer_id = ${customerId} and idempotency_key like 'rcp:%'`,
  );
  return found.map((r) => {
    const [, id, , n] = r.key.split(':');
    return { id: id!, period: Number(n), at: new Date(r.created_at) };
  });
}

it('buys at most once per period, never while paused or cancelled, the due period otherwise; the wallet balances', async () => {
  let n = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 16 }), async (tail) => {
      const steps: Step[] = [{ kind: 'create' }, ...tail];
      // Every sequence starts at the seed's time: the raffle's draw stays on sale for the 40 days it can cover.
      clock.set(TEST_NOW);
      await catalogueAt(s);
      const customerId = `cus_subprop_${++n}_${Date.now().toString(36)}`;
      await fundWallet(s, customerId, DEPOSIT);
      const ids: string[] = [];
      const created = new Map<string, Date>();
      const at = (i: number) => (ids.length ? ids[i % ids.length]! : null);

      for (const st of steps) {
        if (st.kind === 'create') {
          await s.purchase.purchaseItems(customerId, `create-${ids.length}`, [entry]);
          const [made] = (await s.subscriptions.list(customerId, { limit: 1, offset: 0 })).items;
          ids.push(made!.autoplayId);
          created.set(made!.autoplayId, new Date(made!.createdAt));
          continue;
        }
        if (st.kind === 'later') {
          // At most 40 days after the seed: the raffle's draw closes at 45.
          const to = Math.min(clock.now().getTime() + st.days * DAY, Date.parse(TEST_NOW) + 40 * DAY);
          clock.set(new Date(to).toISOString());
          await catalogueAt(s);
          continue;
        }
        if (st.kind === 'run' || st.kind === 'parallel' || st.kind === 'killed') {
          const now = clock.now();
          const views = await Promise.all(ids.map((id) => s.subscriptions.get(customerId, id)));
          const due = views.filter(
            (v) =>
              (v.status === 'active' ||
                (v.status === 'timed_paused' && new Date(v.pausedUntil!).getTime() <= now.getTime())) &&
              new Date(v.nextDueAt!).getTime() <= now.getTime(),
          );
          const before = await purchasesOf(customerId);
          if (st.kind === 'killed') {
            // What a run killed at 'recurring:purchased' leaves: the first due purchase committed, nothing recorded.
            const first = due[0];
            if (first) {
              const k = periodAt(created.get(first.autoplayId)!, 'weekly', now);
              const { subscriptionPeriod: _p, ...item } = entry;
              await s.purchase.purchaseItems(customerId, `rcp:${first.autoplayId}:period:${k}`, [item]);
            }
          } else if (st.kind === 'parallel') {
            await Promise.all([s.recurringProcessor.run({ customerId }), s.recurringProcessor.run({ customerId })]);
          } else {
            await s.recurringProcessor.run({ customerId });
          }
          const after = await purchasesOf(customerId);
          const dueIds = new Set(due.map((v) => v.autoplayId));
          for (const id of ids) {
            const mine = after.filter((p) => p.id === id);
            // Not due (paused, cancelled, or its period bought already): nothing new.
            if (!dueIds.has(id)) expect(mine.length).toBe(before.filter((p) => p.id === id).length);
            // Due: the current period is bought (a killed run bought it without recording it).
            else if (st.kind !== 'killed')
              expect(mine.map((p) => p.period)).toContain(periodAt(created.get(id)!, 'weekly', now));
            // At most one purchase per period, each in the period its key names.
            expect(new Set(mine.map((p) => p.period)).size).toBe(mine.length);
            for (const p of mine) expect(periodAt(created.get(id)!, 'weekly', p.at)).toBe(p.period);
          }
          continue;
        }
        const id = at(st.i);
        if (!id) continue;
        const view = await s.subscriptions.get(customerId, id);
        if (view.status === 'cancelled') continue;
        const status =
          st.kind === 'pause'
            ? { status: 'paused' }
            : st.kind === 'unpause'
              ? { status: 'active' }
              : st.kind === 'cancel'
                ? { status: 'cancelled' }
                : {
                    status: 'timed_paused',
                    pausedUntil: new Date(clock.now().getTime() + st.days * DAY).toISOString(),
                  };
        await s.subscriptions.setStatus(customerId, id, status);
      }

      // The wallet: the deposit less what the checkouts took.
      const [paid] = await rows<{ cents: number }>(
        sql`select coalesce(sum(paid_from_wallet_cents), 0)::bigint as cents from orders_checkouts where customer_id = ${customerId}`,
      );
      expect((await s.ledger.fundsSummary(customerId)).availableFundsCents).toBe(DEPOSIT - Number(paid!.cents));
    }),
    { numRuns: 20, endOnFailure: true },
  );
}, 300_000);
