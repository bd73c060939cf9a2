// /daily-winners/benefits?token=… : the member benefits page that GET /v3/benefits's ssoUrl points to (features §7).
// The short-lived token stands in for a login (the exchange is GET /v3/benefits/sso/{token}); a used-up or forged
// link says so and leads back to Daily Winners.
import { data, Link } from 'react-router';
import { TIER_LABEL } from '../../features/membership/membership-rules.ts';
import { loadBenefits } from '../../features/membership/membership.server.ts';
import type { Route } from './+types/benefits';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const benefits = await loadBenefits(context, request, token);
  // The token is a credential: the page is never cached and never sends it on as a referrer.
  return data(
    { benefits },
    {
      status: benefits ? 200 : 401,
      headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' },
    },
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Your member benefits' }];

export default function Benefits({ loaderData }: Route.ComponentProps) {
  const { benefits } = loaderData;
  return (
    <div className="page-container flex max-w-[44rem] flex-col gap-1.5 py-1.5">
      <h1 className="text-3xl font-extrabold text-brand">Your member benefits</h1>
      {benefits ? (
        <>
          <p>
            Hi {benefits.firstname}, as a {TIER_LABEL[benefits.membershipTier].toLowerCase()} of Daily Winners these
            discounts are yours. Enter a code in your cart.
          </p>
          <ul className="flex flex-col gap-1" data-testid="member-discounts">
            {benefits.discounts.map((d) => (
              <li key={d.code} className="flex flex-col gap-0.25 rounded-theme border border-black/15 p-1">
                <span className="text-lg font-bold">{d.title}</span>
                <span>{d.description}</span>
                <span>
                  Code: <code className="rounded bg-surface px-0.5 font-mono text-lg font-bold">{d.code}</code>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p role="alert" data-testid="benefits-invalid">
          This benefits link is not valid any more. Open it again from Daily Winners.
        </p>
      )}
      <p>
        <Link to="/daily-winners" className="underline">
          Back to Daily Winners
        </Link>
      </p>
    </div>
  );
}
