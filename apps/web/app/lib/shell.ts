// The data every page's layout renders (loaded once by the root loader) and how it is derived from the API answers.
import type {
  CartItemAnalytics,
  NotificationCard,
  Capability,
  MembershipStatus,
  MembershipTier,
  NavigationStatus,
  CurrencyCode,
  Money,
  Navigation,
  NavigationItem,
  PaymentLogo,
  SiteComponent,
  SiteComponents,
  SitewideBanner,
  Theme,
  WebConfig,
} from '@shop/contracts';
import { useRouteLoaderData } from 'react-router';
import { gateAllows, hasAllCapabilities, hasCapability } from './capability-checks.ts';
import type { SiteFormat } from './format.ts';
import type { ToastInput } from './toasts.ts';

/** The part of the web configuration the browser needs (the rest stays on the server). */
export interface SiteSettings {
  siteName: string;
  locale: 'en-AU' | 'en-GB';
  currency: CurrencyCode;
  timeZone: string;
  sessionIdleMinutes: number;
  heartbeat: { enabled: boolean; intervalSeconds: number };
  socialLinks: WebConfig['socialLinks'];
  supportPageUrls: WebConfig['supportPageUrls'];
  appStoreLinks: WebConfig['appStoreLinks'];
  supportNumber: string;
  supportOpeningHours: string[];
  gamblingHelpLine: string;
  supportedPaymentMethods: PaymentLogo[];
  cookieLifetimeDays: number;
  disclaimer: string;
  regulationImages: WebConfig['regulationImages'];
  /** Features §2 Footer: the cookie policy link shows only when cookie consent is enabled. */
  cookieConsentEnabled: boolean;
  disableIndexing: boolean;
  /** The shop's public address: canonical URLs and Open Graph links are built from it. */
  baseUrl: string;
}

export function siteSettingsOf(config: WebConfig): SiteSettings {
  return {
    siteName: config.siteName,
    locale: config.siteLocale,
    currency: config.baseCurrency,
    timeZone: config.siteTimeZone,
    sessionIdleMinutes: config.sessionIdleMinutes,
    heartbeat: config.heartbeat,
    socialLinks: config.socialLinks,
    supportPageUrls: config.supportPageUrls,
    appStoreLinks: config.appStoreLinks,
    supportNumber: config.supportNumber,
    supportOpeningHours: config.supportOpeningHours,
    gamblingHelpLine: config.gamblingHelpLine,
    supportedPaymentMethods: config.supportedPaymentMethods,
    cookieLifetimeDays: config.cookieConsent.cookieLifetimeDays,
    disclaimer: config.disclaimer,
    regulationImages: config.regulationImages,
    cookieConsentEnabled: config.cookieConsent.enabled,
    disableIndexing: config.disableIndexing,
    baseUrl: config.baseUrl,
  };
}

/** The signed-in customer as the layout shows them (header button, account drawer, confirmation banner). */
export interface CustomerSummary {
  firstname: string | null;
  availableFunds: Money | null;
  /** Features §2 Address or email confirmation banner: the address variant shows first. */
  addressConfirmationRequired?: boolean;
  emailAddressConfirmationRequired?: boolean;
  /** Features §4: the migrate-account modal opens for eligible_soft and eligible_hard. */
  migrationStatus?: string | null;
}

/** The layout's view of GET /customer (spec core §3 Customer overview). */
export function customerSummaryOf(customer: {
  firstname: string;
  availableFunds: Money;
  addressConfirmationRequired: boolean;
  emailAddressConfirmationRequired: boolean;
  migrationStatus?: string | null;
}): CustomerSummary {
  return {
    firstname: customer.firstname || null,
    availableFunds: customer.availableFunds,
    addressConfirmationRequired: customer.addressConfirmationRequired,
    emailAddressConfirmationRequired: customer.emailAddressConfirmationRequired,
    migrationStatus: customer.migrationStatus ?? null,
  };
}

/** A product offer as the footer lists it (play link and results link). */
export interface FooterOffer {
  name: string;
  url: string;
}

/** Daily Winners as the layout needs it: the navigation dot badge (features §4) and the entry points. */
export interface MembershipShell {
  navigationStatus: NavigationStatus;
  membershipStatus: MembershipStatus | null;
  tier: MembershipTier | null;
  /** False for a customer on a break, self-excluded or under age: no Daily Winners marketing at all. */
  marketing: boolean;
  /** The stored flag of features §4: the visitor has opened the Daily Winners page. */
  visited: boolean;
}

