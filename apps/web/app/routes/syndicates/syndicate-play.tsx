// The syndicate play screen /:productOfferKey/syndicate (spec core §2 game-type suffix syndicate; gated by the
// syndicates capability): the syndicate on sale for the lottery (or ?syndicate=<id>), a shares picker from 1 to the
// shares left, the cost, the tickets and their games, the closing rule, and add to cart.
import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { formatCents, formatMoney } from '../../lib/format.ts';
import { loadSyndicateFor } from '../../features/syndicates/syndicates.server.ts';
import {
  drawDateText,
  sharesLeftText,
  stopText,
  syndicatePath,
  SyndicateTickets,
  useSiteFormat,
} from '../../features/syndicates/syndicate-parts.tsx';
import { addSharesAction } from './syndicate-routes.server.ts';
import type { Route } from './+types/syndicate-play';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadSyndicateFor(context, request, params.productOfferKey);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return addSharesAction(request, context, params.productOfferKey);
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [{ title: `${data.syndicate.name}: draw ${data.syndicate.drawNo}` }] : [];
}

export default function SyndicatePlay({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { syndicate: s, others } = loaderData;
  const [shares, setShares] = useState(1);
  const busy = useNavigation().state === 'submitting';
  const open = s.status === 'open' && s.sharesLeft > 0;
  const perShareCents = Math.round(s.costPerShare.amount * 100);
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <Link to="/syndicates" className="inline-flex min-h-[44px] items-center self-start text-sm underline">
        All syndicates
      </Link>
      <h1 className="text-3xl font-extrabold text-brand">{s.name}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-1 gap-y-0.25 rounded-theme bg-surface p-1 text-sm">
        <dt className="font-semibold">Draw</dt>
        <dd>
          {s.lotteryName} draw {s.drawNo}, {drawDateText(s, site)}
        </dd>
        <dt className="font-semibold">Sales close</dt>
        <dd>{stopText(s, site)}</dd>
        <dt className="font-semibold">Shares</dt>
        <dd data-testid="shares-left">{sharesLeftText(s)}</dd>
        <dt className="font-semibold">Cost per share</dt>
        <dd>{formatMoney(s.costPerShare)}</dd>
        <dt className="font-semibold">Games</dt>
        <dd>{s.numStandardGames}</dd>
      </dl>
      {open ? (
        <Form method="post" className="flex flex-col gap-0.5 rounded-theme border-2 border-brand p-1" replace>
          <input type="hidden" name="syndicate" value={s.id} />
          <label htmlFor="num-shares" className="font-semibold">
            Number of shares
          </label>
          <select
            id="num-shares"
            name="numShares"
            value={shares}
            onChange={(e) => setShares(Number(e.target.value))}
            className="min-h-[44px] self-start rounded-theme border border-black/30 px-0.5"
            aria-describedby="share-cost"
          >
            {Array.from({ length: s.sharesLeft }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <p id="share-cost" className="text-lg font-bold" aria-live="polite">
            Cost: {formatCents(perShareCents * shares, s.costPerShare.currency, site.locale)}
          </p>
          {actionData?.error ? (
            <p role="alert" className="font-semibold text-red-700" data-testid="add-error">
              {actionData.error}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary self-start" disabled={busy}>
            Add to cart
          </button>
        </Form>
      ) : (
        <p className="font-semibold" role="status">
          {s.status === 'sold_out' ? 'This syndicate is sold out.' : 'This syndicate is no longer on sale.'}
        </p>
      )}
      <section aria-labelledby="closing-rule" className="flex flex-col gap-0.25">
        <h2 id="closing-rule" className="text-xl font-bold">
          If not every share sells
        </h2>
        <p data-testid="closing-rule">{s.closingRule}</p>
        <p className="text-sm">
          Prizes are split between the shares to the cent: each share gets its exact part rounded down, and any cents
          left over go one each to the holders with the largest remainders.
        </p>
      </section>
      <SyndicateTickets syndicate={s} />
      {others.length ? (
        <section aria-labelledby="other-syndicates" className="flex flex-col gap-0.25">
          <h2 id="other-syndicates" className="text-xl font-bold">
            Other draws
          </h2>
          <ul className="flex flex-col gap-0.25">
            {others.map((o) => (
              <li key={o.id}>
                <Link to={syndicatePath(o)} className="inline-flex min-h-[44px] items-center underline">
                  Draw {o.drawNo}, {drawDateText(o, site)}: {sharesLeftText(o)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
