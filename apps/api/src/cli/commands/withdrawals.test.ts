// withdrawals:approve / withdrawals:reject / deposits:reconcile through runOps against a test database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig, testServices } from '../../../test/helpers/app.ts';
import { createWithdrawalsService } from '../../modules/payments/index.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import type { Database } from '../../db/index.ts';
import { fixedClock } from '../../lib/clock.ts';
import { runOpsCaptured } from '../../../test/helpers/ops.ts';

let database: Database;
const config = testConfig();
const clock = fixedClock('2026-03-01T00:00:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const ops = (...argv: string[]) => runOpsCaptured(argv, { config, clock, database });

describe('withdrawal commands', () => {
  it('approves by id, rejects with funds returned, and refuses a decided withdrawal', async () => {
    // Withdrawals asked for directly, as the customer would (no identity check for this made-up customer): only the
    // operator's decisions below go through the CLI and its services.
    const { ledger, payments: services } = testServices(database, { clock, config });
    const payments = createWithdrawalsService({
      db: database.db,
      clock,
      ledger,
      funds: services.funds,
      currencyOf: async () => 'AUD',
    });
    await database.db.transaction((tx) =>
      ledger.creditPrize(tx, {
        customerId: 'cus_cli',
        amountCents: 5000,
        currency: 'AUD',
        reference: 'cli:prize',
        description: 'Prize',
      }),
    );
    const a = await payments.withdraw('cus_cli', 'tw', 'test', { amount: 10 });
    const b = await payments.withdraw('cus_cli', 'tw', 'test', { amount: 15 });
    const approved = await ops('withdrawals:approve', '--id', a.id);
    expect(approved).toMatchObject({ code: 0, out: `${a.id}: paid (10.00 AUD by tw)` });
    expect((await ops('withdrawals:approve', '--id', a.id)).code).toBe(1);
    const rejected = await ops('withdrawals:reject', '--id', b.id, '--reason', 'Name mismatch');
    expect(rejected.code).toBe(0);
    expect(await ledger.fundsSummary('cus_cli')).toMatchObject({ withdrawableCents: 4000, pendingWithdrawalsCents: 0 });
    expect((await ops('withdrawals:approve')).out).toBe('No pending withdrawals.');
    expect((await ops('withdrawals:reject')).code).toBe(1);
    expect((await ops('deposits:reconcile')).out).toBe('Reconciled 0 deposit(s).');
  });
});
