// The subscription screens (docs/recurring.md, Subscriptions): the subscribe form of a charity raffle, the customer's
// list, and one subscription with what it buys, when, its last attempt and the controls to pause (until a date),
// unpause, change tickets or cause, and cancel (after a confirmation).
import { RECURRING_PERIODS, type Autoplay, type RecurringPeriod } from '@shop/contracts';
import { Form, Link } from 'react-router';
import { formatCents, formatMoney, formatShortDate, type SiteFormat } from '../../lib/format.ts';
import { PERIOD_LABELS } from './subscription-forms.ts';

export interface CauseChoice {
  key: string;
  name: string;
}
export interface TicketsChoice {
  tickets: number;
  priceCents: number;
}

const PRIMARY = 'btn btn-primary';
const SECONDARY = 'btn btn-secondary';
const DANGER = 'btn bg-[#b00020] text-white';
const FIELD = 'min-h-[44px] rounded-theme border-2 border-black/20 px-0.5';
const CHOICE =
  'flex min-h-[44px] cursor-pointer items-center gap-0.5 rounded-theme border-2 border-black/15 p-0.5 has-[:checked]:border-brand has-[:checked]:bg-surface';

const STATUS_LABELS: Record<Autoplay['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  timed_paused: 'Paused',
  cancelled: 'Cancelled',
};
const ATTEMPT_LABELS: Record<NonNullable<Autoplay['lastAttemptStatus']>, string> = {
  purchased: 'Bought',
  soft_failure: 'Not bought yet: we will try again',
  hard_failure: 'Not bought',
};

export const periodLabel = (p: RecurringPeriod | null) => (p ? PERIOD_LABELS[p] : '');
const date = (iso: string | null, site: SiteFormat) => (iso ? formatShortDate(new Date(iso), site) : '');
const ticketsLabel = (n: number | null) => `${n ?? 0} ${n === 1 ? 'ticket' : 'tickets'}`;

function ErrorNotice({ error }: { error: string | null | undefined }) {
  return error ? (
    <p
      role="alert"
      className="rounded-theme border-2 border-[#b00020] p-0.5 font-semibold text-[#b00020]"
      data-testid="form-errors"
    >
      {error}
    </p>
  ) : null;
}

function StatusBadge({ s, site }: { s: Autoplay; site: SiteFormat }) {
  return (
    <span data-testid="subscription-status" className="rounded-theme bg-surface px-0.5 py-0.25 text-sm font-semibold">
      {STATUS_LABELS[s.status]}
      {s.status === 'timed_paused' && s.pausedUntil ? ` until ${date(s.pausedUntil, site)}` : ''}
    </span>
  );
}

