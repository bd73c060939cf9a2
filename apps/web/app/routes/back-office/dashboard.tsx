// /back-office/dashboard: today's sales and deposits, what waits for an operator, the next draws with their tickets so
// far, and the health of the job queues (GET /api/admin/dashboard).
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

const th = 'p-0.5 text-left';
const td = 'border-t border-[#d0d0d0] p-0.5';

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
      <div className="grid gap-2 lg:grid-cols-2">
        <section aria-labelledby="next-draws">
          <h2 id="next-draws" className="mb-0.5 text-xl font-bold">
            Next draws
          </h2>
          <table className="w-full text-sm">
            <caption className="sr-only">Next draws and their tickets so far</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Game
                </th>
                <th scope="col" className={th}>
                  Draw
                </th>
                <th scope="col" className={th}>
                  Sales close
                </th>
                <th scope="col" className={th}>
                  Tickets
                </th>
              </tr>
            </thead>
            <tbody>
              {d.nextDraws.map((n) => (
                <tr key={n.drawId}>
                  <td className={td}>{n.gameKey}</td>
                  <td className={td}>{n.drawNo}</td>
                  <td className={td}>{formatWhen(n.stopAt)}</td>
                  <td className={td}>{n.tickets}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section aria-labelledby="job-queues">
          <h2 id="job-queues" className="mb-0.5 text-xl font-bold">
            Job queues
          </h2>
          <table className="w-full text-sm">
            <caption className="sr-only">Job queues: waiting, running, failed and done</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Queue
                </th>
                <th scope="col" className={th}>
                  Waiting
                </th>
                <th scope="col" className={th}>
                  Running
                </th>
                <th scope="col" className={th}>
                  Failed
                </th>
                <th scope="col" className={th}>
                  Done
                </th>
              </tr>
            </thead>
            <tbody>
              {d.queues.map((q) => (
                <tr key={q.name} className={q.failed ? 'bg-[#fdecee]' : undefined}>
                  <td className={td}>{q.name}</td>
                  <td className={td}>{q.queued}</td>
                  <td className={td}>{q.active}</td>
                  <td className={td}>{q.failed}</td>
                  <td className={td}>{q.completed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </>
  );
}
