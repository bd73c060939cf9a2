// Scheduled purchases and pre-orders as the customer sees them: the list on the upcoming tickets screen and the
// detail screen (/my-account/scheduled-purchases/:id) with what, when due, price, status, last attempt, and cancel
// with a confirmation step (a plain post: it works without JavaScript).
import type { ScheduledPurchase } from '@shop/contracts';
import { Form, Link } from 'react-router';
import { formatLongDate, formatMoney, formatTime, type SiteFormat } from '../../lib/format.ts';

export const scheduledPath = (id: string) => `/my-account/scheduled-purchases/${id}`;

/** The query value a scheduled purchase's screen reads its notice from, and the notices (our wording). */
export const SCHEDULED_NOTICE_PARAM = 'notice';
export const SCHEDULED_NOTICES = {
  scheduled: 'Your purchase is scheduled. Nothing has been charged: we buy it from your wallet when it is due.',
} as const;

export function scheduledNoticeOf(value: string | null): string | null {
  return value && Object.hasOwn(SCHEDULED_NOTICES, value)
    ? SCHEDULED_NOTICES[value as keyof typeof SCHEDULED_NOTICES]
    : null;
}

export const kindLabel = (s: Pick<ScheduledPurchase, 'kind'>) =>
  s.kind === 'pre_order' ? 'Pre-order' : 'Scheduled purchase';

/** Active (waiting), bought, not bought (gave up) or cancelled. */
export function statusLabel(s: ScheduledPurchase): string {
  if (s.status === 'cancelled') return 'Cancelled';
  if (s.finished) return s.gaveUp ? 'Not bought' : 'Bought';
  return s.kind === 'pre_order' ? 'Waiting for sales to open' : 'Waiting';
}

const ATTEMPT: Record<NonNullable<ScheduledPurchase['lastAttemptStatus']>, string> = {
  purchased: 'Bought',
  soft_failure: 'Not bought yet, will try again',
  hard_failure: 'Not bought',
};

const when = (iso: string, site: SiteFormat) =>
  `${formatLongDate(new Date(iso), site)}, ${formatTime(new Date(iso), site)}`;

export function ScheduledList({ items, site }: { items: ScheduledPurchase[]; site: SiteFormat }) {
  return (
    <section aria-labelledby="scheduled-heading" className="flex flex-col gap-0.5" data-testid="scheduled-list">
      <h2 id="scheduled-heading" tabIndex={-1} className="scroll-mt-1 text-xl font-bold">
        Scheduled purchases and pre-orders
      </h2>
      {items.length === 0 ? (
        <p className="text-sm" data-testid="scheduled-empty">
          You have no scheduled purchases or pre-orders. To buy a ticket later, build it on a lottery&apos;s page and
          choose &ldquo;Schedule for later&rdquo;.
        </p>
      ) : null}
      <ul className="flex flex-col gap-0.5 empty:hidden">
        {items.map((s) => (
          <li key={s.encodedId} className="rounded-theme bg-surface p-1" data-testid="scheduled-row">
            <p className="text-sm font-semibold uppercase">{kindLabel(s)}</p>
            <p className="font-semibold">{s.description}</p>
            <p className="text-sm">
              {s.finished
                ? statusLabel(s)
                : `${s.kind === 'pre_order' ? 'Charged when sales open' : 'Due'}: ${when(s.dueAt, site)}`}{' '}
              · {formatMoney(s.price, site.locale)}
            </p>
            <Link to={scheduledPath(s.encodedId)} className="inline-flex min-h-[44px] items-center underline">
              View {kindLabel(s).toLowerCase()}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CancelControl({ s, confirming, path }: { s: ScheduledPurchase; confirming: boolean; path: string }) {
  const what = kindLabel(s).toLowerCase();
  if (!confirming)
    return (
      <Link
        to={`${path}?cancel=confirm`}
        className="inline-flex min-h-[44px] items-center self-start underline"
        data-testid="scheduled-cancel"
      >
        {`Cancel this ${what}`}
      </Link>
    );
  return (
    <div
      role="alertdialog"
      aria-labelledby="cancel-question"
      className="flex flex-col gap-0.5 rounded-theme bg-surface p-1"
    >
      <p id="cancel-question" className="font-semibold">
        {`Cancel this ${what}? It will not be bought and nothing will be charged.`}
      </p>
      <div className="flex flex-wrap gap-1">
        <Form method="post" action={path}>
          <input type="hidden" name="intent" value="cancel" />
          <button
            type="submit"
            className="min-h-[44px] rounded-theme bg-brand px-1 text-white"
            data-testid="scheduled-cancel-confirm"
          >
            Yes, cancel it
          </button>
        </Form>
        <Link to={path} className="inline-flex min-h-[44px] items-center underline">
          No, keep it
        </Link>
      </div>
    </div>
  );
}

export function ScheduledDetail({
  s,
  site,
  confirming,
  message,
}: {
  s: ScheduledPurchase;
  site: SiteFormat;
  confirming: boolean;
  message: string | null;
}) {
  const path = scheduledPath(s.encodedId);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-lg font-semibold" data-testid="scheduled-description">
        {s.description}
      </p>
      {message ? (
        <p role="status" className="rounded-theme bg-surface p-1">
          {message}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-0.5 rounded-theme bg-surface p-1 text-sm md:grid-cols-2">
        <div>
          <dt className="font-semibold">Status</dt>
          <dd data-testid="scheduled-status">{statusLabel(s)}</dd>
        </div>
        <div>
          <dt className="font-semibold">{s.kind === 'pre_order' ? 'Charged when sales open' : 'Due'}</dt>
          <dd>{when(s.dueAt, site)}</dd>
        </div>
        {s.drawNo !== null ? (
          <div>
            <dt className="font-semibold">Draw</dt>
            <dd>Draw {s.drawNo}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-semibold">Price</dt>
          <dd>{formatMoney(s.price, site.locale)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Last attempt</dt>
          <dd data-testid="scheduled-last-attempt">
            {s.lastAttemptStatus && s.lastAttemptAt
              ? `${ATTEMPT[s.lastAttemptStatus]} (${when(s.lastAttemptAt, site)})`
              : 'Not tried yet'}
            {s.lastFailureReason && s.lastAttemptStatus !== 'purchased' ? (
              <span className="block">{s.lastFailureReason}</span>
            ) : null}
          </dd>
        </div>
      </dl>
      {s.checkoutId ? (
        <Link to={`/receipt/${s.checkoutId}`} className="inline-flex min-h-[44px] items-center self-start underline">
          View the receipt
        </Link>
      ) : null}
      {s.status === 'active' && !s.finished ? <CancelControl s={s} confirming={confirming} path={path} /> : null}
      <Link to="/my-account/upcoming-tickets" className="inline-flex min-h-[44px] items-center self-start underline">
        Back to upcoming tickets
      </Link>
    </div>
  );
}
