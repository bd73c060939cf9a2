// Operator commands of responsible gambling (issue 8): manual identity verification decisions and a customer's
// exclusion. Exclusions cannot be lifted here (or anywhere): the command only shows them.
import type { Command } from 'commander';
import { defineCommand, UsageError } from '../command.ts';

const CUSTOMER_ID = /^cus_[A-Za-z0-9_-]+$/;
const customerOption = (c: Command) => c.option('--customer <id>', 'the customer (cus_…)');

export const verificationListCommand = defineCommand({
  name: 'verification:list',
  usage: '',
  summary: 'List identity documents waiting for a manual decision, with the stored file paths.',
  async run(_parsed, ctx) {
    const pending = await (await ctx.services()).responsibleGambling.documents.pendingManualVerifications();
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
  define: customerOption,
  async run({ options }: { options: { customer?: string } }, ctx) {
    if (!options.customer || !CUSTOMER_ID.test(options.customer))
      throw new UsageError('Name the customer with --customer cus_….');
    const rg = (await ctx.services()).responsibleGambling;
    try {
      const r = await rg.documents.decideManualVerification(options.customer, 'approve');
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
  define: (c) => customerOption(c).option('--reason <text>', 'why, shown to the customer'),
  async run({ options }: { options: { customer?: string; reason?: string } }, ctx) {
    if (!options.customer || !CUSTOMER_ID.test(options.customer))
      throw new UsageError('Name the customer with --customer cus_….');
    if (!options.reason?.trim()) throw new UsageError('Give the reason with --reason.');
    const rg = (await ctx.services()).responsibleGambling;
    try {
      const r = await rg.documents.decideManualVerification(options.customer, 'reject', options.reason.trim());
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
  define: customerOption,
  async run({ options }: { options: { customer?: string } }, ctx) {
    if (!options.customer || !CUSTOMER_ID.test(options.customer))
      throw new UsageError('Name the customer with --customer cus_….');
    const { exclusions } = (await ctx.services()).responsibleGambling;
    const current = await exclusions.exclusion(options.customer);
    const history = await exclusions.exclusionHistory(options.customer);
    ctx.out(current ? `Excluded now: ${current.kind} until ${current.endsAt}.` : 'Not excluded now.');
    for (const h of history) ctx.out(`  ${h.kind} ${h.period}: ${h.startsAt} to ${h.endsAt}`);
  },
});
