// /daily-winners (spec core §2; features §2 "Landing page with tiers, monthly, daily and special giveaways, past
// winners, FAQ, manage membership, opt-in and discount benefits. Content locations are controlled by a
// navigation-items configuration."). Gated by the membership program capability. Opening it sets the stored flag
// the dot badge reads; its action joins (from any entry point), leaves and opens the member benefits.
import type { CustomerMembership, EntryStatus, MembershipConfig } from '@shop/contracts';
import type { ReactNode } from 'react';
import { data, Form, Link, useRouteLoaderData } from 'react-router';
import { membershipAction } from '../../features/membership/membership-actions.server.ts';
import { giveawayPath, TIER_LABEL } from '../../features/membership/membership-rules.ts';
import {
  DrawCardGrid,
  Faq,
  JoinForm,
  PastWinners,
  PremiumProgress,
  TierCards,
} from '../../features/membership/membership-views.tsx';
import {
  loadCustomerMembership,
  loadMembershipConfig,
  visitedCookie,
} from '../../features/membership/membership.server.ts';
import { authApi, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { hasCapability } from '../../lib/capability-checks.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { useSiteFormat, type ShellData } from '../../lib/shell.ts';
import type { Route } from './+types/daily-winners';

export const headers = mergeSetCookieHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = authApi(request, context);
  try {
    const [config, membership] = await Promise.all([
      loadMembershipConfig(context, request),
      loadCustomerMembership(auth),
    ]);
    const headers = auth.headers({ 'Cache-Control': 'private, no-store' });
    headers.append('Set-Cookie', visitedCookie(request));
    return data({ config, membership }, { headers });
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return membershipAction(request, context);
}

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: d ? `${d.config.titleContent.title}: free giveaways every day` : 'Daily Winners' }];
}

type Section = MembershipConfig['navigationItems'][number]['key'];

