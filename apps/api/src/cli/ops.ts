// Operator CLI: `npm run ops -- <command> [args]`. Same configuration as the app; attaches to the running shop's
// embedded database, or starts it for the duration of the command.
import { pathToFileURL } from 'node:url';
import { migrate, openDatabase, type Database } from '../db/index.ts';
import { EmbeddedDatabaseError } from '../db/embedded.ts';
import { loadConfig, type AppConfig } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { UsageError, type CliContext, type Command } from './command.ts';
import { commands as registered } from './registry.ts';

export interface RunOptions {
  config?: AppConfig;
  clock?: Clock;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Tests hand in a database; otherwise the configured one is opened (and closed at the end). */
  database?: Database;
  commands?: Command[];
}

/** Usages up to this wide share a line with their summary; a longer one puts the summary on the next line. */
const HELP_COLUMN = 44;

function helpText(commands: Command[]): string[] {
  const entries: [string, string][] = [
    ['help', 'List the commands.'],
    ...commands.map((c): [string, string] => [`${c.name} ${c.usage}`.trim(), c.summary]),
  ];
  const width = Math.min(HELP_COLUMN, Math.max(...entries.map(([u]) => u.length)));
  return [
    'Usage: npm run ops -- <command> [arguments]',
    '',
    'Commands:',
    ...entries.flatMap(([usage, summary]) =>
      usage.length <= width
        ? [`  ${usage.padEnd(width)}  ${summary}`]
        : [`  ${usage}`, `  ${' '.repeat(width)}  ${summary}`],
    ),
  ];
}

/** Run one command; resolves to the process exit code. */
export async function runOps(argv: string[], options: RunOptions = {}): Promise<number> {
  const out = options.out ?? ((l: string) => process.stdout.write(`${l}\n`));
  const err = options.err ?? ((l: string) => process.stderr.write(`${l}\n`));
  const commands = options.commands ?? registered;
  const [name, ...args] = argv;

  if (!name || name === 'help' || name === '--help' || name === '-h') {
    for (const line of helpText(commands)) out(line);
    return name ? 0 : 1;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    err(`Unknown command "${name}". Run \`npm run ops -- help\` for the list.`);
    return 1;
  }

  let config: AppConfig;
  try {
    config = options.config ?? loadConfig();
  } catch (e) {
    err((e as Error).message);
    return 1;
  }
  const clock = options.clock ?? systemClock;
  let opened: Database | undefined;
  let ready = false;
  const open = async () => {
    opened ??= options.database ?? (await openDatabase(config));
    return opened;
  };
  const ctx: CliContext = {
    config,
    clock,
    out,
    err,
    rawDatabase: open,
    database: async () => {
      const database = await open();
      if (!ready) {
        await migrate(database);
        await seedIfEmpty(database, { config, clock });
        ready = true;
      }
      return database;
    },
  };

  try {
    return (await command.run(args, ctx)) ?? 0;
  } catch (e) {
    if (e instanceof UsageError) {
      err(`${e.message}\nUsage: npm run ops -- ${`${command.name} ${command.usage}`.trim()}`);
    } else if (e instanceof AppError || e instanceof EmbeddedDatabaseError) {
      err(e.message);
    } else {
      err(`${command.name} failed: ${(e as Error).stack ?? String(e)}`);
    }
    return 1;
  } finally {
    if (opened && !options.database) await opened.close().catch(() => undefined);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `npm run ops -- status | head` closes the pipe early; that is not a failure worth a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
  });
  runOps(process.argv.slice(2)).then((code) => process.exit(code));
}
