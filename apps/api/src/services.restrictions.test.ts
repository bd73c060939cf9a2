// The purchase's checks read in one statement (ADR 108): what `prefetch` hands each module's read (the customer's
// row, the legacy account, the exclusion and limits, mapped from JSON) equals what that read answers from its own
// statement, column for column; outside a transaction nothing is kept, and each answer is taken once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers/app.ts';
import { signUpAndLogin } from '../test/helpers/customers.ts';
import { prefetch, type BatchedRead, type Executor } from './db/index.ts';
import { countQueries } from './db/query-counter.ts';
import { customers } from './modules/identity/identity.repository.ts';
import { migrationAccounts } from './modules/migration/migration.schema.ts';
import { migrationRows } from './modules/migration/migration.repository.ts';
import { rgExclusions as exclusionRows } from './modules/responsible-gambling/responsible-gambling.repository.ts';
import { rgExclusions, rgLimits } from './modules/responsible-gambling/responsible-gambling.schema.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the purchase checks read as one statement', () => {
  it('gives every module the rows its own read gives', async () => {
    const { customerId } = await signUpAndLogin(t);
    const now = new Date();
    const later = new Date(now.getTime() + 86_400_000);
    const db = t.database.db;
    await db.insert(rgLimits).values([
      {
        publicId: `lim_a_${customerId}`,
        customerId,
        kind: 'spend',
        period: 'weekly',
        currency: 'AUD',
        limitCents: 12_345,
        pendingCents: 20_000,
        pendingFrom: later,
        createdAt: now,
        updatedAt: now,
      },
      {
        publicId: `lim_b_${customerId}`,
        customerId,
        kind: 'deposit',
        period: 'daily',
        currency: 'AUD',
        limitCents: 5_000,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await db.insert(rgExclusions).values({
      customerId,
      email: `${customerId}@example.test`,
      kind: 'take_a_break',
      period: '1d',
      startsAt: now,
      endsAt: later,
    });
    await db.insert(migrationAccounts).values({
      customerId,
      legacyEmail: 'legacy@example.test',
      balanceCents: 4_321,
      status: 'in_progress',
      eligibility: 'eligible_hard',
      importedAt: now,
      requestedAt: later,
    });

    const reads = (): BatchedRead[] => [
      customers.byPublicIdRead(customerId),
      migrationRows.byCustomerRead(customerId),
      exclusionRows.withLimitsRead(customerId, now),
    ];
    const direct = async (exec: Executor) => ({
      customer: await customers.byPublicId(exec, customerId),
      account: await migrationRows.byCustomer(exec, customerId),
      checks: await exclusionRows.withLimits(exec, customerId, now),
    });

    const own = await db.transaction((tx) => direct(tx));
    expect(own.customer?.publicId).toBe(customerId);
    expect(own.account?.balanceCents).toBe(4_321);
    expect(own.checks.excluded?.kind).toBe('take_a_break');
    expect(own.checks.rows.map((r) => r.period)).toEqual(['daily', 'weekly']);

    const counter = countQueries(t.database.pool);
    try {
      await db.transaction(async (tx) => {
        counter.take();
        await prefetch(tx, 'test_checks', reads());
        expect(counter.take().roundTrips).toBe(1);
        // Every read now answers from the prefetched statement: nothing is sent.
        expect(await direct(tx)).toEqual(own);
        expect(counter.take().roundTrips).toBe(0);
        // Taken once: a second read goes to the database and answers the same.
        expect(await direct(tx)).toEqual(own);
        expect(counter.take().roundTrips).toBe(3);
      });
    } finally {
      counter.stop();
    }

    // Outside a transaction prefetch keeps nothing (a pool has no single caller to keep answers for).
    await prefetch(db, 'test_checks', reads());
    expect(await direct(db)).toEqual(own);
  });

  it('answers nothing for a customer with no rows, as the own reads do', async () => {
    const { customerId } = await signUpAndLogin(t);
    await t.database.db.transaction(async (tx) => {
      await prefetch(tx, 'test_checks', [
        migrationRows.byCustomerRead(customerId),
        exclusionRows.withLimitsRead(customerId, new Date()),
      ]);
      expect(await migrationRows.byCustomer(tx, customerId)).toBeUndefined();
      expect(await exclusionRows.withLimits(tx, customerId, new Date())).toEqual({ excluded: null, rows: [] });
    });
  });
});
