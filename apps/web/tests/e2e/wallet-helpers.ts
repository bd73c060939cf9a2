// Money a journey needs that no screen gives: winnings credited through the ledger, as settlement does.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';

/** Winnings the customer can withdraw: a prize credited through the ledger, as settlement does. */
export function creditPrize(customerId: string, amountCents: number) {
  const script = `
    import { loadConfig } from './apps/api/src/env.ts';
    import { openDatabase } from './apps/api/src/db/index.ts';
    import { createLedger } from './apps/api/src/modules/wallet/index.ts';
    import { systemClock } from './apps/api/src/lib/clock.ts';
    const database = await openDatabase(loadConfig());
    try {
      await database.db.transaction((tx) => createLedger({ db: database.db, clock: systemClock }).creditPrize(tx, {
        customerId: ${JSON.stringify(customerId)}, amountCents: ${amountCents}, currency: 'AUD',
        reference: 'e2e-prize-${randomUUID()}', description: 'Prize: e2e draw',
      }));
    } finally { await database.close(); }`;
  const res = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: inject('repoRoot'),
    env: { ...process.env, DATA_DIR: inject('dataDir'), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`crediting a prize failed:\n${res.stdout}\n${res.stderr}`);
}
