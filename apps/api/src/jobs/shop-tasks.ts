// The shop's periodic work, as job-runner tasks (docs/jobs.md). Each `run` is the same idempotent function the
// operator CLI and the tests call, on the services of the composition root; this file only decides how often.
import { purgeExpiredIdempotencyKeys } from '../plugins/idempotency.ts';
import type { Services } from '../services.ts';
import { drawClockTick } from './draw-clock.ts';
import type { JobTask } from './runner.ts';

export const TASK_SECONDS = {
  /** Sales close at their stop time to within this resolution. */
  drawClock: 10,
  outbox: 5,
  depositReconciliation: 60,
  /** Autoplays buy the draw on sale within this long of the previous one closing. */
  recurring: 60,
  /** Cards paying for a recurring purchase that expire within 3 months: their customers are emailed (once per card). */
  recurringCardExpiry: 86_400,
  /** Daily Winners: giveaways made, members entered, due draws closed, drawn and paid. */
  membership: 30,
  /** Requested account migrations left by a crash (a request runs at once; this only picks up what was left). */
  migration: 30,
  /** Limit raises and removals take effect (and are told in the feed) within this long of their cooling-off ending. */
  limits: 60,
  /** Standing syndicates: one on sale for each of the next draws (created as draws open). */
  syndicates: 600,
  housekeeping: 3600,
  /** Lotto Party: unfilled sessions past their close cancelled and refunded, autosessions created. */
  lottoParty: 30,
} as const;

export interface ShopTaskDeps {
  services: Services;
  log: { warn: (obj: unknown, msg?: string) => void };
}

export function shopTasks({ services: s, log }: ShopTaskDeps): JobTask[] {
  const { clock } = s;
  return [
    {
      name: 'draw-clock',
      everySeconds: TASK_SECONDS.drawClock,
      run: async () => {
        const report = await drawClockTick({
          draws: s.draws,
          provider: s.providers.results,
          clock,
          settle: (drawId) => s.settlement.settle(drawId),
          emailWinners: (drawId) => s.winnerEmails.emailWinners(drawId),
        });
        for (const f of report.failures) log.warn({ draw: f.drawId, step: f.step }, `draw clock: ${f.message}`);
        // Charity raffles run on the same clock: pre-orders charged when sales open, close, in-house draw, prizes.
        const raffles = await s.raffleDraws.tick(clock.now());
        for (const f of raffles.failures) log.warn({ draw: f.drawId }, `raffle clock: ${f.error}`);
      },
    },
    { name: 'outbox', everySeconds: TASK_SECONDS.outbox, run: async () => void (await s.outbox.dispatchOutbox(100)) },
    {
      name: 'deposit-reconciliation',
      everySeconds: TASK_SECONDS.depositReconciliation,
      run: async () => void (await s.payments.reconciliation.reconcile()),
    },
    {
      name: 'recurring',
      everySeconds: TASK_SECONDS.recurring,
      run: async () =>
        void (await s.recurringProcessor.run({
          onError: (autoplayId, error) =>
            log.warn({ autoplay: autoplayId }, `recurring processor: ${(error as Error).message}`),
        })),
    },
    {
      name: 'lotto-party',
      everySeconds: TASK_SECONDS.lottoParty,
      run: async () => void (await s.lottoParty.lifecycle.run()),
    },
    {
      name: 'recurring-card-expiry',
      everySeconds: TASK_SECONDS.recurringCardExpiry,
      run: async () => void (await s.recurringCardExpiry()),
    },
    {
      name: 'membership',
      everySeconds: TASK_SECONDS.membership,
      run: async () => {
        const report = await s.membership.giveawayDraws.tick(clock.now());
        for (const f of report.failures) log.warn({ giveaway: f.giveawayId }, `membership clock: ${f.error}`);
      },
    },
    {
      name: 'syndicates',
      everySeconds: TASK_SECONDS.syndicates,
      run: async () => {
        const report = await s.syndicates.fromTemplates();
        for (const f of report.failures) log.warn({ offer: f.offerKey }, `syndicate schedule: ${f.message}`);
      },
    },
    { name: 'migration', everySeconds: TASK_SECONDS.migration, run: async () => void (await s.migration.runPending()) },
    {
      name: 'rg-limits',
      everySeconds: TASK_SECONDS.limits,
      run: async () => void (await s.responsibleGambling.limits.applyDueChanges()),
    },
    {
      name: 'housekeeping',
      everySeconds: TASK_SECONDS.housekeeping,
      run: async () => {
        await purgeExpiredIdempotencyKeys(s.database, clock.now());
        await s.identity.sessions.purgeExpired();
        await s.cart.purgeExpiredCarts(clock.now());
      },
    },
  ];
}
