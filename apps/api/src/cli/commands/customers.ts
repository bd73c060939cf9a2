// Support commands for customer accounts.
import { createIdentityService } from '../../modules/identity/index.ts';
import { defineCommand, UsageError } from '../command.ts';

export const customerUnlockTwoFactorCommand = defineCommand({
  name: 'customer:unlock-2fa',
  usage: '<email>',
  summary: 'Lift the two-factor lock of a customer who entered 5 wrong codes (after checking who they are).',
  async run(args, ctx) {
    const [email, ...rest] = args;
    if (!email || rest.length) throw new UsageError("Give the customer's email address.");
    const database = await ctx.database();
    const identity = createIdentityService({ db: database.db, clock: ctx.clock, config: ctx.config });
    const outcome = await identity.unlockTwoFactor(email);
    if (outcome === 'unknown') {
      ctx.err(`No open account has the email ${email}.`);
      return 1;
    }
    ctx.out(
      outcome === 'unlocked'
        ? `Two-factor authentication for ${email} is unlocked.`
        : `Two-factor authentication for ${email} was not locked.`,
    );
  },
});
