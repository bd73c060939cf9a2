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
    </>
  );
}
