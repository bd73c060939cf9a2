// Operator commands of responsible gambling (issue 8): manual identity verification decisions and a customer's
// exclusion. Exclusions cannot be lifted here (or anywhere): the command only shows them.
import type { Database } from '../../db/index.ts';
import { createIdentityService } from '../../modules/identity/index.ts';
import { createResponsibleGamblingService } from '../../modules/responsible-gambling/index.ts';
import { createLedger } from '../../modules/wallet/index.ts';
import { defineCommand, parseArgs, UsageError, type CliContext } from '../command.ts';

function services(database: Database, ctx: CliContext) {
  const identity = createIdentityService({ db: database.db, clock: ctx.clock, config: ctx.config });
  const ledger = createLedger({ db: database.db, clock: ctx.clock });
  return createResponsibleGamblingService({
    db: database.db,
    clock: ctx.clock,
    config: ctx.config,
    ledger,
    customers: identity,
  });
}

const CUSTOMER_ID = /^cus_[A-Za-z0-9_-]+$/;

export const verificationListCommand = defineCommand({
  name: 'verification:list',
  usage: '',
  summary: 'List identity documents waiting for a manual decision, with the stored file paths.',
  async run(args, ctx) {
    if (args.length) throw new UsageError('No arguments.');
    const rg = services(await ctx.database(), ctx);
    const pending = await rg.pendingManualVerifications();
    if (!pending.length) ctx.out('No verifications waiting for review.');
    for (const p of pending) {
      ctx.out(`${p.id} ${p.customerId} ${p.method} submitted ${p.createdAt.toISOString()}`);
      for (const f of p.files) ctx.out(`  ${f.name} (${f.mimeType}, ${f.sizeBytes} bytes): ${f.path}`);
    }
  },
});

export const verificationApproveCommand = defineCommand({
  name: 'verification:approve',
  usage: '--customer cus_…',
  summary: "Approve a customer's uploaded identity documents: the customer becomes verified.",
  async run(args, ctx) {
    const { positional, options } = parseArgs(args, ['customer']);
    if (positional.length || !options.customer || !CUSTOMER_ID.test(options.customer))
      throw new UsageError('Name the customer with --customer cus_….');
    const rg = services(await ctx.database(), ctx);
    try {
      const r = await rg.decideManualVerification(options.customer, 'approve');
      ctx.out(`${r.id}: ${options.customer} is verified.`);
    } catch (err) {
      ctx.err((err as Error).message);
      return 1;
    }
  },
});

export const verificationRejectCommand = defineCommand({
  name: 'verification:reject',
  usage: '--customer cus_… --reason text',
  summary: "Reject a customer's uploaded identity documents; the reason is shown to the customer.",
  async run(args, ctx) {
    const { positional, options } = parseArgs(args, ['customer', 'reason']);
    if (positional.length || !options.customer || !CUSTOMER_ID.test(options.customer))
      throw new UsageError('Name the customer with --customer cus_….');
    if (!options.reason?.trim()) throw new UsageError('Give the reason with --reason.');
    const rg = services(await ctx.database(), ctx);
    try {
      const r = await rg.decideManualVerification(options.customer, 'reject', options.reason.trim());
      ctx.out(`${r.id}: rejected (${options.reason.trim()}).`);
    } catch (err) {
      ctx.err((err as Error).message);
      return 1;
    }
  },
});

export const customerExclusionCommand = defineCommand({
  name: 'customer:exclusion',
  usage: '--customer cus_…',
  summary: "Show a customer's breaks and self-exclusions (they cannot be lifted early).",
  async run(args, ctx) {
    const { positional, options } = parseArgs(args, ['customer']);
    if (positional.length || !options.customer || !CUSTOMER_ID.test(options.customer))
      throw new UsageError('Name the customer with --customer cus_….');
    const rg = services(await ctx.database(), ctx);
    const current = await rg.exclusion(options.customer);
    const history = await rg.exclusionHistory(options.customer);
    ctx.out(current ? `Excluded now: ${current.kind} until ${current.endsAt}.` : 'Not excluded now.');
    for (const h of history) ctx.out(`  ${h.kind} ${h.period}: ${h.startsAt} to ${h.endsAt}`);
  },
});