/** /:productOfferKey/subscription: how often, how many tickets, which cause; then the cart and checkout. */
export function SubscribeFormView(props: {
  offerName: string;
  action: string;
  currency: SiteFormat['currency'];
  choices: TicketsChoice[];
  defaultTickets: number;
  causes: CauseChoice[];
  chosenCause: string | null;
  error?: string | null;
  site: SiteFormat;
}) {
  const { choices, causes, site } = props;
  return (
    <Form method="post" action={props.action} className="flex flex-col gap-1" data-testid="subscribe-form">
      <ErrorNotice error={props.error} />
      <fieldset className="flex flex-col gap-0.5">
        <legend className="mb-0.5 font-semibold">How often?</legend>
        <div className="grid grid-cols-1 gap-0.5 md:grid-cols-3">
          {RECURRING_PERIODS.map((p) => (
            <label key={p} className={CHOICE}>
              <input type="radio" name="period" value={p} defaultChecked={p === 'monthly'} className="size-[1.1rem]" />
              <span className="font-bold">{PERIOD_LABELS[p]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-0.5">
        <legend className="mb-0.5 font-semibold">How many tickets each time?</legend>
        <div className="grid grid-cols-2 gap-0.5 md:grid-cols-4">
          {choices.map((c) => (
            <label key={c.tickets} className={CHOICE}>
              <input
                type="radio"
                name="numTickets"
                value={c.tickets}
                defaultChecked={c.tickets === props.defaultTickets}
                className="size-[1.1rem]"
              />
              <span className="flex flex-col">
                <span className="font-bold">{ticketsLabel(c.tickets)}</span>
                <span className="text-sm tabular-nums">{formatCents(c.priceCents, props.currency, site.locale)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {causes.length > 1 ? (
        <fieldset className="flex flex-col gap-0.5">
          <legend className="mb-0.5 font-semibold">Choose the cause you support</legend>
          {causes.map((c) => (
            <label key={c.key} className={CHOICE}>
              <input
                type="radio"
                name="causeKey"
                value={c.key}
                defaultChecked={c.key === props.chosenCause}
                className="size-[1.1rem]"
              />
              <span>{c.name}</span>
            </label>
          ))}
        </fieldset>
      ) : causes[0] ? (
        <p>
          Supporting <strong>{causes[0].name}</strong>
          <input type="hidden" name="causeKey" value={causes[0].key} />
        </p>
      ) : null}
      <p className="text-sm">
        You pay for the first entry at checkout. After that we buy the same entry in {props.offerName} once every
        period, paid from your account balance, until you pause or cancel it in My account.
      </p>
      <button type="submit" className={`${PRIMARY} self-start`}>
        Subscribe
      </button>
    </Form>
  );
}

/** /my-account/subscriptions[/:page]. */
export function SubscriptionsList(props: {
  subscriptions: Autoplay[];
  page: number;
  hasNext: boolean;
  cancelled: boolean;
  /** Raffles that sell subscriptions, with their subscribe pages. */
  offers: { key: string; name: string; path: string }[];
  site: SiteFormat;
}) {
  const { subscriptions, page, site } = props;
  return (
    <div className="flex flex-col gap-1">
      {props.cancelled ? (
        <p role="status" className="rounded-theme bg-surface p-0.5 font-semibold" data-testid="subscription-notice">
          Your subscription is cancelled. Nothing more will be bought.
        </p>
      ) : null}
      {subscriptions.length === 0 ? (
        <p data-testid="no-subscriptions">You have no subscriptions.</p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {subscriptions.map((s) => (
            <li
              key={s.autoplayId}
              data-testid="subscription-row"
              className="flex flex-col gap-0.25 rounded-theme border border-black/10 p-1 shadow-theme md:flex-row md:items-center md:justify-between"
            >
              <div className="flex flex-col gap-0.25">
                <span className="font-bold">{s.description}</span>
                <span className="text-sm">
                  {periodLabel(s.period)}, {formatMoney(s.price, site.locale)} each time
                  {s.status === 'active' && s.nextDueAt ? `. Next: ${date(s.nextDueAt, site)}` : ''}
                </span>
              </div>
              <div className="flex items-center gap-1">
                <StatusBadge s={s} site={site} />
                <Link to={`/my-account/subscriptions/ticket/${s.autoplayId}`} className={SECONDARY}>
                  Manage
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {props.offers.length > 0 ? (
        <section aria-labelledby="subscribe-heading" className="flex flex-col gap-0.5">
          <h2 id="subscribe-heading" className="text-xl font-bold">
            Subscribe to a charity raffle
          </h2>
          <p className="text-sm">Buy the same entry for your cause every week, month, quarter, half year or year.</p>
          <ul className="flex flex-col gap-0.25">
            {props.offers.map((o) => (
              <li key={o.key}>
                <Link to={o.path} className="inline-flex min-h-[44px] items-center underline">
                  Subscribe to {o.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <nav aria-label="Pages" className="flex gap-1 text-sm">
        {page > 1 ? (
          <Link
            to={`/my-account/subscriptions/${page - 1}`}
            className="inline-flex min-h-[44px] items-center underline"
          >
            Newer
          </Link>
        ) : null}
        {props.hasNext ? (
          <Link
            to={`/my-account/subscriptions/${page + 1}`}
            className="inline-flex min-h-[44px] items-center underline"
          >
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export type ManageOutcome =
  | { ok: true; message: string }
  | { ok: false; confirmCancel: true }
  | { ok: false; error: string; fieldErrors: Record<string, string[]> }
  | undefined;

function Detail({ s, causes, site }: { s: Autoplay; causes: CauseChoice[]; site: SiteFormat }) {
  const cause = causes.find((c) => c.key === s.causeKey)?.name ?? s.causeKey;
  const rows: [string, string, string][] = [
    ['How often', periodLabel(s.period), 'period'],
    ['Each time', `${ticketsLabel(s.numberOfTickets)}, ${formatMoney(s.price, site.locale)}`, 'each-time'],
    ...(cause ? [['Cause', cause, 'cause'] as [string, string, string]] : []),
    ['Next purchase', s.status === 'active' ? date(s.nextDueAt, site) : 'Not while paused', 'next-due'],
    [
      'Last attempt',
      s.lastAttemptStatus
        ? `${ATTEMPT_LABELS[s.lastAttemptStatus]}, ${date(s.lastAttemptAt, site)}${s.lastFailureReason ? `: ${s.lastFailureReason}` : ''}`
        : 'None yet',
      'last-attempt',
    ],
    ['Since', date(s.createdAt, site), 'since'],
  ];
  return (
    <dl className="grid grid-cols-1 gap-0.5 rounded-theme bg-surface p-1 text-sm md:grid-cols-3">
      {rows.map(([label, value, id]) => (
        <div key={id}>
          <dt className="font-semibold">{label}</dt>
          <dd data-testid={`subscription-${id}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ChangeForm({ s, causes }: { s: Autoplay; causes: CauseChoice[] }) {
  return (
    <Form method="post" className="flex flex-col gap-0.5" aria-labelledby="change-heading">
      <h2 id="change-heading" className="text-xl font-bold">
        Change what is bought
      </h2>
      <input type="hidden" name="intent" value="change" />
      <label className="flex flex-col gap-0.25">
        <span className="font-semibold">Tickets each time</span>
        <input
          name="numTickets"
          type="number"
          min={1}
          max={1000}
          defaultValue={s.numberOfTickets ?? 1}
          className={`${FIELD} w-[8rem]`}
        />
      </label>
      {causes.length > 1 ? (
        <label className="flex flex-col gap-0.25">
          <span className="font-semibold">Cause</span>
          <select name="causeKey" defaultValue={s.causeKey ?? undefined} className={FIELD}>
            {causes.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <button type="submit" className={`${SECONDARY} self-start`}>
        Save changes
      </button>
    </Form>
  );
}

function StatusForms({ s, confirmCancel }: { s: Autoplay; confirmCancel: boolean }) {
  const paused = s.status !== 'active';
  return (
    <section className="flex flex-col gap-0.5" aria-labelledby="status-heading">
      <h2 id="status-heading" className="text-xl font-bold">
        Pause or cancel
      </h2>
      {paused ? (
        <Form method="post">
          <input type="hidden" name="intent" value="unpause" />
          <button type="submit" className={PRIMARY}>
            Unpause
          </button>
        </Form>
      ) : (
        <div className="flex flex-col gap-0.5 md:flex-row md:items-end">
          <Form method="post">
            <input type="hidden" name="intent" value="pause" />
            <button type="submit" className={SECONDARY}>
              Pause
            </button>
          </Form>
          <Form method="post" className="flex flex-wrap items-end gap-0.5">
            <input type="hidden" name="intent" value="timed_pause" />
            <label className="flex flex-col gap-0.25">
              <span className="font-semibold">Pause until</span>
              <input name="pausedUntil" type="date" required className={FIELD} />
            </label>
            <button type="submit" className={SECONDARY}>
              Pause until this date
            </button>
          </Form>
        </div>
      )}
      {confirmCancel ? (
        <div
          role="alertdialog"
          aria-labelledby="confirm-cancel"
          className="flex flex-col gap-0.5 rounded-theme border-2 border-[#b00020] p-1"
        >
          <p id="confirm-cancel" className="font-semibold">
            Cancel this subscription? Nothing more will be bought, and a cancelled subscription cannot be restarted.
          </p>
          <div className="flex flex-wrap gap-0.5">
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="confirm" value="yes" />
              <button type="submit" className={DANGER}>
                Yes, cancel it
              </button>
            </Form>
            <Link to="." className={SECONDARY}>
              Keep it
            </Link>
          </div>
        </div>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className={`${SECONDARY} text-[#b00020]`}>
            Cancel subscription
          </button>
        </Form>
      )}
    </section>
  );
}

/** /my-account/subscriptions/ticket/:id. */
export function SubscriptionDetail(props: {
  subscription: Autoplay;
  causes: CauseChoice[];
  outcome: ManageOutcome;
  site: SiteFormat;
}) {
  const { subscription: s, outcome, site } = props;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1">
        <p className="font-bold">{s.description}</p>
        <StatusBadge s={s} site={site} />
      </div>
      {outcome?.ok ? (
        <p role="status" className="rounded-theme bg-surface p-0.5 font-semibold" data-testid="subscription-notice">
          {outcome.message}
        </p>
      ) : null}
      <ErrorNotice error={outcome && !outcome.ok && 'error' in outcome ? outcome.error : null} />
      <Detail s={s} causes={props.causes} site={site} />
      <p className="text-sm">
        The tickets each purchase buys are in{' '}
        <Link to="/my-account/upcoming-tickets" className="underline">
          Upcoming tickets
        </Link>
        .
      </p>
      <ChangeForm s={s} causes={props.causes} />
      <StatusForms s={s} confirmCancel={!!outcome && !outcome.ok && 'confirmCancel' in outcome} />
    </div>
  );
}
