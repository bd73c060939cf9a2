// What an operator command is. Each command lives in its own file under commands/ and is listed in registry.ts.
import type { Database } from '../db/index.ts';
import type { AppConfig } from '../env.ts';
import type { Clock } from '../lib/clock.ts';

export interface CliContext {
  config: AppConfig;
  clock: Clock;
  out(line: string): void;
  err(line: string): void;
  /** The shop's database, migrated and seeded when fresh (opened on first use, attached to a running shop if any). */
  database(): Promise<Database>;
  /** The database as it is: no migration or seed (for read-only reports such as status). */
  rawDatabase(): Promise<Database>;
}

export interface Command {
  name: string;
  /** Arguments after the name, e.g. `on|off`. */
  usage: string;
  /** One line for `help`. */
  summary: string;
  /** Returns the exit code (0 when omitted). Throw UsageError for bad arguments. */
  run(args: string[], ctx: CliContext): Promise<number | void>;
}

/** Wrong arguments: the runner prints the message and the command's usage, and exits 1. */
export class UsageError extends Error {}

export function defineCommand(command: Command): Command {
  return command;
}

/** `--name value` options and positional arguments. Flags given without a value are a usage error. */
export function parseArgs(args: string[], known: string[]): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.startsWith('--')) {
      const [name, inline] = a.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (!known.includes(name)) throw new UsageError(`Unknown option --${name}.`);
      const value = inline ?? args[++i];
      if (value === undefined || (inline === undefined && value.startsWith('--')))
        throw new UsageError(`--${name} needs a value.`);
      options[name] = value;
    } else {
      positional.push(a);
    }
  }
  return { positional, options };
}