export interface ShellData {
  site: SiteSettings;
  capabilities: Capability[];
  theme: Theme | null;
  /** The theme as CSS variables on :root (lib/theme.ts), built by the server: the browser's bundle carries none of it. */
  themeCss: string;
  navigation: Navigation;
  banner: SitewideBanner | null;
  customer: CustomerSummary | null;
  cartItemCount: number;
  /** Features §2 Main navigation bar: the lotto item links straight to the lotto page while this is true. */
  cartHasLotteryTicket?: boolean;
  /** Features §2 Main navigation bar: the social-play item links straight to the social page while this is true. */
  cartHasSyndicateShare?: boolean;
  notificationCount: number;
  /** Feed cards not yet shown as toasts (notifications_feed capability, signed in). */
  notificationToasts?: NotificationCard[];
  /** Toasts a form post flashed for this page (lib/toast.server.ts). */
  toasts?: ToastInput[];
  consentBannerVisible: boolean;
  /** The app key and secret the browser signs with; they identify the app, not the visitor. */
  api: { appKey: string; appSecret: string };
  productOffers: FooterOffer[];
  /** Daily Winners (membership program capability); null when the capability is off or the state is unknown. */
  membership?: MembershipShell | null;
  /** Recurring purchases of the signed-in customer waiting for a payment fix (the payment-resolution banner). */
  paymentResolutionCount?: number;
  /** Widget variants of the site configuration (features §3, §5); null when it could not be read. */
  components: SiteComponents | null;
  /** The footer note (translation item footer/note of the site's locale) as sanitised HTML, when there is one. */
  footerNoteHtml: string | null;
  /**
   * Consented analytics (features/analytics): the analytics anonymous id and the cart's items with their core §3
   * analytics views. Null unless non-essential cookies are allowed ("Accept all", or a site that asks nothing).
   */
  analytics?: { anonymousId: string; cartItems: { id: string; view: CartItemAnalytics }[] } | null;
}

/**
 * The variant a widget shows in, or null when the site configuration switches it off (the widget is not rendered).
 * While the configuration cannot be read, widgets show as variant_a, as the shop did before it had one.
 */
export function widgetVariant(components: SiteComponents | null, widget: SiteComponent): string | null {
  return components === null ? 'variant_a' : components[widget];
}

/** widgetVariant for the current page, from the root loader's shell. */
export function useWidgetVariant(widget: SiteComponent): string | null {
  const shell = useRouteLoaderData<{ shell?: ShellData }>('root')?.shell;
  return widgetVariant(shell?.components ?? null, widget);
}

/** Primary items the visitor may see: every listed capability present, children filtered the same way. */
export function visibleNavigationItems(
  items: readonly NavigationItem[],
  caps: readonly Capability[],
): NavigationItem[] {
  return items
    .filter((item) => hasAllCapabilities(caps, item.capabilities))
    .map((item) => ({
      ...item,
      children: visibleNavigationItems(item.children, caps),
    }));
}

/** Footer links: every listed capability present and none of requiresAbsent. */
/** The cookie policy page, linked from the footer only while cookie consent is enabled (features §2 Footer). */
export const COOKIE_POLICY_PATH = '/about/cookie-policy';

/** Cookie consent is on: the site configuration enables it and the segment has the cookie consent capability. */
export function cookieConsentOn(site: Pick<SiteSettings, 'cookieConsentEnabled'>, caps: readonly Capability[]) {
  return site.cookieConsentEnabled && hasCapability(caps, 'cookie_consent');
}

export function visibleFooterLinks(
  links: Navigation['footer'],
  caps: readonly Capability[],
  consentOn = true,
): Navigation['footer'] {
  return links.filter(
    (l) =>
      gateAllows({ allOf: l.capabilities, absent: l.requiresAbsent }, caps) &&
      (consentOn || l.url.replace(/\/+$/, '') !== COOKIE_POLICY_PATH),
  );
}

/** An item with a product group and children opens a drawer listing them (spec features §2). */
export function opensDrawer(item: NavigationItem): boolean {
  return item.productGroup !== null && item.children.length > 0;
}

/** The site's locale, currency and time zone as the root loader read them (en-AU, AUD, Sydney until it has). */
export function useSiteFormat(): SiteFormat {
  const site = useRouteLoaderData<{ shell?: ShellData }>('root')?.shell?.site;
  return site ? { locale: site.locale, currency: site.currency, timeZone: site.timeZone } : SITE_FORMAT_FALLBACK;
}

const SITE_FORMAT_FALLBACK: SiteFormat = { locale: 'en-AU', currency: 'AUD', timeZone: 'Australia/Sydney' };
