// Cold `npm start` to the first 200 on `/`, three ways:
// - fresh: what a new user sees after `npm ci && npm start` (no storefront build, empty DATA_DIR: build, init,
//   migrate, seed);
// - first run: the build exists, DATA_DIR is empty (init, migrate, seed);
// - second run: both exist (start the embedded server, attach, serve).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { freePort, machine, repoRoot, startShop, tempDataDir } from './lib.mjs';

async function timed(dataDir) {
  const shop = await startShop({ dataDir, port: await freePort() });
  await shop.stop();
  return shop.readyMs;
}

export async function coldStart() {
  rmSync(path.join(repoRoot, 'apps/web/build'), { recursive: true, force: true });
  const fresh = tempDataDir();
  const again = tempDataDir();
  try {
    const freshMs = await timed(fresh.dir);
    const firstRunMs = await timed(again.dir);
    const secondRunMs = await timed(again.dir);
    return { freshMs, firstRunMs, secondRunMs };
  } finally {
    fresh.remove();
    again.remove();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await coldStart();
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(machine());
  console.log(
    `npm start to first 200 on /: fresh (builds the storefront, creates the database) ${s(r.freshMs)}; first run (build present, empty DATA_DIR) ${s(r.firstRunMs)}; second run ${s(r.secondRunMs)}`,
  );
}
