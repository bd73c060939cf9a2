// Account migration (features §2 "Migrate-account modal", §4, §7 "Migration"): customers imported from the legacy
// system with their legacy balance, POST /migration/migrate starting an asynchronous job (202 while it runs, 200
// once migrated, 409 for an account that cannot migrate), and the job crediting the balance exactly once: the wallet
// credit (ledger reference migration:cus_…) and the status change commit together, and the reference is unique, so
// a crash and retry of the job or a second click never credits twice.
import type { CurrencyCode } from '@shop/contracts';
import type { Db, Executor } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/errors.ts';
import { migrationRows, type MigrationRow } from './migration.repository.ts';
import type { MigrationStatus } from './migration.schema.ts';

export interface LegacyAccount {
  email: string;
  firstname: string;
  lastname: string;
  dateOfBirth: string;
  balanceCents: number;
  /** eligible_hard: purchases wait until the customer migrates (restriction kind migration). */
  eligibility: 'eligible_soft' | 'eligible_hard';
}

export interface MigrationDeps {
  db: Db;
  clock: Clock;
  currency: CurrencyCode;
  /** Identity: the shop customer for a legacy account (an existing active account with the email is reused). */
  importCustomer(
    tx: Executor,
    l: Pick<LegacyAccount, 'email' | 'firstname' | 'lastname' | 'dateOfBirth'>,
  ): Promise<{ customerId: string; created: boolean }>;
  /** The wallet: deposit +, legacy_migration − under the reference, once. */
  creditMigration(
    tx: Executor,
    m: { customerId: string; amountCents: number; currency: CurrencyCode; reference: string; description: string },
  ): Promise<{ entryId: string; created: boolean }>;
  /** Called after a migration is requested so the job runs now rather than at its next tick. */
  kick?: () => void;
}

export const MIGRATION_TEXTS = {
  ineligible: 'This account has nothing to migrate.',
  restriction: 'Please migrate your account to continue: your balance from your previous account moves to your wallet.',
} as const;

export const migrationReference = (customerId: string) => `migration:${customerId}`;

export function createMigrationService(deps: MigrationDeps) {
  const { db, clock } = deps;

  /** Carries out one requested migration; false when none is waiting. Safe to run in many processes at once (the row lock). */
  async function runOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const row = await migrationRows.nextInProgress(tx);
      if (!row) return false;
      const credit =
        row.balanceCents > 0
          ? await deps.creditMigration(tx, {
              customerId: row.customerId,
              amountCents: row.balanceCents,
              currency: row.currency as CurrencyCode,
              reference: migrationReference(row.customerId),
              description: 'Balance from your previous account',
            })
          : { entryId: 'none' };
      await migrationRows.finish(tx, row.id, credit.entryId, clock.now());
      return true;
    });
  }

  return {
    /** The overview's migrationStatus: ineligible for a customer who was never a legacy account. */
    async statusOf(customerId: string, exec: Executor = db): Promise<MigrationStatus> {
      const row = await migrationRows.byCustomer(exec, customerId);
      return (row?.status as MigrationStatus | undefined) ?? 'ineligible';
    },

    /** Imports legacy accounts, each in its own transaction with its customer; an account imported before is skipped. */
    async importAccounts(accounts: LegacyAccount[]): Promise<{ imported: string[]; skipped: string[] }> {
      const imported: string[] = [];
      const skipped: string[] = [];
      for (const a of accounts) {
        const done = await db.transaction(async (tx) => {
          const { customerId } = await deps.importCustomer(tx, a);
          return migrationRows.insert(tx, {
            customerId,
            legacyEmail: a.email,
            balanceCents: a.balanceCents,
            currency: deps.currency,
            status: a.eligibility,
            eligibility: a.eligibility,
            importedAt: clock.now(),
          });
        });
        (done ? imported : skipped).push(a.email);
      }
      return { imported, skipped };
    },

    /**
     * POST /migration/migrate. 'in_progress' (202) while the job runs, 'migrated' (200) once done; 409 for an account
     * that cannot migrate. Calling it again while in progress only answers the state (the spec polls this call).
     */
    async migrate(customerId: string): Promise<MigrationStatus> {
      const started = await migrationRows.start(db, customerId, clock.now());
      if (started) {
        deps.kick?.();
        return 'in_progress';
      }
      const row: MigrationRow | undefined = await migrationRows.byCustomer(db, customerId);
      if (row?.status === 'in_progress' || row?.status === 'migrated') return row.status;
      throw conflict(MIGRATION_TEXTS.ineligible, 'migration_ineligible');
    },

    /** The job: every requested migration, one transaction each. Returns how many were carried out. */
    async runPending(): Promise<number> {
      let n = 0;
      while (await runOne()) n++;
      return n;
    },

    /** The legacy account `restriction` reads, as part of the purchase's one read of its checks (ADR 108). */
    accountRead: (customerId: string) => migrationRows.byCustomerRead(customerId),
    /** Restriction kind migration (features §4): an eligible_hard account buys nothing until migrated. */
    async restriction(customerId: string, exec: Executor = db): Promise<{ code: string; message: string } | null> {
      const row = await migrationRows.byCustomer(exec, customerId);
      if (row?.eligibility === 'eligible_hard' && row.status !== 'migrated')
        return { code: 'migration', message: MIGRATION_TEXTS.restriction };
      return null;
    },

    /** Imported accounts and balances per status: what is still owed to legacy customers reconciles with the ledger. */
    totals: () => migrationRows.totals(db),
  };
}
export type MigrationService = ReturnType<typeof createMigrationService>;
