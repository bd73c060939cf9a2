// The Daily Winners entry points (features §3: home_page, receipt_page, lotto_games_banner, my_giveaways_page): a
// banner that invites a non-member to join from where they are (and brings them back there), tells a member they are
// in today's giveaway, and shows nothing at all to a customer who gets no marketing (on a break, excluded).
import type { EntryPoint } from '@shop/contracts';
import { Link } from 'react-router';
import type { MembershipShell } from '../../lib/shell.ts';
import { JoinForm } from './join-form.tsx';

export function DailyWinnersBanner({
  membership,
  entryPoint,
  returnTo,
  myGiveaways,
}: {
  membership: MembershipShell | null | undefined;
  entryPoint: EntryPoint;
  returnTo: string;
  /** The customer's giveaways pages are on (giveaway entries capability). */
  myGiveaways: boolean;
}) {
  if (!membership || !membership.marketing) return null;
  const member = membership.membershipStatus !== null && membership.membershipStatus !== 'non-member';
  return (
    <aside
      aria-label="Daily Winners"
      className="flex flex-col gap-0.5 rounded-theme border-2 border-brand bg-surface p-1 md:flex-row md:items-center md:justify-between"
      data-testid="daily-winners-banner"
      data-entry-point={entryPoint}
    >
      <div className="flex items-center gap-0.75">
        <img src="/images/daily-winners/logo.svg" alt="" width={48} height={48} className="size-[48px] shrink-0" />
        <p>
          <span className="block text-lg font-bold">Daily Winners</span>
          {member
            ? membership.navigationStatus === 'draw_locked'
              ? 'You are in today’s giveaway, and you have an entry to unlock.'
              : 'You are in today’s giveaway. Good luck!'
            : 'A free membership with a giveaway every day. Join and you are in today’s draw.'}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-0.5">
        {member ? (
          <Link to={myGiveaways ? '/my-account/current-giveaways' : '/daily-winners'} className="btn btn-secondary">
            {myGiveaways ? 'My giveaways' : 'Daily Winners'}
          </Link>
        ) : membership.navigationStatus === 'anonymous' ? (
          <Link to="/daily-winners" className="btn btn-primary">
            Find out more
          </Link>
        ) : (
          <JoinForm entryPoint={entryPoint} returnTo={returnTo} />
        )}
      </div>
    </aside>
  );
}
