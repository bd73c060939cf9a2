// /daily-winners/membership-tiers (spec core §2; gated by the membership purchase capability): the free and premium
// tiers side by side, the customer's own tier, and how to go premium (a qualifying deposit in the month).
import { data, Link } from 'react-router';
import { PremiumProgress, TierCards } from '../../features/membership/membership-views.tsx';
import { loadCustomerMembership, loadMembershipConfig } from '../../features/membership/membership.server.ts';
import { authApi, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { useSiteFormat } from '../../lib/shell.ts';
import type { Route } from './+types/membership-tiers';

export const headers = mergeSetCookieHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = authApi(request, context);
  try {
    const [config, membership] = await Promise.all([
      loadMembershipConfig(context, request),
      loadCustomerMembership(auth),
    ]);
    return data({ config, membership }, { headers: auth.headers({ 'Cache-Control': 'private, no-store' }) });
  } catch (error) {
    throw toRouteError(error);
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Daily Winners: membership tiers' }];

export default function MembershipTiers({ loaderData }: Route.ComponentProps) {
  const { config, membership: m } = loaderData;
  const site = useSiteFormat();
  const member = m !== null && m.membershipStatus !== 'non-member';
  return (
    <div className="page-container flex max-w-[48rem] flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/daily-winners" className="underline">
          Daily Winners
        </Link>
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">Membership tiers</h1>
      <p>{config.deposit.text}</p>
      <TierCards
        tiers={config.membershipTiers}
        current={member ? (m?.membershipTier ?? null) : null}
        headingLevel={2}
      />
      {member && m ? <PremiumProgress premium={m.premium} site={site} /> : null}
      {member && m?.membershipTier === 'premium' ? null : (
        <p>
          <Link to="/daily-winners/deposit" className="btn btn-primary">
            {config.deposit.title}
          </Link>
        </p>
      )}
    </div>
  );
}
