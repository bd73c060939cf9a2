import { defineCommand, UsageError } from '../command.ts';

export const maintenanceCommand = defineCommand({
  name: 'maintenance',
  usage: 'on|off',
  summary: 'Turn maintenance mode on (the storefront answers 503) or off.',
  define: (c) => c.argument('[mode]', 'on or off'),
  async run({ args }, ctx) {
    const [mode] = args;
    if (mode !== 'on' && mode !== 'off') throw new UsageError('Say "on" or "off".');
    await (await ctx.services()).platform.setMaintenanceMode(mode === 'on');
    ctx.out(`Maintenance mode is ${mode}.`);
  },
});
