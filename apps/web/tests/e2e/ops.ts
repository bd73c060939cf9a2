// The operator CLI against the browser tests' shop (same DATA_DIR, production mode), for journeys that need an
// operator step (import legacy accounts, read feedback, publish content).
import { spawnSync } from 'node:child_process';
import { inject } from 'vitest';

export function ops(...args: string[]): string {
  const res = spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', PUBLIC_URL: inject('baseUrl') },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}
