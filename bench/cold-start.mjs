// Cold `npm start` to the first 200 on `/`: first run (empty DATA_DIR: init, migrate, seed) and second run (reuse).
// The web build is made beforehand, so this measures the server, not the bundler; the build time is reported apart.
import { execFileSync } from 'node:child_process';
import { freePort, machine, repoRoot, startShop, tempDataDir } from './lib.mjs';

export async function coldStart() {
  const t0 = performance.now();
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
  const buildMs = performance.now() - t0;
  const data = tempDataDir();
  try {
    const first = await startShop({ dataDir: data.dir, port: await freePort() });
    await first.stop();
    const second = await startShop({ dataDir: data.dir, port: await freePort() });
    await second.stop();
    return { buildMs, firstRunMs: first.readyMs, secondRunMs: second.readyMs };
  } finally {
    data.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await coldStart();
  console.log(machine());
  console.log(`web build: ${(r.buildMs / 1000).toFixed(1)} s`);
  console.log(`cold start to first 200 on /: first run ${(r.firstRunMs / 1000).toFixed(2)} s, second run ${(r.secondRunMs / 1000).toFixed(2)} s`);
}
