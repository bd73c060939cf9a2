// /daily-winners/deposit (spec core §2; gated by the membership purchase capability): premium is a qualifying deposit
// in the calendar month. Shows how much the customer has deposited this month; a non-member joins as premium (status
// pending-deposit until the deposit arrives) and goes on to the deposit screen.
import { data, Link, useRouteLoaderData } from 'react-router';
import { membershipAction } from '../../features/membership/membership-actions.server.ts';
import { JoinForm, PremiumProgress } from '../../features/membership/membership-views.tsx';
import { loadCustomerMembership, loadMembershipConfig } from '../../features/membership/membership.server.ts';
import { authApi, mergeSetCookieHeaders } from '../../lib/auth.server.ts';
import { formatMoney } from '../../lib/format.ts';
import { hasCapability } from '../../lib/capability-checks.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { useSiteFormat, type ShellData } from '../../lib/shell.ts';
import type { Route } from './+types/deposit';

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

export async function action({ request, context }: Route.ActionArgs) {
  return membershipAction(request, context);
}

export const meta: Route.MetaFunction = () => [{ title: 'Daily Winners: go premium' }];

export default function PremiumDeposit({ loaderData, actionData }: Route.ComponentProps) {
  const { config, membership: m } = loaderData;
  const site = useSiteFormat();
  const caps = useRouteLoaderData<{ shell: ShellData }>('root')?.shell.capabilities ?? [];
  const depositPath = hasCapability(caps, 'wallet_manage') ? '/my-account/deposit' : null;
  const member = m !== null && m.membershipStatus !== 'non-member';
  const premium = member && m?.membershipTier === 'premium';
  return (
    <div className="page-container flex max-w-[44rem] flex-col gap-1.5 py-1.5">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/daily-winners" className="underline">
          Daily Winners
        </Link>
      </nav>
      <h1 className="text-3xl font-extrabold text-brand">{config.deposit.title}</h1>
      <p>{config.deposit.text}</p>
      <p className="font-semibold">
        Qualifying deposit: {formatMoney(config.deposit.qualifyingDeposit, site.locale)} or more in a calendar month.
      </p>
      {actionData?.error ? (
        <p role="alert" className="font-semibold text-[#b00020]" data-testid="membership-error">
          {actionData.error}
        </p>
      ) : null}
      {m?.eligibility === 'ineligible' ? (
        <p>{m.ineligibleReason}</p>
      ) : (
        <>
          {m ? <PremiumProgress premium={m.premium} site={site} /> : null}
          {premium ? (
            <p className="text-lg font-semibold" data-testid="premium-now">
              You are a premium member this month: your entries are guaranteed.
            </p>
          ) : member ? (
            depositPath ? (
              <p>
                <Link to={depositPath} className="btn btn-primary" data-testid="premium-deposit">
                  {config.deposit.buttonText}
                </Link>
              </p>
            ) : null
          ) : (
            <div className="flex flex-col items-start gap-0.5">
              <JoinForm tier="premium" returnTo={depositPath ?? '/daily-winners'}>
                Join as a premium member
              </JoinForm>
              <p className="text-sm">Membership is free: you become premium once your deposit arrives.</p>
            </div>
          )}
        </>
      )}
    </div>
  );
}
