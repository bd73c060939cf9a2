// What an operator command is. Each command lives in its own file under commands/ and is listed in registry.ts; the
// CLI (ops.ts) turns each into a commander command, so every one parses its declared options and answers --help.
import os from 'node:os';
import type { Command } from 'commander';
import type { AppConfig } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import type { Services } from '../services.ts';

export interface CliContext {
  config: AppConfig;
  clock: Clock;
  out(line: string): void;
  err(line: string): void;
  /** The shop's services over its database, migrated and seeded when fresh (attached to a running shop if any). */
  services(): Promise<Services>;
  /** The services over the database as it is: no migration or seed (for read-only reports such as status). */
  rawServices(): Promise<Services>;
}

/** What commander parsed: positional arguments in order, and the declared options by their camel-cased name. */
export interface Parsed<O> {
  args: string[];
  options: O;
}

export interface OpsCommand<O = Record<string, string | undefined>> {
  name: string;
  /** Arguments and options after the name, as `help` lists them, e.g. `on|off`. */
  usage: string;
  /** One line for `help`. */
  summary: string;
  /** Declares the command's arguments and options on its commander command (typed by O). */
  define?(command: Command): Command;
  /** Returns the exit code (0 when omitted). Throw UsageError for bad arguments. */
  run(parsed: Parsed<O>, ctx: CliContext): Promise<number | void>;
}

/** Wrong arguments: the runner prints the message and the command's usage, and exits 1. */
export class UsageError extends Error {}

export function defineCommand<O>(command: OpsCommand<O>): OpsCommand<O> {
  return command;
}

/** --offer and --draw, which the draw and raffle commands share. */
export const offerAndDraw = (c: Command) =>
  c.option('--offer <key>', 'the offer (game key, e.g. oz-lotto, or a raffle)').option('--draw <no>', 'the draw');

/** Who an operator command acts as, in content versions and other records: `cli:<system user>`. */
export function cliActor(): string {
  let user = 'unknown';
  try {
    user = os.userInfo().username || user;
  } catch {
    // No passwd entry (some containers): the generic name will do.
  }
  return `cli:${user}`;
}
