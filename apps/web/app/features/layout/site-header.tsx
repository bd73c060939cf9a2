// Site header with the main navigation bar (spec features §2): menu toggle + primary navigation drawer, logo link
// home, primary items, and the secondary items (notifications, account or login, cart).
import type { NavigationItem } from '@shop/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { hasCapability } from '../../lib/capability-checks.ts';
import { formatMoney } from '../../lib/money-format.ts';
import { opensDrawer, visibleNavigationItems, type ShellData } from '../../lib/shell.ts';
import { deferredPart } from '../../ui/deferred-part.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { BellIcon, CartIcon, ChevronRightIcon, ExternalIcon, MenuIcon, UserIcon } from '../../ui/icons.tsx';
import { withCartNavigationRules } from './cart-navigation.ts';
import { BrandLogo } from './brand-logo.tsx';
import { MEMBERSHIP_NAV_URL, membershipDotBadge } from './membership-badge.ts';

/**
 * A signed-in customer's drawer: an anonymous visitor's pages carry none of its code (ui/deferred-part.tsx). Its
 * button shows at once after signing in, and opens the drawer once the code is there.
 */
const AccountDrawer = deferredPart(
  () => import('./account-drawer.tsx').then((m) => m.AccountDrawer),
  (props) => props.trigger,
);

export const MENU_TOGGLE_LABEL = 'Menu';
export const PRIMARY_DRAWER_TITLE = 'Menu';

/** One navigation item by its route type: external (new tab), internal / internal_dynamic (router link), none (text). */
export function NavItemLink({
  item,
  className,
  onNavigate,
  dot = false,
}: {
  item: NavigationItem;
  className?: string;
  onNavigate?: () => void;
  /** Features §2: the membership item's dot badge. */
  dot?: boolean;
}) {
  const content = (
    <>
      <span>{item.label}</span>
      {dot ? <MembershipDot /> : null}
      {item.routeType === 'external' ? (
        <>
          <ExternalIcon className="shrink-0" />
          <span className="sr-only"> (opens in a new tab)</span>
        </>
      ) : null}
    </>
  );
  if (item.routeType === 'none' || !item.url) return <span className={className}>{content}</span>;
  if (item.routeType === 'external') {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link to={item.url} className={className} onClick={onNavigate} prefetch="intent">
      {content}
    </Link>
  );
}

/** The dot badge: seen as a dot, heard as words. */
function MembershipDot() {
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="membership-dot"
        className="inline-block size-[10px] shrink-0 rounded-full bg-brand-secondary ring-2 ring-white"
      />
      <span className="sr-only"> (something new for you)</span>
    </>
  );
}

const itemClass =
  'flex min-h-[44px] items-center gap-[4px] whitespace-nowrap rounded-theme px-0.5 font-semibold hover:underline';

/** A product-group item: a button that opens a drawer listing its children. */
function ProductGroupItem({ item, className }: { item: NavigationItem; className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      title={item.label}
      side="left"
      trigger={
        <button type="button" className={className}>
          {item.label}
          <ChevronRightIcon className="shrink-0" />
        </button>
      }
    >
      <ul className="flex flex-col gap-0.5">
        {item.url && item.routeType !== 'none' ? (
          <li>
            <NavItemLink
              item={{ ...item, label: `All ${item.label.toLowerCase()}` }}
              className={itemClass}
              onNavigate={() => setOpen(false)}
            />
          </li>
        ) : null}
        {item.children.map((child) => (
          <li key={child.id}>
            <NavItemLink item={child} className={itemClass} onNavigate={() => setOpen(false)} />
          </li>
        ))}
      </ul>
    </Drawer>
  );
}

function PrimaryNavigationDrawer({ items, dotOn }: { items: NavigationItem[]; dotOn: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      title={PRIMARY_DRAWER_TITLE}
      side="left"
      trigger={
        <button
          type="button"
          data-testid="menu-toggle"
          className="relative inline-flex size-[44px] items-center justify-center rounded-theme text-white"
          aria-label={MENU_TOGGLE_LABEL}
        >
          <MenuIcon />
          {dotOn ? (
            <span
              aria-hidden="true"
              data-testid="menu-dot"
              className="absolute right-[8px] top-[8px] size-[10px] rounded-full bg-brand-secondary ring-2 ring-brand"
            />
          ) : null}
        </button>
      }
    >
      <nav aria-label="Primary">
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => (
            <li key={item.id}>
              {opensDrawer(item) ? (
                <details className="group">
                  <summary className={`${itemClass} cursor-pointer list-none`}>
                    {item.label}
                    <ChevronRightIcon className="shrink-0 transition-transform group-open:rotate-90" />
                  </summary>
                  <ul className="ml-1 flex flex-col">
                    {item.children.map((child) => (
                      <li key={child.id}>
                        <NavItemLink
                          item={child}
                          className={`${itemClass} font-normal`}
                          onNavigate={() => setOpen(false)}
                        />
                      </li>
                    ))}
                  </ul>
                </details>
              ) : (
                <NavItemLink
                  item={item}
                  className={itemClass}
                  onNavigate={() => setOpen(false)}
                  dot={item.id === dotOn}
                />
              )}
            </li>
          ))}
        </ul>
      </nav>
    </Drawer>
  );
}

/** The notification feed the root composes into the header (features/notifications): its live count and its list. */
export interface HeaderNotifications {
  count: number;
  feed: (close: () => void) => ReactNode;
}

