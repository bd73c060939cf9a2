// Operator command of Lotto Party (issue 16, docs/lotto-party.md): one pass of the session job now (unfilled sessions
// past their close cancelled and refunded, autosessions created); safe to repeat.
import { defineCommand } from '../command.ts';

export const lottoPartyRunCommand = defineCommand({
  name: 'lotto-party:run',
  usage: '',
  summary: 'Close due Lotto Party sessions (unfilled: cancelled and refunded) and create autosessions (safe to repeat).',
  async run(_args: unknown, ctx) {
    const r = await (await ctx.services()).lottoParty.lifecycle.run();
    ctx.out(`Cancelled ${r.cancelled} session(s), ${r.refunds} refund(s); created ${r.autosessions} autosession(s).`);
  },
});
