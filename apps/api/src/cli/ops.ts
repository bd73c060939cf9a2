// Operator CLI: `npm run ops -- <command> [args]`. Same configuration as the app; attaches to the running shop's
// embedded database, or starts it for the duration of the command. Each command is a commander command (typed
// options, `--help`, usage errors); the services come from the composition root like everywhere else.
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { migrate, openDatabase, type Database } from '../db/index.ts';
import { EmbeddedDatabaseError } from '../db/embedded.ts';
import { loadConfig, type AppConfig } from '../env.ts';
import { AppError } from '../lib/errors.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { createServices, type Services } from '../services.ts';
import { UsageError, type CliContext, type OpsCommand } from './command.ts';
import { commands as registered } from './registry.ts';

export interface RunOptions {
  config?: AppConfig;
  clock?: Clock;
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Tests hand in a database; otherwise the configured one is opened (and closed at the end). */
  database?: Database;
  commands?: OpsCommand<never>[];
}

/** Usages up to this wide share a line with their summary; a longer one puts the summary on the next line. */
const HELP_COLUMN = 44;
const PROGRAM = 'npm run ops --';

const usageOf = (c: Pick<OpsCommand, 'name' | 'usage'>) => `${c.name} ${c.usage}`.trim();

function helpText(commands: Pick<OpsCommand, 'name' | 'usage' | 'summary'>[]): string[] {
  const entries: [string, string][] = [
    ['help [command]', 'List the commands, or show the help of one.'],
    ...commands.map((c): [string, string] => [usageOf(c), c.summary]),
  ];
  const width = Math.min(HELP_COLUMN, Math.max(...entries.map(([u]) => u.length)));
  return [
    `Usage: ${PROGRAM} <command> [arguments]   (${PROGRAM} <command> --help for one command)`,
    '',
    'Commands:',
    ...entries.flatMap(([usage, summary]) =>
      usage.length <= width
        ? [`  ${usage.padEnd(width)}  ${summary}`]
        : [`  ${usage}`, `  ${' '.repeat(width)}  ${summary}`],
    ),
  ];
}

const linesOf = (text: string) => text.replace(/\n$/, '').split('\n');

/** One operator command as a commander command: its options and arguments, --help, and errors as exit codes. */
function commanderFor(c: OpsCommand<never>, ctx: CliContext, done: (code: number) => void): Command {
  const command = new Command(c.name)
    .description(c.summary)
    .usage(c.usage)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => linesOf(s).forEach((l) => ctx.out(l)),
      writeErr: (s) => linesOf(s).forEach((l) => ctx.err(l)),
    })
    .configureHelp({ commandUsage: () => `${PROGRAM} ${usageOf(c)}` })
    .helpOption('-h, --help', 'Show how to use this command.');
  c.define?.(command);
  return command.action(async () => {
    done((await c.run({ args: command.args, options: command.opts() as never }, ctx)) ?? 0);
  });
}

/** Run one command; resolves to the process exit code. */
export async function runOps(argv: string[], options: RunOptions = {}): Promise<number> {
  const out = options.out ?? ((l: string) => process.stdout.write(`${l}\n`));
  const err = options.err ?? ((l: string) => process.stderr.write(`${l}\n`));
  const commands = options.commands ?? (registered as OpsCommand<never>[]);
  const [first, ...rest] = argv;
  // `help <command>` is that command's --help.
  const [name, args] = first === 'help' && rest[0] ? [rest[0], ['--help']] : [first, rest];

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
  let services: Services | undefined;
  let ready = false;
  const open = async () => {
    opened ??= options.database ?? (await openDatabase(config));
    // The CLI reads through (no in-memory caches): the running shop may change anything at any moment.
    services ??= createServices({ database: opened, clock, config });
    return services;
  };
  const ctx: CliContext = {
    config,
    clock,
    out,
    err,
    rawServices: open,
    services: async () => {
      const s = await open();
      if (!ready) {
        await migrate(s.database);
        await seedIfEmpty(s);
        ready = true;
      }
      return s;
    },
  };

  let code = 0;
  try {
    await commanderFor(command, ctx, (c) => (code = c)).parseAsync(args, { from: 'user' });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.help') return 0;
      err(`Usage: ${PROGRAM} ${usageOf(command)}`);
    } else if (e instanceof UsageError) {
      err(`${e.message}\nUsage: ${PROGRAM} ${usageOf(command)}`);
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
