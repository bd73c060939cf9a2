// Support commands for customer accounts.
import { defineCommand, UsageError } from '../command.ts';

export const customerUnlockTwoFactorCommand = defineCommand({
  name: 'customer:unlock-2fa',
  usage: '<email>',
  summary: 'Lift the two-factor lock of a customer who entered 5 wrong codes (after checking who they are).',
  define: (c) => c.argument('[email]', "the customer's email address"),
  async run({ args }, ctx) {
    const [email] = args;
    if (!email) throw new UsageError("Give the customer's email address.");
    const { identity } = await ctx.services();
    const outcome = await identity.twoFactor.unlockTwoFactor(email);
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

export const customerRequireUpgradeCommand = defineCommand({
  name: 'customer:require-upgrade',
  usage: '<email>',
  summary:
    'Require a customer to check and complete their details: every page sends them to /force-upgrade-account until they save them.',
  define: (c) => c.argument('[email]', "the customer's email address"),
  async run({ args }, ctx) {
    const [email] = args;
    if (!email) throw new UsageError("Give the customer's email address.");
    const { identity } = await ctx.services();
    const outcome = await identity.profile.requireAccountUpgrade(email);
    if (outcome === 'unknown') {
      ctx.err(`No open account has the email ${email}.`);
      return 1;
    }
    ctx.out(
      outcome === 'required'
        ? `${email} must check and complete their details before they continue.`
        : `${email} already had to complete their details.`,
    );
  },
});

export const customerConfirmAddressCommand = defineCommand({
  name: 'customer:confirm-address',
  usage: '<email>',
  summary: 'Ask a customer to confirm their postal address: the banner shows at their next visit (mail came back).',
  define: (c) => c.argument('[email]', "the customer's email address"),
  async run({ args }, ctx) {
    const [email] = args;
    if (!email) throw new UsageError("Give the customer's email address.");
    const { identity } = await ctx.services();
    if (!(await identity.profile.requireAddressConfirmation(email))) {
      ctx.err(`No open account has the email ${email}.`);
      return 1;
    }
    ctx.out(`${email} will be asked to confirm their address.`);
  },
});
