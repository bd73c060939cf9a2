// Legacy accounts (issue 19, docs/migration.md): import a CSV of legacy customers with their balances, and see what
// is imported, waiting and migrated. A file with any bad row imports nothing.
import { readFile } from 'node:fs/promises';
import { centsToDecimalString, EmailAddress, IsoDate, toCents } from '@shop/contracts';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { LegacyAccount } from '../../modules/migration/index.ts';
import { defineCommand, UsageError } from '../command.ts';

const Row = z.object({
  email: EmailAddress,
  firstname: z.string().trim().min(1).max(100),
  lastname: z.string().trim().min(1).max(100),
  date_of_birth: IsoDate,
  balance: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'a balance such as 12.50' }),
  eligibility: z.enum(['soft', 'hard', '']).optional(),
});

/** The rows of a legacy-accounts CSV (header email,firstname,lastname,date_of_birth,balance[,eligibility]). */
export function legacyAccountsOf(text: string): { accounts: LegacyAccount[]; problems: string[] } {
  let records: Record<string, string>[];
  try {
    records = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (e) {
    return { accounts: [], problems: [`Not a CSV file: ${(e as Error).message}`] };
  }
  const accounts: LegacyAccount[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  records.forEach((record, i) => {
    const line = i + 2;
    const r = Row.safeParse(record);
    if (!r.success) {
      problems.push(`Line ${line}: ${r.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
      return;
    }
    if (seen.has(r.data.email)) problems.push(`Line ${line}: ${r.data.email} appears twice.`);
    seen.add(r.data.email);
    accounts.push({
      email: r.data.email,
      firstname: r.data.firstname,
      lastname: r.data.lastname,
      dateOfBirth: r.data.date_of_birth,
      balanceCents: toCents(r.data.balance),
      eligibility: r.data.eligibility === 'hard' ? 'eligible_hard' : 'eligible_soft',
    });
  });
  return { accounts, problems };
}

export const migrationImportCommand = defineCommand({
  name: 'migration:import',
  usage: '<file.csv>',
  summary: 'Import legacy accounts (email,firstname,lastname,date_of_birth,balance[,eligibility soft|hard]).',
  define: (c) => c.argument('[file]', 'the CSV file of legacy accounts'),
  async run({ args }, ctx) {
    const [file] = args;
    if (!file) throw new UsageError('Give the CSV file of legacy accounts.');
    const { accounts, problems } = legacyAccountsOf(await readFile(file, 'utf8'));
    if (problems.length) {
      problems.forEach((p) => ctx.err(p));
      ctx.err('Nothing was imported.');
      return 1;
    }
    const { imported, skipped } = await (await ctx.services()).migration.importAccounts(accounts);
    ctx.out(`Imported ${imported.length} legacy account(s).`);
    if (skipped.length) ctx.out(`Already imported, left as they were: ${skipped.join(', ')}`);
    ctx.out('Imported customers set their password with "Forgot password" on the login page.');
  },
});

export const migrationStatusCommand = defineCommand({
  name: 'migration:status',
  usage: '',
  summary: 'Legacy accounts and their balances by migration status.',
  async run(_parsed, ctx) {
    const totals = await (await ctx.services()).migration.totals();
    if (!totals.length) ctx.out('No legacy accounts.');
    for (const t of totals)
      ctx.out(`${t.status.padEnd(14)} ${t.accounts} account(s), A$${centsToDecimalString(Number(t.balanceCents))}`);
  },
});
