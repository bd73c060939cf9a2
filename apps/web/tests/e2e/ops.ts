// The operator CLI against the journey's shop (its data directory and public URL): `ops('customer:require-upgrade', …)`.
import { spawnSync } from 'node:child_process';
import { inject } from 'vitest';

/** Runs `npm run ops -- …args` and returns its output; a failing command fails the journey with what it said. */
export function ops(...args: string[]): string {
  const res = spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', PUBLIC_URL: inject('baseUrl') },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${res.stdout}\n${res.stderr}`);
  return res.stdout.trim();
}
