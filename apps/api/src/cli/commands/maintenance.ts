import { createPlatformService } from '../../modules/platform/index.ts';
import { defineCommand, UsageError } from '../command.ts';

export const maintenanceCommand = defineCommand({
  name: 'maintenance',
  usage: 'on|off',
  summary: 'Turn maintenance mode on (the storefront answers 503) or off.',
  async run(args, ctx) {
    const [mode, ...rest] = args;
    if ((mode !== 'on' && mode !== 'off') || rest.length) throw new UsageError('Say "on" or "off".');
    const database = await ctx.database();
    await createPlatformService({ db: database.db, config: ctx.config, clock: ctx.clock }).setMaintenanceMode(
      mode === 'on',
    );
    ctx.out(`Maintenance mode is ${mode}.`);
  },
});