export default function DailyWinners({ loaderData, actionData }: Route.ComponentProps) {
  const { config, membership: m } = loaderData;
  const site = useSiteFormat();
  const shell = useRouteLoaderData<{ shell: ShellData }>('root')?.shell;
  const caps = shell?.capabilities ?? [];
  const member = m !== null && m.membershipStatus !== 'non-member';
  const entries: Record<string, EntryStatus> = Object.fromEntries(
    (m?.upcomingDraws ?? []).map((d) => [d.drawId, d.entryStatus]),
  );
  const sections: Record<Section, ReactNode> = {
    title: (
      <header className="flex flex-col gap-0.5">
        <div className="flex items-center gap-1">
          <img src={config.programLogo.url} alt="" width={64} height={64} className="size-[64px]" />
          <h1 className="text-3xl font-extrabold text-brand">{config.titleContent.title}</h1>
        </div>
        <p className="text-lg">{config.titleContent.subtitle}</p>
        <nav aria-label="On this page" className="flex flex-wrap gap-x-1 text-sm">
          {config.navigationItems
            .filter((n) => n.visible && n.key !== 'title' && (n.key !== 'manage_membership' || member))
            .map((n) => (
              <a key={n.key} href={`#${n.key}`} className="inline-flex min-h-[44px] items-center underline">
                {/* A member's opt-in section is their membership: the menu says so, not "Join". */}
                {n.key === 'opt_in' && member ? 'Your membership' : n.label}
              </a>
            ))}
        </nav>
        <section aria-labelledby="how-it-works" className="rounded-theme bg-surface p-1">
          <h2 id="how-it-works" className="text-xl font-bold">
            {config.explanationCard.title}
          </h2>
          <ol className="list-decimal pl-1.5">
            {config.explanationCard.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      </header>
    ),
    opt_in: <OptIn config={config} m={m} error={actionData?.error ?? null} left={actionData?.left === true} />,
    daily_giveaways: (
      <DrawSection id="daily_giveaways" title={config.dailyGiveaways.title} text={config.dailyGiveaways.description}>
        <DrawCardGrid
          cards={config.dailyGiveaways.draws}
          site={site}
          entries={entries}
          empty="No daily giveaway is open right now."
        />
      </DrawSection>
    ),
    monthly_giveaways: (
      <DrawSection
        id="monthly_giveaways"
        title={config.monthlyGiveaways.title}
        text={config.monthlyGiveaways.description}
      >
        <DrawCardGrid
          cards={config.monthlyGiveaways.draws}
          site={site}
          entries={entries}
          empty="No monthly giveaway is open right now."
        />
      </DrawSection>
    ),
    special_giveaways: (
      <DrawSection
        id="special_giveaways"
        title={config.specialGiveaways.title}
        text={config.specialGiveaways.description}
      >
        <DrawCardGrid
          cards={config.specialGiveaways.draws}
          site={site}
          entries={entries}
          empty="No special giveaway is on right now: check back soon."
        />
      </DrawSection>
    ),
    tiers: (
      <DrawSection id="tiers" title="Free and premium" text={config.deposit.text}>
        <TierCards tiers={config.membershipTiers} current={member ? (m?.membershipTier ?? null) : null} />
        {hasCapability(caps, 'membership_purchase') ? (
          <p className="flex flex-wrap gap-1">
            <Link to="/daily-winners/membership-tiers" className="inline-flex min-h-[44px] items-center underline">
              Compare the tiers
            </Link>
            {m?.membershipTier === 'premium' ? null : (
              <Link to="/daily-winners/deposit" className="inline-flex min-h-[44px] items-center underline">
                {config.deposit.title}
              </Link>
            )}
          </p>
        ) : null}
      </DrawSection>
    ),
    past_winners: (
      <DrawSection id="past_winners" title="Past winners" text="First name and state of the latest winners.">
        <PastWinners winners={config.pastWinners} site={site} />
        <p>
          <Link to="/daily-winners/winners" className="inline-flex min-h-[44px] items-center underline">
            All winners
          </Link>
        </p>
      </DrawSection>
    ),
    discounts: (
      <DrawSection id="discounts" title="Member discounts" text="Members get discounts on tickets.">
        <ul className="list-disc pl-1.5">
          {config.discounts.map((d) => (
            <li key={d.title}>
              <span className="font-semibold">{d.title}</span>: {d.description}
            </li>
          ))}
        </ul>
        {member && m?.eligibility === 'eligible' ? (
          <Form method="post">
            <input type="hidden" name="intent" value="benefits" />
            <button type="submit" className="btn btn-secondary" data-testid="member-benefits">
              See my member benefits
            </button>
          </Form>
        ) : null}
      </DrawSection>
    ),
    faq: (
      <DrawSection id="faq" title="Frequently asked questions">
        <Faq items={config.frequentlyAskedQuestions} />
      </DrawSection>
    ),
    manage_membership: member ? (
      <DrawSection id="manage_membership" title={config.manageMembership.title} text={config.manageMembership.text}>
        <Form method="post">
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className="btn btn-secondary" data-testid="leave-daily-winners">
            {config.manageMembership.optOutText}
          </button>
        </Form>
      </DrawSection>
    ) : null,
  };
  return (
    <div className="page-container flex flex-col gap-2 py-1.5">
      {config.navigationItems
        .filter((n) => n.visible)
        .map((n) => (
          <div key={n.key}>{sections[n.key]}</div>
        ))}
      <p className="text-sm">{config.footer.disclaimerText}</p>
    </div>
  );
}

function DrawSection({ id, title, text, children }: { id: string; title: string; text?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="flex scroll-mt-2 flex-col gap-0.75">
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {title}
      </h2>
      {text ? <p>{text}</p> : null}
      {children}
    </section>
  );
}

function OptIn({
  config,
  m,
  error,
  left,
}: {
  config: MembershipConfig;
  m: CustomerMembership | null;
  error: string | null;
  left: boolean;
}) {
  const site = useSiteFormat();
  const member = m !== null && m.membershipStatus !== 'non-member';
  return (
    <section
      id="opt_in"
      aria-labelledby="opt_in-heading"
      className="flex scroll-mt-2 flex-col gap-0.75 rounded-theme border-2 border-brand p-1"
      data-testid="opt-in"
    >
      <h2 id="opt_in-heading" className="text-2xl font-bold">
        {member ? 'Your membership' : config.optIn.title}
      </h2>
      {error ? (
        <p role="alert" className="font-semibold text-[#b00020]" data-testid="membership-error">
          {error}
        </p>
      ) : null}
      {left ? <p role="status">You have left Daily Winners. You can join again at any time.</p> : null}
      {m?.eligibility === 'ineligible' ? (
        <p data-testid="membership-ineligible">{m.ineligibleReason}</p>
      ) : member ? (
        <div className="flex flex-col gap-0.5" data-testid="membership-summary">
          <p className="text-lg font-semibold">
            You are a {m.membershipTier ? TIER_LABEL[m.membershipTier].toLowerCase() : 'member'}
            {m.membershipStatus === 'pending-deposit' ? ': premium once your qualifying deposit arrives' : ''}.
          </p>
          <p>
            {m.upcomingDraws.length === 1
              ? 'You have an entry in 1 open giveaway.'
              : `You have entries in ${m.upcomingDraws.length} open giveaways.`}{' '}
            <Link to="/my-account/current-giveaways" className="underline">
              See my giveaways
            </Link>
          </p>
          {m.upcomingDraws
            .filter((d) => d.entryStatus === 'locked')
            .map((d) => (
              <p key={d.drawId} data-testid="locked-entry-prompt">
                Your entry in the {d.title} is locked.{' '}
                <Link to={giveawayPath(d.type, d.number)} className="font-semibold underline">
                  Unlock it
                </Link>
              </p>
            ))}
          <PremiumProgress premium={m.premium} site={site} />
        </div>
      ) : (
        <div className="flex flex-col items-start gap-0.5">
          <p>{config.optIn.text}</p>
          <JoinForm returnTo="/daily-winners">{config.optIn.buttonText}</JoinForm>
          {m === null ? <p className="text-sm">You will be asked to log in or create an account first.</p> : null}
        </div>
      )}
    </section>
  );
}
