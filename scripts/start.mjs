// `npm start`: build the storefront when its build is missing or older than its sources, then run the server
// (apps/api/src/server.ts) as a child on SHOP_WORKERS processes, forwarding arguments, signals and the exit code.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const serverBuild = path.join(root, 'apps/web/build/server/index.js');

function newestMtime(target) {
  let newest = 0;
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function storefrontSources() {
  const packages = path.join(root, 'packages');
  const pkgSrc = fs.existsSync(packages) ? fs.readdirSync(packages).map((p) => path.join(packages, p, 'src')) : [];
  const webConfig = ['vite.config.ts', 'react-router.config.ts', 'package.json'].map((f) =>
    path.join(root, 'apps/web', f),
  );
  return [path.join(root, 'apps/web/app'), ...pkgSrc, ...webConfig];
}

if (!args.includes('--api-only')) {
  const builtAt = fs.existsSync(serverBuild) ? fs.statSync(serverBuild).mtimeMs : 0;
  const changedAt = Math.max(...storefrontSources().map(newestMtime));
  if (!builtAt || changedAt > builtAt) {
    process.stdout.write(
      builtAt
        ? 'The storefront changed since its last build: building it...\n'
        : 'Building the storefront (first start)...\n',
    );
    const build = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      process.stderr.write('The storefront build failed; see the output above.\n');
      process.exit(build.status ?? 1);
    }
  }
}

// SHOP_WORKERS: how many processes serve HTTP (ADR 032); one per core unless set. The storefront alone
// (--web-only) is one process.
const env = { ...process.env };
if (!args.includes('--web-only') && !env.SHOP_WORKERS) env.SHOP_WORKERS = String(os.availableParallelism());

// Own process group: a Ctrl-C in the terminal reaches the server once, through us, instead of twice (a second
// signal means "exit now" to the server) and instead of reaching its PostgreSQL child before the server closes.
// SHOP_CPU_PROF_DIR: every process of the server (primary and workers, which inherit its flags) writes a V8 CPU
// profile there on exit (bench/checkout.mjs BENCH_CPU_PROF). Node 20 refuses --cpu-prof in NODE_OPTIONS.
const profile = env.SHOP_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${env.SHOP_CPU_PROF_DIR}`] : [];
const server = spawn(
  process.execPath,
  [...profile, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts'), ...args],
  {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
});