/** The feed's own page (routes/account/notifications.tsx). */
export const NOTIFICATIONS_PATH = '/my-account/notifications';

function NotificationsButton({ count, feed }: { count: number; feed?: HeaderNotifications['feed'] }) {
  const [open, setOpen] = useState(false);
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      title="Notifications"
      side="right"
      closeLabel="Close notifications"
      trigger={
        // A link to the feed's page (it works without JavaScript); a plain click opens the drawer instead, and a
        // click asking for a new tab or window still follows the link.
        <Link
          to={NOTIFICATIONS_PATH}
          data-testid="notifications-button"
          className="relative inline-flex size-[44px] items-center justify-center rounded-theme"
          aria-label={`Notifications, ${count} unviewed`}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          <BellIcon />
          <span
            aria-hidden="true"
            data-testid="notifications-count"
            className="absolute right-0 top-0 min-w-[20px] rounded-full bg-brand-secondary px-[5px] text-center text-xs font-bold leading-[20px] text-black"
          >
            {count}
          </span>
        </Link>
      }
    >
      {feed ? feed(() => setOpen(false)) : count === 0 ? <p>You have no new notifications.</p> : null}
    </Drawer>
  );
}

export function SiteHeader({ shell, notifications }: { shell: ShellData; notifications?: HeaderNotifications }) {
  const { site, capabilities, customer, theme } = shell;
  const items = withCartNavigationRules(visibleNavigationItems(shell.navigation.primary, capabilities), shell);
  const [accountOpen, setAccountOpen] = useState(false);
  // Opening the Daily Winners page counts as a visit at once (the stored flag reaches the server on the next load).
  const { pathname } = useLocation();
  const [visitedNow, setVisitedNow] = useState(false);
  useEffect(() => {
    if (pathname === MEMBERSHIP_NAV_URL || pathname.startsWith(`${MEMBERSHIP_NAV_URL}/`)) setVisitedNow(true);
  }, [pathname]);
  const membership = shell.membership ? { ...shell.membership, visited: shell.membership.visited || visitedNow } : null;
  const dotOn = membershipDotBadge(membership)
    ? (items.find((i) => i.url === MEMBERSHIP_NAV_URL && !opensDrawer(i))?.id ?? null)
    : null;
  const showFunds = hasCapability(capabilities, 'wallet_balance') && customer?.availableFunds;
  const funds = showFunds && customer?.availableFunds ? formatMoney(customer.availableFunds, site.locale) : null;
  const secondaryClass =
    'relative inline-flex min-h-[44px] items-center gap-[6px] whitespace-nowrap rounded-theme px-0.5 font-semibold text-white hover:underline';

  return (
    <header className="bg-brand text-white">
      <div className="page-container flex min-h-[64px] items-center gap-0.5">
        <PrimaryNavigationDrawer items={items} dotOn={dotOn} />
        <Link
          to="/"
          className="mr-1 inline-flex min-h-[44px] shrink-0 items-center rounded-theme"
          aria-label={`${site.siteName} home`}
        >
          <BrandLogo
            siteName={site.siteName}
            logoUrl={theme?.logos.navbar || theme?.logos.white || null}
            variant="white"
            compact
          />
        </Link>
        <ul className="ml-auto flex items-center gap-0.5" aria-label="Your shop">
          {customer && hasCapability(capabilities, 'notifications_feed') ? (
            <li>
              <NotificationsButton count={notifications?.count ?? shell.notificationCount} feed={notifications?.feed} />
            </li>
          ) : null}
          <li>
            {customer ? (
              <AccountDrawer
                open={accountOpen}
                onOpenChange={setAccountOpen}
                customer={customer}
                capabilities={capabilities}
                locale={site.locale}
                trigger={
                  <button type="button" className={secondaryClass}>
                    <UserIcon />
                    {/* On a phone the funds alone fit beside the cart; the word stays in the accessible name. */}
                    <span>
                      <span className={funds ? 'sr-only md:not-sr-only' : undefined}>Account</span>
                      {funds ? <span>{` ${funds}`}</span> : null}
                    </span>
                  </button>
                }
              />
            ) : (
              <Link to="/login" className={secondaryClass}>
                <UserIcon />
                <span>Login</span>
              </Link>
            )}
          </li>
          <li>
            {/* The accessible name is the visible text plus a hidden word: "Cart 0 items". */}
            <Link to="/cart" className={secondaryClass}>
              <CartIcon />
              <span className="sr-only md:not-sr-only">Cart</span>
              <span
                data-testid="cart-count"
                className="min-w-[22px] rounded-full bg-brand-secondary px-[6px] text-center text-sm font-bold leading-[22px] text-black"
              >
                {shell.cartItemCount}
              </span>
              <span className="sr-only">{shell.cartItemCount === 1 ? ' item' : ' items'}</span>
            </Link>
          </li>
        </ul>
      </div>
      {/* Wide screens get the primary items in a row of their own, so they never crowd the logo or the cart; the
          menu drawer lists them at every width. */}
      <nav aria-label="Main" className="hidden border-t border-white/15 lg:block">
        <ul className="page-container flex flex-wrap items-center gap-x-0.5">
          {items.map((item) => (
            <li key={item.id}>
              {opensDrawer(item) ? (
                <ProductGroupItem item={item} className={`${itemClass} text-white`} />
              ) : (
                <NavItemLink item={item} className={`${itemClass} text-white`} dot={item.id === dotOn} />
              )}
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
