// The back office's dashboard (docs/operators.md): today's sales and deposits (site time, from the ledger), what
// waits for an operator (withdrawals, adjustments, identity documents), the next draws with the tickets sold so far,
// and the job runner's queues (pg-boss).
import type { AdminDashboard } from '@shop/contracts';
import type { Db } from '../../db/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { localDateOf, zonedTimeToUtc, type DrawSummary } from '../draws/index.ts';
import { backofficeRepo } from './backoffice.repository.ts';

export interface DashboardPorts {
  entryTotalsSince(since: Date): Promise<{ kind: string; currency: string; entries: number; amountCents: number }[]>;
  withdrawalsWaiting(): Promise<number>;
  kycWaiting(): Promise<number>;
  openDraws(limit: number): Promise<DrawSummary[]>;
  ticketsPerDraw(drawIds: string[]): Promise<Map<string, number>>;
}

export function createBackofficeDashboard(deps: { db: Db; clock: Clock; timeZone: string; ports: DashboardPorts }) {
  const { db, clock, timeZone, ports } = deps;
  return {
    async dashboard(): Promise<AdminDashboard> {
      const day = localDateOf(clock.now(), timeZone);
      const since = zonedTimeToUtc(day, '00:00', timeZone);
      const [totals, withdrawalsWaiting, adjustmentsWaiting, kycWaiting, draws, queues] = await Promise.all([
        ports.entryTotalsSince(since),
        ports.withdrawalsWaiting(),
        backofficeRepo.adjustmentsWaiting(db),
        ports.kycWaiting(),
        ports.openDraws(8),
        backofficeRepo.queueHealth(db),
      ]);
      const sold = await ports.ticketsPerDraw(draws.map((d) => d.id));
      const ofKind = (kind: string) => totals.filter((t) => t.kind === kind);
      return {
        day,
        since: since.toISOString(),
        sales: ofKind('purchase').map((t) => ({ currency: t.currency, orders: t.entries, amountCents: t.amountCents })),
        deposits: ofKind('deposit').map((t) => ({
          currency: t.currency,
          count: t.entries,
          amountCents: t.amountCents,
        })),
        withdrawalsWaiting,
        adjustmentsWaiting,
        kycWaiting,
        nextDraws: draws.map((d) => ({
          drawId: d.id,
          gameKey: d.gameKey,
          drawNo: d.drawNo,
          drawAt: d.drawAt.toISOString(),
          stopAt: d.stopAt.toISOString(),
          tickets: sold.get(d.id) ?? 0,
        })),
        queues,
      };
    },
  };
}

export type BackofficeDashboard = ReturnType<typeof createBackofficeDashboard>;
