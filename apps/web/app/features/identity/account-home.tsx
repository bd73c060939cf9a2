// The account home (/my-account): greeting, funds, and the account areas the customer's segment allows.
import type { Capability, Money } from '@shop/contracts';
import { Link } from 'react-router';
import { hasCapability } from '../../lib/capability-checks.ts';
import { formatMoney, type SiteLocale } from '../../lib/format.ts';
import { PostButton } from '../../ui/post-button.tsx';

interface AreaLink {
  label: string;
  to: string;
  capability?: Capability;
}

/** Account areas of the sitemap (spec core §2 protected routes) with their gates. */
export const ACCOUNT_AREAS: readonly AreaLink[] = [
  { label: 'My details', to: '/my-account/my-details' },
  { label: 'Login and security', to: '/my-account/login-and-security' },
  {
    label: 'Communication preferences',
    to: '/my-account/communication-preferences',
  },
  {
    label: 'Upcoming tickets',
    to: '/my-account/upcoming-tickets',
    capability: 'view_orders',
  },
  // The spec's routes have only scheduled-purchases/:id: the list is a section of upcoming tickets (same gate).
  {
    label: 'Scheduled purchases',
    to: '/my-account/upcoming-tickets#scheduled-heading',
    capability: 'view_orders',
  },
  {
    label: 'Past tickets',
    to: '/my-account/past-tickets',
    capability: 'view_orders',
  },
  {
    label: 'Transactions',
    to: '/my-account/transactions',
    capability: 'view_orders',
  },
  { label: 'Autoplay', to: '/my-account/autoplay', capability: 'autoplay_manage' },
  { label: 'Recurring purchases', to: '/my-account/recurring-purchases', capability: 'autoplay_manage' },
  { label: 'Subscriptions', to: '/my-account/subscriptions', capability: 'subscription_manage' },
  { label: 'My giveaways', to: '/my-account/current-giveaways', capability: 'giveaway_entries' },
  { label: 'Lotto Party groups', to: '/my-account/lotto-party', capability: 'social_syndicates' },
  { label: 'Deposit', to: '/my-account/deposit', capability: 'wallet_manage' },
  {
    label: 'Withdraw',
    to: '/my-account/withdraw',
    capability: 'wallet_withdrawal',
  },
  {
    label: 'Spend limits',
    to: '/my-account/spend-limits',
    capability: 'spend_limits',
  },
  { label: 'Pre-commitment limit', to: '/my-account/precommitment-limit' },
  {
    label: 'Verify your account',
    to: '/my-account/verify-account',
    capability: 'verify_id',
  },
  {
    label: 'Take a break or self-exclude',
    to: '/my-account/responsible-gambling',
  },
  { label: 'Close my account', to: '/close-my-account' },
];

export function AccountHome(props: {
  firstname: string;
  email: string;
  availableFunds: Money;
  capabilities: readonly Capability[];
  locale: SiteLocale;
  isVerified: boolean;
}) {
  const areas = ACCOUNT_AREAS.filter((a) => !a.capability || hasCapability(props.capabilities, a.capability));
  return (
    <>
      <p className="mb-1 text-lg" data-testid="account-greeting">
        Hi {props.firstname}
      </p>
      <dl className="mb-2 grid grid-cols-[auto_1fr] gap-x-1 gap-y-0.5">
        <dt className="font-semibold">Email</dt>
        <dd className="min-w-0 break-all">{props.email}</dd>
        {hasCapability(props.capabilities, 'wallet_balance') ? (
          <>
            <dt className="font-semibold">Available funds</dt>
            <dd>{formatMoney(props.availableFunds, props.locale)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Account</dt>
        <dd>{props.isVerified ? 'Verified' : 'Not verified yet'}</dd>
      </dl>
      <nav aria-label="Account areas">
        <ul className="grid gap-0.5 sm:grid-cols-2">
          {areas.map((a) => (
            <li key={a.to}>
              <Link
                to={a.to}
                className="flex min-h-[44px] items-center rounded-theme border border-[#c4c4c4] px-1 font-semibold hover:underline"
              >
                {a.label}
              </Link>
            </li>
          ))}
          <li>
            <PostButton
              action="/logout"
              className="flex min-h-[44px] w-full items-center rounded-theme border border-[#c4c4c4] px-1 text-left font-semibold hover:underline"
            >
              Log out
            </PostButton>
          </li>
        </ul>
      </nav>
    </>
  );
}
