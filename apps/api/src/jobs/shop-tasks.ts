// The shop's periodic work, as job-runner tasks (docs/jobs.md). Each `run` is the same idempotent function the
// operator CLI and the tests call; this file only decides how often.
import type { Database } from '../db/index.ts';
import type { AppConfig } from '../env.ts';
import type { Clock } from '../lib/clock.ts';
import { purgeExpiredCarts } from '../modules/cart/index.ts';
import { createDrawsService, createSimulatedResultsProvider } from '../modules/draws/index.ts';
import { createIdentityService } from '../modules/identity/index.ts';
import { createOutbox } from '../modules/notifications/index.ts';
import { createOrdersService } from '../modules/orders/index.ts';
import { buildPaymentsService } from '../modules/payments/index.ts';
import { createRafflesService } from '../modules/raffles/index.ts';
import { createLedger } from '../modules/wallet/index.ts';
import { purgeExpiredIdempotencyKeys } from '../plugins/idempotency.ts';
import { profilesVia, raffleClockTick } from '../workflows/draw-raffle.workflow.ts';
import { emailWinners } from '../workflows/email-winners.workflow.ts';
import { settleDraw } from '../workflows/settle-draw.workflow.ts';
import { drawClockTick } from './draw-clock.ts';
import type { JobTask } from './runner.ts';

export const TASK_SECONDS = {
  /** Sales close at their stop time to within this resolution. */
  drawClock: 10,
  outbox: 5,
  depositReconciliation: 60,
  housekeeping: 3600,
} as const;

export interface ShopTaskDeps {
  database: Database;
  config: AppConfig;
  clock: Clock;
  log: { warn: (obj: unknown, msg?: string) => void };
}

export function shopTasks({ database, config, clock, log }: ShopTaskDeps): JobTask[] {
  const db = database.db;
  const draws = createDrawsService({ db, clock, config });
  const ledger = createLedger({ db, clock });
  const orders = createOrdersService({ db, clock });
  const provider = createSimulatedResultsProvider();
  const outbox = createOutbox({ db, clock, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom });
  const payments = buildPaymentsService({ database, clock, ledger });
  const identity = createIdentityService({ db, clock, config });
  const raffleDeps = {
    db,
    raffles: createRafflesService({ db, clock }),
    ledger,
    outbox,
    contacts: identity,
    profiles: profilesVia((id) => identity.details(id)),
    publicUrl: config.publicUrl,
  };

  return [
    {
      name: 'draw-clock',
      everySeconds: TASK_SECONDS.drawClock,
      run: async () => {
        const report = await drawClockTick({
          draws,
          provider,
          clock,
          settle: (drawId) => settleDraw({ db, clock, draws, orders, ledger }, drawId),
          emailWinners: (drawId) =>
            emailWinners({ db, draws, orders, contacts: identity, outbox, publicUrl: config.publicUrl }, drawId),
        });
        for (const f of report.failures) log.warn({ draw: f.drawId, step: f.step }, `draw clock: ${f.message}`);
        // Charity raffles run on the same clock: pre-orders charged when sales open, close, in-house draw, prizes.
        const raffles = await raffleClockTick(raffleDeps, clock.now());
        for (const f of raffles.failures) log.warn({ draw: f.drawId }, `raffle clock: ${f.error}`);
      },
    },
    { name: 'outbox', everySeconds: TASK_SECONDS.outbox, run: async () => void (await outbox.dispatchOutbox(100)) },
    {
      name: 'deposit-reconciliation',
      everySeconds: TASK_SECONDS.depositReconciliation,
      run: async () => void (await payments.reconcileDeposits()),
    },
    {
      name: 'housekeeping',
      everySeconds: TASK_SECONDS.housekeeping,
      run: async () => {
        await purgeExpiredIdempotencyKeys(database, clock.now());
        await identity.purgeExpired();
        await purgeExpiredCarts(db, clock.now());
      },
    },
  ];
}
