import { migrationStatus } from '../../db/index.ts';
import { isProcessAlive, readServerState } from '../../db/embedded.ts';
import { defineCommand } from '../command.ts';

/** The database URL as the CLI prints it: the password, when there is one, replaced by ***. */
export function withoutPassword(url: string) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

export const statusCommand = defineCommand({
  name: 'status',
  usage: '',
  summary: 'Show the database, whether the shop is running, migrations, maintenance mode and segments.',
  async run(_parsed, ctx) {
    // Read before opening: opening may make this process the server's owner.
    const state = ctx.config.databaseUrl ? null : readServerState(ctx.config.dataDir);
    const shopPid =
      state?.ownerPid != null && state.ownerPid !== process.pid && isProcessAlive(state.ownerPid)
        ? state.ownerPid
        : null;
    const { database, platform } = await ctx.rawServices();
    ctx.out(
      `Database:    ${withoutPassword(database.url)}${ctx.config.databaseUrl ? ' (DATABASE_URL)' : ` (embedded, DATA_DIR ${ctx.config.dataDir})`}`,
    );
    if (!ctx.config.databaseUrl) ctx.out(`Shop:        ${shopPid ? `running (pid ${shopPid})` : 'not running'}`);
    const migrations = await migrationStatus(database);
    ctx.out(
      `Migrations:  ${migrations.applied.length} applied, ${migrations.pending.length} pending${migrations.pending.length ? ` (${migrations.pending.join(', ')})` : ''}`,
    );
    if (migrations.applied.length === 0) {
      ctx.out('Not set up yet: `npm start` or any changing ops command migrates and seeds it.');
      return;
    }
    if (await platform.isConfigured()) {
      const webConfig = await platform.getWebConfig();
      ctx.out(`Site:        ${webConfig.siteName}, maintenance mode ${webConfig.maintenanceMode ? 'ON' : 'off'}`);
    }
    const defaultName = await platform.getDefaultSegmentName();
    ctx.out('Segments:');
    for (const s of await platform.listSegments()) {
      const marks = [
        s.segmentName === defaultName ? 'default' : '',
        s.segmentName === ctx.config.defaultSegment ? 'DEFAULT_SEGMENT' : '',
      ].filter(Boolean);
      ctx.out(
        `  ${s.segmentName}${marks.length ? ` (${marks.join(', ')})` : ''}: ${s.capabilities.length} capabilities`,
      );
    }
  },
});
