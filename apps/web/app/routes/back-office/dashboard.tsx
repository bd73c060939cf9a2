// /back-office/dashboard: today's sales and deposits, what waits for an operator, the next draws with their tickets so
// far, the health of the job queues, and what failed in the last 24 hours: the API's unexpected failures with their
// request ids, failed jobs and emails given up (GET /api/admin/dashboard; ADR 104).
import { AdminDashboard } from '@shop/contracts';
import { formatWhen, ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { formCents } from '../../features/back-office/back-office-format.ts';
import { backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import type { Route } from './+types/dashboard';

export function meta() {
  return backOfficeMeta('Dashboard');
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  try {
    return { dashboard: AdminDashboard.parse(await orSignIn(request, api.get('/dashboard'))) };
  } catch (error) {
    throw toRouteError(error);
  }
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-theme border border-[#767676] p-1">
      <dt className="text-sm font-semibold text-[#4a4a4a]">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

/** A short table of figures (every row is on the screen: no paging or sorting needed). */
function SmallTable(props: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: (string | number)[]; alert?: boolean }[];
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{props.caption}</caption>
      <thead>
        <tr>
          {props.headers.map((h) => (
            <th key={h} scope="col" className="p-0.5 text-left">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r) => (
          <tr key={r.key} className={r.alert ? 'bg-[#fdecee]' : undefined}>
            {r.cells.map((c, i) => (
              <td key={i} className="border-t border-[#d0d0d0] p-0.5">
                {c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Errors = AdminDashboard['errors'];

/** The last 24 hours' failures: a count per kind, then the latest of each (request ids to find in the logs). */
function ErrorsPanel({ errors }: { errors: Errors }) {
  const { server, jobs, emails } = errors;
  return (
    <section aria-labelledby="errors-title" className="mt-2" data-testid="dashboard-errors">
      <h2 id="errors-title" className="mb-0.5 text-xl font-bold">
        Errors in the last 24 hours
      </h2>
      <p className="mb-1 text-sm">Since {formatWhen(errors.since)}.</p>
      <dl className="mb-1 grid gap-1 md:grid-cols-3">
        <Figure label="Server errors (5xx answers)" value={String(server.total)} />
        <Figure label="Failed jobs" value={String(jobs.total)} />
        <Figure label="Emails given up" value={String(emails.total)} />
      </dl>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <div className="overflow-x-auto" role="region" aria-labelledby="server-errors-title" tabIndex={0}>
          <h3 id="server-errors-title" className="mb-0.5 font-bold">
            Latest server errors
          </h3>
          {server.latest.length ? (
            <SmallTable
              caption="Latest server errors: when last seen, the request id, the route, the error and how many"
              headers={['Last seen', 'Request id', 'Route', 'Error', 'Count']}
              rows={server.latest.map((e) => ({
                key: `${e.requestId}-${e.route}-${e.message}`,
                cells: [
                  formatWhen(e.lastSeenAt),
                  e.requestId,
                  `${e.method} ${e.route} → ${e.status}`,
                  `${e.errorName}: ${e.message}`,
                  e.count,
                ],
                alert: true,
              }))}
            />
          ) : (
            <p>No server errors.</p>
          )}
        </div>
        <div className="grid grid-cols-[minmax(0,1fr)] gap-2 lg:grid-cols-2">
          <div className="overflow-x-auto" role="region" aria-labelledby="failed-jobs-title" tabIndex={0}>
            <h3 id="failed-jobs-title" className="mb-0.5 font-bold">
              Latest failed jobs
            </h3>
            {jobs.latest.length ? (
              <SmallTable
                caption="Latest failed jobs: when, the queue and the error"
                headers={['Failed', 'Queue', 'Error']}
                rows={jobs.latest.map((j) => ({
                  key: j.jobId,
                  cells: [formatWhen(j.failedAt), j.queue, j.message],
                  alert: true,
                }))}
              />
            ) : (
              <p>No failed jobs.</p>
            )}
          </div>
          <div className="overflow-x-auto" role="region" aria-labelledby="failed-emails-title" tabIndex={0}>
            <h3 id="failed-emails-title" className="mb-0.5 font-bold">
              Latest emails given up
            </h3>
            {emails.latest.length ? (
              <SmallTable
                caption="Latest emails given up: when, the kind of email, attempts and the last error"
                headers={['Given up', 'Email', 'Attempts', 'Last error']}
                rows={emails.latest.map((m, i) => ({
                  key: `${m.failedAt}-${i}`,
                  cells: [formatWhen(m.failedAt), m.kind, m.attempts, m.message],
                  alert: true,
                }))}
              />
            ) : (
              <p>No emails given up.</p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const d = loaderData.dashboard;
  const money = (rows: { amountCents: number; currency: string }[]) =>
    rows.length ? rows.map((r) => formCents(r.amountCents, r.currency)).join(' · ') : formCents(0, 'AUD');
  return (
    <>
      <ScreenTitle title="Dashboard">
        Today ({d.day}), since {formatWhen(d.since)}.
      </ScreenTitle>
      <dl className="mb-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-5">
        <Figure label={`Sales (${d.sales.reduce((n, s) => n + s.orders, 0)} orders)`} value={money(d.sales)} />
        <Figure label={`Deposits (${d.deposits.reduce((n, s) => n + s.count, 0)})`} value={money(d.deposits)} />
        <Figure label="Withdrawals waiting" value={String(d.withdrawalsWaiting)} />
        <Figure label="Adjustments waiting" value={String(d.adjustmentsWaiting)} />
        <Figure label="Identity checks waiting" value={String(d.kycWaiting)} />
      </dl>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-2 lg:grid-cols-2">
        <section aria-labelledby="next-draws">
          <h2 id="next-draws" className="mb-0.5 text-xl font-bold">
            Next draws
          </h2>
          <SmallTable
            caption="Next draws and their tickets so far"
            headers={['Game', 'Draw', 'Sales close', 'Tickets']}
            rows={d.nextDraws.map((n) => ({
              key: n.drawId,
              cells: [n.gameKey, n.drawNo, formatWhen(n.stopAt), n.tickets],
            }))}
          />
        </section>
        <section aria-labelledby="job-queues">
          <h2 id="job-queues" className="mb-0.5 text-xl font-bold">
            Job queues
          </h2>
          <SmallTable
            caption="Job queues: waiting, running, failed and done"
            headers={['Queue', 'Waiting', 'Running', 'Failed', 'Done']}
            rows={d.queues.map((q) => ({
              key: q.name,
              cells: [q.name, q.queued, q.active, q.failed, q.completed],
              alert: q.failed > 0,
            }))}
          />
        </section>
      </div>
      <ErrorsPanel errors={d.errors} />
    </>
  );
}
