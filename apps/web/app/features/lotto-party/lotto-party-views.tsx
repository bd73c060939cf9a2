// The Lotto Party screens (features §2 "Lotto Party screens", §3, §4, §6, §8): the landing page, my groups, one group
// with its members, invite link and sessions, the invite page, one session (shares, buying, tickets, result and my
// prize parts) and my order in a session. The group creation modal is group-creation-dialog.tsx.
import {
  moneyToCents,
  type LottoPartyGroup,
  type LottoPartyGroupDetail,
  type LottoPartySession,
  type SocialSyndicateSessionOrder,
} from '@shop/contracts';
import type { ComponentType, ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import {
  formatCents,
  formatLongDate,
  formatMoney,
  formatShortDate,
  formatTime,
  type SiteFormat,
} from '../../lib/format.ts';
import { Pager } from '../../ui/pager.tsx';
import { AutosessionControl } from './autosession-control.tsx';
import { InviteLink } from './invite-link.tsx';
import {
  groupPath,
  lottoGroupModalState,
  MY_GROUPS_PATH,
  SESSION_STATUS_LABELS,
  sessionPath,
  sharesLabel,
  ticketPath,
  type EditOutcome,
} from './lotto-party-rules.ts';

/** The tickets feature's number balls, passed in by the route (a feature never imports another). */
export type BallsComponent = ComponentType<{
  numbers: readonly (number | null)[];
  variant?: 'main' | 'bonus';
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}>;

export { groupPath, MY_GROUPS_PATH, sessionPath, ticketPath };

const CARD = 'rounded-theme border border-black/15 p-1 shadow-theme';

function drawLabel(session: LottoPartySession, site: SiteFormat): string {
  const draw = session.draws[0];
  return draw ? `Draw ${draw.drawNo}, ${formatLongDate(new Date(draw.drawDate), site)}` : '';
}

/** "Create a group": opens the group creation modal through route state (core §2 Navigation). */
export function CreateGroupLink({ signedIn, children }: { signedIn: boolean; children?: ReactNode }) {
  const label = children ?? 'Create a group';
  if (!signedIn)
    return (
      <Link to={`/login?redirect=${encodeURIComponent('/lotto-party')}`} className="btn btn-primary">
        {label}
      </Link>
    );
  return (
    <Link
      to="."
      state={lottoGroupModalState()}
      preventScrollReset
      className="btn btn-primary"
      data-testid="create-group"
    >
      {label}
    </Link>
  );
}

export function GroupTiles({ groups }: { groups: readonly LottoPartyGroup[] }) {
  return (
    <ul className="grid grid-cols-1 gap-1 md:grid-cols-2" data-testid="group-list">
      {groups.map((g) => (
        <li key={g.id} className={CARD} data-testid="group-tile">
          <h3 className="text-lg font-bold">
            <Link to={groupPath(g.id)} className="underline">
              {g.groupName}
            </Link>
          </h3>
          <p className="text-sm">
            {g.memberCount === 1 ? '1 member' : `${g.memberCount} members`}
            {g.isOrganiser ? ' · You organise it' : ''}
          </p>
          <p className="text-sm">
            {g.openSessions === 0
              ? 'No session selling shares'
              : g.openSessions === 1
                ? '1 session selling shares'
                : `${g.openSessions} sessions selling shares`}
          </p>
        </li>
      ))}
    </ul>
  );
}

function SharesLine({ session, site }: { session: LottoPartySession; site: SiteFormat }) {
  return (
    <p className="text-sm" data-testid="session-shares">
      {session.sharesSold} of {session.numShares} shares sold ·{' '}
      {session.status === 'cancelled' ? 'cancelled, every share refunded' : `${sharesLabel(session.sharesLeft)} left`} ·{' '}
      {formatMoney(session.sharePrice, site.locale)} a share
    </p>
  );
}

export function SessionTiles({ sessions, site }: { sessions: readonly LottoPartySession[]; site: SiteFormat }) {
  return (
    <ul className="flex flex-col gap-1" data-testid="session-list">
      {sessions.map((s) => (
        <li key={s.sessionId} className={CARD} data-testid="session-tile" data-status={s.status}>
          <h3 className="font-bold">
            <Link to={sessionPath(s.sessionId)} className="underline">
              {s.offerName}: {drawLabel(s, site)}
            </Link>
          </h3>
          <p className="text-sm">
            {s.groupName} · {SESSION_STATUS_LABELS[s.status]}
          </p>
          <SharesLine session={s} site={site} />
        </li>
      ))}
    </ul>
  );
}

/** /lotto-party: what Lotto Party is, create a group, my groups, promoted sessions. */
export function LandingView(props: {
  signedIn: boolean;
  groups: readonly LottoPartyGroup[];
  moreGroups: boolean;
  promoted: readonly LottoPartySession[];
  site: SiteFormat;
}) {
  return (
    <div className="page-container flex max-w-[960px] flex-col gap-2 py-2">
      <section aria-labelledby="lp-title" className="rounded-theme bg-surface p-1">
        <h1 id="lp-title" className="mb-0.5 text-3xl font-extrabold">
          Lotto Party
        </h1>
        <p className="mb-0.5">
          Play together: start a group, invite your friends with a link, and split a ticket for a draw into shares. Each
          member buys the shares they want; when every share is sold the ticket is bought, and any prize is split
          between the members by their shares, to the cent, straight into their wallets.
        </p>
        <p className="mb-1">
          Turn on autosession and a new session opens for every draw, so the group never misses one.
        </p>
        <CreateGroupLink signedIn={props.signedIn} />
      </section>
      {props.signedIn ? (
        <section aria-labelledby="lp-mine">
          <h2 id="lp-mine" className="mb-0.5 text-xl font-bold">
            My groups
          </h2>
          {props.groups.length ? (
            <GroupTiles groups={props.groups} />
          ) : (
            <p>You are not in a group yet: create one, or open an invite link a friend sent you.</p>
          )}
          {props.moreGroups ? (
            <p className="mt-0.5">
              <Link to={MY_GROUPS_PATH} className="underline">
                All my groups
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="lp-discover">
        <h2 id="lp-discover" className="mb-0.5 text-xl font-bold">
          Sessions to discover
        </h2>
        {props.promoted.length ? (
          <SessionTiles sessions={props.promoted} site={props.site} />
        ) : (
          <p>No group is promoting a session right now.</p>
        )}
      </section>
    </div>
  );
}

/** /my-account/lotto-party[/:page]. */
export function MyGroupsView(props: { groups: readonly LottoPartyGroup[]; page: number; hasNext: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      <p>
        <CreateGroupLink signedIn />
      </p>
      {props.groups.length ? (
        <GroupTiles groups={props.groups} />
      ) : (
        <p>You are not in a group yet: create one, or open an invite link a friend sent you.</p>
      )}
      <Pager base={MY_GROUPS_PATH} page={props.page} hasNext={props.hasNext} />
    </div>
  );
}

/** /my-account/lotto-party/group/:id[/:page]: members, invite link, sessions, the organiser's controls. */
export function GroupDetailView(props: {
  group: LottoPartyGroupDetail;
  sessions: readonly LottoPartySession[];
  page: number;
  hasNext: boolean;
  origin: string;
  edit: EditOutcome | null;
  site: SiteFormat;
}) {
  const { group } = props;
  // The organiser's switch acts on the group's newest session: the one an autosession chain continues from.
  const newest = props.page === 1 ? props.sessions[0] : undefined;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        {group.publicityStatus === 'private' ? 'Private group' : 'Public group'} ·{' '}
        {group.isOrganiser ? 'You organise it' : 'You are a member'}
      </p>
      {group.inviteToken ? <InviteLink origin={props.origin} token={group.inviteToken} /> : null}
      {group.isOrganiser ? (
        <p>
          <Link
            to="."
            state={lottoGroupModalState({ id: group.id, name: group.groupName })}
            preventScrollReset
            className="btn btn-primary"
            data-testid="start-session"
          >
            Start a session
          </Link>
        </p>
      ) : null}
      {group.isOrganiser && newest ? <AutosessionControl session={newest} outcome={props.edit} /> : null}
      <section aria-labelledby="group-sessions">
        <h2 id="group-sessions" className="mb-0.5 text-xl font-bold">
          Sessions
        </h2>
        {props.sessions.length ? (
          <SessionTiles sessions={props.sessions} site={props.site} />
        ) : (
          <p>No session yet.{group.isOrganiser ? ' Start one for the next draw.' : ''}</p>
        )}
        <Pager base={groupPath(group.id)} page={props.page} hasNext={props.hasNext} />
      </section>
      <section aria-labelledby="group-members">
        <h2 id="group-members" className="mb-0.5 text-xl font-bold">
          Members ({group.memberCount})
        </h2>
        <ul className="flex flex-col gap-0.25" data-testid="group-members">
          {group.members.map((m, i) => (
            <li key={`${m.name}-${i}`}>
              {m.name}
              {m.isMe ? ' (you)' : ''}
              {m.isOrganiser ? ' · organiser' : ''}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** /lotto-party/group?token=…: the group an invite leads to, and Join. */
export function InviteView({ group }: { group: LottoPartyGroup }) {
  const busy = useNavigation().state === 'submitting';
  return (
    <div className="page-container flex max-w-[720px] flex-col gap-1 py-2">
      <h1 className="text-2xl font-bold">{group.groupName}</h1>
      <p>
        You are invited to this Lotto Party group (
        {group.memberCount === 1 ? '1 member' : `${group.memberCount} members`}
        ). Join it to buy shares in its sessions and split their prizes.
      </p>
      {group.isMember ? (
        <p>
          You are already a member.{' '}
          <Link to={groupPath(group.id)} className="underline">
            Open the group
          </Link>
        </p>
      ) : (
        <Form method="post">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Joining…' : 'Join'}
          </button>
        </Form>
      )}
    </div>
  );
}

function TicketLines({ session, Balls }: { session: LottoPartySession; Balls: BallsComponent }) {
  return (
    <ol className="flex flex-col gap-0.5" aria-label="Ticket games" data-testid="session-tickets">
      {session.tickets.map((line, i) => (
        <li key={line.lineId} className="flex flex-wrap items-center gap-0.5">
          <span className="w-[4.5rem] shrink-0 text-sm font-semibold">Game {i + 1}</span>
          {Object.entries(line.sets).map(([set, numbers]) => (
            <Balls
              key={set}
              numbers={numbers}
              variant={set === 'numbers' ? 'main' : 'bonus'}
              size="sm"
              label={`Game ${i + 1} ${set === 'numbers' ? 'numbers' : set}`}
            />
          ))}
        </li>
      ))}
    </ol>
  );
}

export type BuyOutcome = { error: string } | null;

function BuySharesForm({ session, outcome }: { session: LottoPartySession; outcome: BuyOutcome }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'buy';
  const max = session.sharesLeft;
  return (
    <Form method="post" className="flex flex-col gap-0.5" data-testid="buy-shares">
      <input type="hidden" name="intent" value="buy" />
      {outcome?.error ? (
        <p role="alert" className="font-semibold text-[#b00020]" data-testid="buy-error">
          {outcome.error}
        </p>
      ) : null}
      <label htmlFor="num-shares" className="font-semibold">
        Shares to buy
      </label>
      <div className="flex flex-wrap items-center gap-0.5">
        <input
          id="num-shares"
          name="numShares"
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          defaultValue={1}
          required
          className="min-h-[44px] w-[6rem] rounded-theme border border-[#767676] px-0.5"
        />
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Adding…' : 'Add shares to cart'}
        </button>
      </div>
    </Form>
  );
}

/** When a session's sales closed, in the site's time ("Tue 24 Nov, 7:00 pm"). */
function closedAt(s: LottoPartySession, site: SiteFormat): string {
  return `${formatShortDate(new Date(s.closesAt), site)}, ${formatTime(new Date(s.closesAt), site)}`;
}

/**
 * A cancelled session (ADR 087: not every share sold when the draw's sales closed): no ticket was bought and every
 * share went back to its buyer's wallet. Each member reads what happened to their own shares.
 */
function CancelledNotice({ session: s, site }: { session: LottoPartySession; site: SiteFormat }) {
  const refund = s.myRefund;
  return (
    <section
      role="status"
      aria-labelledby="session-cancelled"
      className="rounded-theme border-l-4 border-brand bg-surface p-1"
      data-testid="session-cancelled"
    >
      <h2 id="session-cancelled" className="text-xl font-bold">
        This session was cancelled
      </h2>
      <p>
        Only {s.sharesSold} of {s.numShares} shares were sold when sales closed on {closedAt(s, site)}, so the ticket
        was not bought.
      </p>
      {refund && refund.shares > 0 ? (
        <p className="font-semibold" data-testid="my-refund">
          We refunded your {sharesLabel(refund.shares)} ({formatMoney(refund.amount, site.locale)}) to your wallet.
        </p>
      ) : s.isMember ? (
        <p>You had no shares in it, so nothing was charged.</p>
      ) : null}
    </section>
  );
}

/** /my-account/lotto-party/session/:id. */
export function SessionView(props: {
  session: LottoPartySession;
  buy: BuyOutcome;
  edit: EditOutcome | null;
  site: SiteFormat;
  Balls: BallsComponent;
}) {
  const { session: s, site } = props;
  const draw = s.draws[0];
  const prizeTotal = s.myPrizes.reduce((sum, p) => sum + moneyToCents(p.amount), 0);
  return (
    <div className="flex flex-col gap-2">
      <section className={CARD} aria-labelledby="session-summary">
        <h2 id="session-summary" className="text-xl font-bold">
          {s.offerName}
        </h2>
        <p>{drawLabel(s, site)}</p>
        <p data-testid="session-status">{SESSION_STATUS_LABELS[s.status]}</p>
        <p className="text-sm">
          Group:{' '}
          <Link to={groupPath(s.groupId)} className="underline">
            {s.groupName}
          </Link>
        </p>
        <p className="text-sm">
          {s.gameOfferName}, {s.numGames === 1 ? '1 game' : `${s.numGames} games`}:{' '}
          {formatMoney(s.ticketCost, site.locale)}
        </p>
        <SharesLine session={s} site={site} />
        {s.status === 'open' && draw ? (
          <p className="text-sm">
            Shares are on sale until {formatShortDate(new Date(s.closesAt), site)},{' '}
            {formatTime(new Date(s.closesAt), site)}; if they are not all sold by then, the session is cancelled and
            every member is refunded to their wallet.
          </p>
        ) : null}
        {s.myShares > 0 ? (
          <p className="font-semibold" data-testid="my-shares">
            You hold {sharesLabel(s.myShares)} of {s.numShares}.{' '}
            <Link to={ticketPath(s.sessionId)} className="underline">
              My order
            </Link>
          </p>
        ) : null}
      </section>
      {s.status === 'cancelled' ? <CancelledNotice session={s} site={site} /> : null}
      {s.status === 'open' && s.sharesLeft > 0 && s.isMember ? <BuySharesForm session={s} outcome={props.buy} /> : null}
      {s.isOrganiser ? <AutosessionControl session={s} outcome={props.edit} /> : null}
      {s.tickets.length ? (
        <section aria-labelledby="session-ticket">
          <h2 id="session-ticket" className="mb-0.5 text-xl font-bold">
            The ticket
          </h2>
          <TicketLines session={s} Balls={props.Balls} />
        </section>
      ) : null}
      {s.status === 'paid' ? (
        <section aria-labelledby="session-result" data-testid="session-result">
          <h2 id="session-result" className="mb-0.5 text-xl font-bold">
            Result
          </h2>
          {prizeTotal > 0 ? (
            <p data-testid="my-prize">
              Your part of the prizes: <strong>{formatCents(prizeTotal, s.ticketCost.currency, site.locale)}</strong>,
              paid into your wallet.
            </p>
          ) : (
            <p>No prize for this session.</p>
          )}
        </section>
      ) : null}
      {s.holders.length ? (
        <section aria-labelledby="session-holders">
          <h2 id="session-holders" className="mb-0.5 text-xl font-bold">
            Who holds shares
          </h2>
          <ul data-testid="session-holders">
            {s.holders.map((h, i) => (
              <li key={`${h.name}-${i}`}>
                {h.name}
                {h.isMe ? ' (you)' : ''}: {sharesLabel(h.shares)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {s.nextSessionId ? (
        <p>
          <Link to={sessionPath(s.nextSessionId)} className="underline" data-testid="next-session">
            The next session
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** /my-account/lotto-party/ticket/:id: my purchases of shares in a session (orders' socialSyndicateId). */
export function SessionOrderView(props: {
  order: SocialSyndicateSessionOrder | null;
  error: string | null;
  site: SiteFormat;
}) {
  const { order, site } = props;
  if (!order)
    return (
      <div
        role="alert"
        className="rounded-theme border-l-4 border-[#b00020] bg-[#fdecee] p-0.5"
        data-testid="order-error"
      >
        <p>{props.error}</p>
        <p className="mt-0.5">
          <Link to={MY_GROUPS_PATH} className="underline">
            My Lotto Party groups
          </Link>
        </p>
      </div>
    );
  const cancelled = order.session.status === 'cancelled';
  return (
    <div className="flex flex-col gap-1">
      {cancelled ? (
        <section
          role="status"
          className="rounded-theme border-l-4 border-brand bg-surface p-1"
          data-testid="session-cancelled"
        >
          <p className="font-bold">This session was cancelled: not every share was sold when sales closed.</p>
          <p data-testid="my-refund">
            {formatMoney(order.amountRefunded, site.locale)} was refunded to your wallet. No ticket was bought.
          </p>
        </section>
      ) : null}
      <p>
        {order.session.offerName}: {drawLabel(order.session, site)} ·{' '}
        <Link to={sessionPath(order.socialSyndicateId)} className="underline">
          The session
        </Link>
      </p>
      <p className="text-sm" data-testid="social-syndicate-id">
        Lotto Party session {order.socialSyndicateId}
      </p>
      <ul className="flex flex-col gap-0.5" data-testid="session-orders">
        {order.orders.map((o) => (
          <li key={o.orderId} className={CARD}>
            <p className="font-semibold">
              {sharesLabel(o.shares)}: {formatMoney(o.amount, site.locale)}
              {o.refunded ? ' (refunded)' : ''}
            </p>
            <p className="text-sm">
              Order {o.orderId}, {formatShortDate(new Date(o.purchasedAt), site)}
            </p>
          </li>
        ))}
      </ul>
      <p>Paid: {formatMoney(order.amountPaid, site.locale)}</p>
      {order.amountRefunded.amount > 0 ? <p>Refunded: {formatMoney(order.amountRefunded, site.locale)}</p> : null}
    </div>
  );
}
