// A customer's syndicate share /my-account/syndicate-tickets/share/:id (spec core §2 protected routes; features §2
// "syndicate share" ticket detail variant): the syndicate, the shares held of its size, its tickets with their
// numbers, the draw, and once settled the result and the customer's part of the prize.
import { Link } from 'react-router';
import { formatMoney } from '../../lib/format.ts';
import { loadShare } from '../../features/syndicates/syndicates.server.ts';
import {
  drawDateText,
  SyndicateResult,
  SyndicateTickets,
  useSiteFormat,
} from '../../features/syndicates/syndicate-parts.tsx';
import type { Route } from './+types/syndicate-share';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadShare(request, context, params.id);
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: `${data.share.syndicate.name} share` }] : []);

export default function SyndicateSharePage({ loaderData }: Route.ComponentProps) {
  const site = useSiteFormat();
  const { share } = loaderData;
  const s = share.syndicate;
  const settled = share.prize !== null;
  return (
    <div className="page-container flex flex-col gap-1 py-1.5">
      <Link
        to="/my-account/upcoming-tickets"
        className="inline-flex min-h-[44px] items-center self-start text-sm underline"
      >
        Back to your tickets
      </Link>
      <h1 className="text-3xl font-extrabold text-brand">{s.name}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-1 gap-y-0.25 rounded-theme bg-surface p-1 text-sm">
        <dt className="font-semibold">Draw</dt>
        <dd>
          {s.lotteryName} draw {s.drawNo}, {drawDateText(s, site)}
        </dd>
        <dt className="font-semibold">Your shares</dt>
        <dd data-testid="shares-held">
          {share.sharesHeld} of {s.size}
        </dd>
        <dt className="font-semibold">Paid</dt>
        <dd>{formatMoney(share.amountPaid)}</dd>
        <dt className="font-semibold">Order</dt>
        <dd className="break-all">{share.orderId}</dd>
      </dl>
      <SyndicateResult syndicate={s} />
      {settled ? (
        <p className="text-xl font-bold" data-testid="share-prize" role="status">
          {share.prize!.amount > 0
            ? `Your part of the prize: ${formatMoney(share.prize!)} (the syndicate won ${formatMoney(share.syndicatePrize!)}). It is in your account.`
            : 'The syndicate did not win a prize this time.'}
        </p>
      ) : s.result ? (
        <p role="status">The result is in: prizes are being paid.</p>
      ) : (
        <p role="status">The draw has not taken place yet.</p>
      )}
      <SyndicateTickets syndicate={s} />
      <p className="text-sm">{s.closingRule}</p>
    </div>
  );
}
