// /daily-winners/giveaways/:giveawayType/:drawNumber (spec core §2; issue 17): the prizes, permits, the customer's
// entry and its status, the countdown to the close, the draw commitment, the winners and the link to the verify page
// once drawn, and the sticky call-to-action of features §4. Its action unlocks the customer's entry.
import { data, Link } from 'react-router';
import { Countdown } from '../../features/lotteries/countdown.tsx';
import { unlockAction } from '../../features/membership/membership-actions.server.ts';
import {
  GIVEAWAY_TYPE_LABEL,
  giveawayParams,
  stickyCallToAction,
  verifyPath,
} from '../../features/membership/membership-rules.ts';
import {
  EntryStatusBadge,
  Permits,
  PrizeList,
  StickyCallToAction,
  whenLabel,
} from '../../features/membership/membership-views.tsx';
import { loadCustomerMembership, loadGiveaway } from '../../features/membership/membership.server.ts';
import { authApi, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { notFound, toRouteError } from '../../lib/route-errors.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/giveaway';

export const headers = mergeSetCookieHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const which = giveawayParams(params.giveawayType, params.drawNumber);
  if (!which) notFound();
  const auth = authApi(request, context);
  try {
    // The membership first: it brings the customer's entries up to date before the giveaway is read.
    const membership = await loadCustomerMembership(auth);
    const giveaway = await loadGiveaway(auth, which.type, which.drawNumber);
    return data(
      { giveaway, membership, now: new Date().toISOString() },
      { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) },
    );
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return unlockAction(request, context);
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: d ? `${d.giveaway.title} | Daily Winners` : 'Daily Winners giveaway' }];
}

export default function Giveaway({ loaderData, actionData }: Route.ComponentProps) {
  const { giveaway: g, membership: m, now } = loaderData;
  const site = useSiteFormat();
  const open = g.status === 'DRAW_OPEN';
  const drawn = g.status === 'DRAW_PAID' || g.drawnAt !== null;
  const member = m !== null && m.membershipStatus !== 'non-member';
  const here = `/daily-winners/giveaways/${g.type}/${g.number}`;
  const cta = stickyCallToAction(g, {
    member,
    tier: m?.membershipTier ?? null,
    entryStatus: g.entry?.status ?? null,
  });
  return (
    <>
      <div className="page-container flex max-w-[48rem] flex-col gap-1.5 py-1.5">
        <nav aria-label="Breadcrumb" className="text-sm">
          <Link to="/daily-winners" className="underline">
            Daily Winners
          </Link>{' '}
          / {GIVEAWAY_TYPE_LABEL[g.type]} {g.number}
        </nav>
        <header className="flex flex-col gap-0.5">
          <img
            src={g.desktopImage.url}
            alt={g.desktopImage.contentDescription}
            width={640}
            height={320}
            className="aspect-[2/1] w-full rounded-theme object-cover"
          />
          <p className="text-sm font-semibold">
            {GIVEAWAY_TYPE_LABEL[g.type]} {g.number}
            {g.pill ? ` · ${g.pill}` : ''}
          </p>
          <h1 className="text-3xl font-extrabold text-brand">{g.title}</h1>
          <p>{g.description}</p>
          <p className="text-sm" data-testid="giveaway-status" data-status={g.status}>
            {open
              ? `Entries close ${whenLabel(g.closeTime, site)}.`
              : drawn
                ? `Drawn ${whenLabel(g.drawnAt ?? g.closeTime, site)}.`
                : `Entries closed ${whenLabel(g.closeTime, site)}; the draw is next.`}
          </p>
          {open ? <Countdown stop={g.closeTime} now={now} label="Entries close in" /> : null}
          {!g.availability.includes('free') ? <p className="font-semibold">For premium members only.</p> : null}
          {g.verificationRequired ? <p className="text-sm">A verified identity is needed to enter.</p> : null}
        </header>

        <section aria-labelledby="my-entry" className="flex flex-col gap-0.5 rounded-theme bg-surface p-1">
          <h2 id="my-entry" className="text-xl font-bold">
            Your entry
          </h2>
          {actionData?.error ? (
            <p role="alert" className="font-semibold text-[#b00020]" data-testid="membership-error">
              {actionData.error}
            </p>
          ) : null}
          {g.entry ? (
            <p className="flex flex-wrap items-center gap-0.5">
              <EntryStatusBadge status={g.entry.status} />
              <span>Entry number {g.entry.entryNumber}</span>
            </p>
          ) : m?.eligibility === 'ineligible' ? (
            <p>{m.ineligibleReason}</p>
          ) : member ? (
            <p>You have no entry in this giveaway.</p>
          ) : (
            <p>Members are entered in the giveaways. Joining is free.</p>
          )}
          <p className="text-sm">
            {g.entriesCount === 1 ? '1 entry is' : `${g.entriesCount.toLocaleString('en-AU')} entries are`} in the draw.
          </p>
        </section>

        <section aria-labelledby="prizes" className="flex flex-col gap-0.5">
          <h2 id="prizes" className="text-2xl font-bold">
            Prizes
          </h2>
          <PrizeList prizes={g.prizes} site={site} />
          <Permits permits={g.permits} />
        </section>

        {drawn ? (
          <section aria-labelledby="winners" className="flex flex-col gap-0.5" data-testid="giveaway-winners">
            <h2 id="winners" className="text-2xl font-bold">
              Winners
            </h2>
            {g.winners.length ? (
              <ul className="flex flex-col gap-0.25">
                {g.winners.map((w) => (
                  <li key={w.rank}>
                    <span className="font-semibold">
                      {w.firstname}
                      {w.state ? `, ${w.state}` : ''}
                    </span>{' '}
                    won {w.prize}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No entries took part, so there was no winner.</p>
            )}
          </section>
        ) : null}

        <section aria-labelledby="fair-draw" className="flex flex-col gap-0.5">
          <h2 id="fair-draw" className="text-2xl font-bold">
            A draw you can check
          </h2>
          <p className="text-sm">
            Draw commitment: <code className="break-all font-mono">{g.commitment}</code>
          </p>
          <p>
            <Link to={verifyPath(g.type, g.number)} className="underline" data-testid="verify-link">
              {drawn ? 'Check this draw yourself' : 'How this draw can be checked'}
            </Link>
          </p>
        </section>
      </div>
      {m === null || m.eligibility === 'eligible' ? (
        <StickyCallToAction kind={cta} type={g.type} drawNumber={g.number} drawId={g.externalId} returnTo={here} />
      ) : null}
    </>
  );
}
