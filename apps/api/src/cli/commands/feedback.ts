// Operators read what visitors sent with the feedback widget (issue 20): newest first, optionally since a date and
// of one rating (-1 not satisfied, 0 neutral, 1 satisfied).
import { defineCommand, UsageError } from '../command.ts';

const RATING_NAMES: Record<number, string> = { [-1]: 'not_satisfied', 0: 'neutral', 1: 'satisfied' };
const LIMIT = 100;

export const feedbackListCommand = defineCommand({
  name: 'feedback:list',
  usage: '[--since YYYY-MM-DD] [--rating -1|0|1]',
  summary: `List feedback events, newest first (at most ${LIMIT}).`,
  define: (c) =>
    c
      .option('--since <date>', 'only feedback sent on or after this date (or ISO time)')
      .option('--rating <rating>', 'only this rating: -1, 0 or 1'),
  async run({ options }: { options: { since?: string; rating?: string } }, ctx) {
    const since = options.since ? new Date(options.since) : undefined;
    if (since && Number.isNaN(since.getTime())) throw new UsageError('--since takes a date such as 2026-11-01.');
    const rating = options.rating === undefined ? undefined : Number(options.rating);
    if (rating !== undefined && ![-1, 0, 1].includes(rating)) throw new UsageError('--rating takes -1, 0 or 1.');
    const { items, total } = await (await ctx.services()).feedback.list({ since, rating, limit: LIMIT, offset: 0 });
    if (!items.length) ctx.out('No feedback.');
    for (const f of items) {
      const who = f.customerId ?? 'guest';
      ctx.out(
        `${f.createdAt} ${f.eventId} ${RATING_NAMES[f.rating]} ${who}${f.email ? ` <${f.email}>` : ''} ${f.source}` +
          `${f.variant ? ` [${f.variant}]` : ''}`,
      );
      if (f.comment) ctx.out(`  ${JSON.stringify(f.comment)}`);
    }
    if (total > items.length) ctx.out(`(${total - items.length} more; narrow with --since or --rating)`);
  },
});
