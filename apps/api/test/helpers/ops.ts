// Operator commands run in-process (runOps) against a test database, with what they printed collected for asserts.
import { runOps, type RunOptions } from '../../src/cli/ops.ts';

export interface OpsResult {
  code: number;
  out: string;
  err: string;
}

export async function runOpsCaptured(argv: string[], options: Omit<RunOptions, 'out' | 'err'>): Promise<OpsResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOps(argv, { ...options, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
