// The account drawer (spec core §2 Base layout): opened from the header's Account button when signed in.
import type { Capability } from '@shop/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hasCapability } from '../../lib/capability-checks.ts';
import { formatMoney, type SiteLocale } from '../../lib/money-format.ts';
import type { CustomerSummary } from '../../lib/shell.ts';
import { Drawer } from '../../ui/drawer.tsx';
import { PostButton } from '../../ui/post-button.tsx';

interface AccountLink {
  label: string;
  to: string;
  capability?: Capability;
}

/** Account areas in the drawer; gated ones follow the sitemap table of spec core §2. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { label: 'My account', to: '/my-account' },
  { label: 'Upcoming tickets', to: '/my-account/upcoming-tickets', capability: 'view_orders' },
  { label: 'Past tickets', to: '/my-account/past-tickets', capability: 'view_orders' },
  { label: 'Deposit', to: '/my-account/deposit', capability: 'wallet_manage' },
  { label: 'Withdraw', to: '/my-account/withdraw', capability: 'wallet_withdrawal' },
  { label: 'Transactions', to: '/my-account/transactions', capability: 'view_orders' },
  { label: 'My details', to: '/my-account/my-details' },
  { label: 'Spend limits', to: '/my-account/spend-limits', capability: 'spend_limits' },
  { label: 'Take a break or self-exclude', to: '/my-account/responsible-gambling' },
  { label: 'Login and security', to: '/my-account/login-and-security' },
];

export function AccountDrawer(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  customer: CustomerSummary;
  capabilities: readonly Capability[];
  locale: SiteLocale;
  trigger: ReactNode;
}) {
  const { customer, capabilities, locale } = props;
  const links = ACCOUNT_LINKS.filter((l) => !l.capability || hasCapability(capabilities, l.capability));
  const close = () => props.onOpenChange(false);
  return (
    <Drawer open={props.open} onOpenChange={props.onOpenChange} title="Account" side="right" trigger={props.trigger}>
      {customer.firstname ? <p className="mb-1 text-lg">Hi {customer.firstname}</p> : null}
      {customer.availableFunds && hasCapability(capabilities, 'wallet_balance') ? (
        <p className="mb-1">
          Available funds: <strong>{formatMoney(customer.availableFunds, locale)}</strong>
        </p>
      ) : null}
      <nav aria-label="Account">
        <ul className="flex flex-col">
          {links.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                onClick={close}
                className="flex min-h-[44px] items-center rounded-theme px-0.5 hover:underline"
              >
                {l.label}
              </Link>
            </li>
          ))}
          <li>
            <PostButton
              action="/logout"
              className="flex min-h-[44px] w-full items-center rounded-theme px-0.5 text-left font-semibold hover:underline"
            >
              Log out
            </PostButton>
          </li>
        </ul>
      </nav>
    </Drawer>
  );
}
