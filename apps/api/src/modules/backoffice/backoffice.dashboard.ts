// The back office's dashboard (docs/operators.md): today's sales and deposits (site time, from the ledger), what
// waits for an operator (withdrawals, adjustments, identity documents), the next draws with the tickets sold so far,
// the job runner's queues (pg-boss), and what failed in the last 24 hours: the API's 5xx answers, failed jobs and
// emails given up (ADR 104).
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
  /** The platform's server-error log (rows already free of addresses, bodies and customer data). */
  serverErrorsSince(
    since: Date,
    limit: number,
  ): Promise<{
    total: number;
    latest: {
      lastSeenAt: Date;
      lastRequestId: string;
      method: string;
      route: string;
      status: number;
      errorName: string;
      message: string;
      count: number;
    }[];
  }>;
  /** The notifications outbox's emails given up since an instant (no address). */
  failedEmailsSince(
    since: Date,
    limit: number,
  ): Promise<{
    total: number;
    rows: { kind: string; attempts: number; failedAt: Date | null; lastError: string | null }[];
  }>;
  /** A text as it may be shown on the dashboard (email addresses and long numbers hidden, one short line). */
  scrub(text: string): string;
}

const DAY_MS = 86_400_000;
const LATEST = 10;

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
      const errors = await recentFailures(new Date(clock.now().getTime() - DAY_MS));
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
        errors,
      };
    },
  };

  async function recentFailures(since: Date): Promise<AdminDashboard['errors']> {
    const [server, jobs, emails] = await Promise.all([
      ports.serverErrorsSince(since, LATEST),
      backofficeRepo.failedJobsSince(db, since, LATEST),
      ports.failedEmailsSince(since, LATEST),
    ]);
    return {
      since: since.toISOString(),
      server: {
        total: server.total,
        latest: server.latest.map((e) => ({
          lastSeenAt: e.lastSeenAt.toISOString(),
          requestId: e.lastRequestId,
          method: e.method,
          route: e.route,
          status: e.status,
          errorName: e.errorName,
          message: e.message,
          count: e.count,
        })),
      },
      jobs: {
        total: jobs.total,
        latest: jobs.rows.map((j) => ({
          failedAt: j.failedAt.toISOString(),
          queue: j.queue,
          jobId: j.id,
          message: ports.scrub(j.message),
        })),
      },
      emails: {
        total: emails.total,
        latest: emails.rows.map((m) => ({
          failedAt: (m.failedAt ?? since).toISOString(),
          kind: m.kind,
          attempts: m.attempts,
          message: ports.scrub(m.lastError ?? ''),
        })),
      },
    };
  }
}

export type BackofficeDashboard = ReturnType<typeof createBackofficeDashboard>;
