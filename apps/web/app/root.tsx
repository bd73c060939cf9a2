// The document and base layout (spec core §2, features §2): header, main area, footer, drawers, sitewide banner,
// cookie consent, route-transition indicator. The loader fetches everything the layout needs in parallel.
import {
  Capability,
  CapabilitiesResult,
  Navigation,
  SiteConfig,
  SitewideBanner as BannerSchema,
  Theme,
  TranslationItem,
  WebConfig,
  type SiteComponents,
} from '@shop/contracts';
import { safeRedirect } from '@shop/protocol';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
  type HeadersFunction,
} from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import { accountFlagRedirect } from './features/identity/account-flags.ts';
import { isBackOfficePath } from './features/back-office/back-office-paths.ts';
import { authApi, loadCustomer } from './lib/auth.server.ts';
import { confirmationVariant } from './features/identity/confirmation-variant.ts';
import { CookieConsentBanner } from './features/consent/cookie-consent-banner.tsx';
import { useAnalyticsTracker } from './features/analytics/analytics.ts';
import { PrecartDrawerHost } from './features/cart/precart-drawer.tsx';
import { loadMembershipShell } from './features/membership/membership.server.ts';
import { loadPricedOffers, pricingCookieFor } from './features/lotteries/lotteries.server.ts';
import type { OfferView } from './features/lotteries/lotteries.wire.ts';
import { navigationForOffers } from './features/lotteries/sub-variant-offers.ts';
import { offerPath } from './features/lotteries/offer-links.ts';
import { RenderErrorBoundary } from './features/errors/render-error-boundary.tsx';
import { CondensedFooter, SiteFooter } from './features/layout/site-footer.tsx';
import { FeedbackWidget } from './features/feedback/feedback-widget.tsx';
import { notificationsShell } from './features/notifications/notifications.server.ts';
import { useNotificationsLive } from './features/notifications/notifications-live.ts';
import { SiteHeader } from './features/layout/site-header.tsx';
import { SitewideBanner } from './features/layout/sitewide-banner.tsx';
import { PAYMENT_RESOLUTION_PATH } from './features/payment-resolution/payment-resolution-path.ts';
import { failedPaymentCount } from './features/payment-resolution/payment-resolution.server.ts';
import {
  adoptAnonymousCart,
  ANON_CART_COOKIE,
  cartHoldsLotteryTicket,
  cartHoldsSyndicateShare,
  cartItemCount,
  loadCart,
} from './features/cart/cart.server.ts';
import { serverApi, wantsCacheCleared } from './lib/api-client.server.ts';
import { ApiError, contractMismatch } from './lib/api-errors.ts';
import { errorPageStatus } from './lib/error-page-status.ts';
import { SERVER_CACHE_TTL } from './lib/cache-policy.ts';
import { hasCapability } from './lib/capability-checks.ts';
import { routeAllowed } from './lib/capabilities.ts';
import { madeOnce } from './lib/made-once.ts';
import { consentBannerVisible, nonEssentialAllowed } from './lib/consent.ts';
import { useNonce } from './lib/nonce.tsx';
import { routeIdFor } from './lib/route-table.ts';
import { toRouteError, type RouteErrorData } from './lib/route-errors.ts';
import { handleActCode, readVisitor } from './lib/session.server.ts';
import { customerSummaryOf, siteSettingsOf, type FooterOffer, type ShellData } from './lib/shell.ts';
import { themeCss } from './lib/theme.ts';
import { useHeartbeat } from './lib/use-heartbeat.ts';
import { usePageGuards } from './lib/use-page-guards.ts';
import { reloadOnStaleChunk } from './lib/chunk-reload.ts';
import { subVariantCartToast } from './features/cart/cart-rules.ts';
import { readFlashToasts } from './lib/toast.server.ts';
import { clearToasts, showToast } from './lib/toasts.ts';
import { Toaster } from './ui/toaster.tsx';
import { RouteProgress } from './ui/route-progress.tsx';
import { deferredPart } from './ui/deferred-part.tsx';

/**
 * Parts only some visits show load when they first render (ui/deferred-part.tsx): an anonymous visitor's first page
 * carries none of them.
 */
const ErrorPage = deferredPart(() => import('./features/errors/error-pages.tsx').then((m) => m.ErrorPage));
const RenderFailureFallback = deferredPart(() =>
  import('./features/errors/error-pages.tsx').then((m) => m.RenderFailureFallback),
);
const ConfirmationBanner = deferredPart(() =>
  import('./features/identity/confirmation-banner.tsx').then((m) => m.ConfirmationBanner),
);
const LottoGroupModalHost = deferredPart(() =>
  import('./features/lotto-party/group-creation-modal.tsx').then((m) => m.LottoGroupModalHost),
);
const MigrationModalHost = deferredPart(() =>
  import('./features/migration/migration-modal.tsx').then((m) => m.MigrationModalHost),
);
const PlacementList = deferredPart(() =>
  import('./features/placement/placement-list.tsx').then((m) => m.PlacementList),
);
const PaymentResolutionBanner = deferredPart(() =>
  import('./features/payment-resolution/payment-resolution-banner.tsx').then((m) => m.PaymentResolutionBanner),
);

/** The feed's list is fetched when the bell's drawer first opens: pages without it carry none of its code. */
const NotificationFeed = lazy(() =>
  import('./features/notifications/notification-feed.tsx').then((m) => ({ default: m.NotificationFeed })),
);

/** Used on error pages when the configuration itself could not be loaded. */
let lastKnownSiteName = 'Online lottery shop';

interface ShellErrorData extends RouteErrorData {
  shell?: ShellData;
  siteName?: string;
}

/** The shell's contract parses, each made once per cached answer (lib/made-once.ts). */
const parseConfig = (v: unknown) => WebConfig.safeParse(v);
const parseCapabilities = (v: unknown) => CapabilitiesResult.safeParse(v);
const parseNavigation = (v: unknown) => Navigation.safeParse(v);
const parseSiteConfig = (v: unknown) => SiteConfig.safeParse(v);
const parseTranslations = (v: unknown) => TranslationItem.array().safeParse(v);

function parseOrInvalid<T>(
  parse: (v: unknown) => { success: true; data: T } | { success: false },
  value: unknown,
  what: string,
): T {
  const parsed = madeOnce(value, parse);
  if (!parsed.success) {
    throw contractMismatch(what);
  }
  return parsed.data;
}

/** Theme and banner are decoration: when they fail the page still renders with the defaults. */
async function optional<T>(promise: Promise<T>, what: string): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    console.error(`[web] ${what} unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export async function loader(args: Route.LoaderArgs) {
  // The back office (issue 21) has its own frame and loads nothing of the storefront's shell.
  if (isBackOfficePath(new URL(args.request.url).pathname)) return data({ shell: null });
  return storefrontLoader(args);
}

/** The footer's play and results links (features §2 Footer): the offers with pages of their own, not syndicate tiles. */
function footerOffersOf(offers: OfferView[]): FooterOffer[] {
  return offers.filter((o) => o.type !== 'syndicate_share').map((o) => ({ name: o.name, url: offerPath(o) }));
}

async function storefrontLoader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A first read only to know the session id to send; cookies are decided below once the capabilities are known.
  const first = readVisitor(request, {
    consentCapability: true,
    sessionIdleMinutes: 30,
  });
  const api = serverApi(context, first.session);
  if (wantsCacheCleared(request)) api.clearCache();
  // The customer loads beside the configuration; an expired access token is refreshed here (cookies forwarded below).
  const auth = authApi(request, context);
  const customerPromise = loadCustomer(auth).catch((error: unknown) => {
    console.error(`[web] customer unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  // The header's cart badge and lotto-link rule; a cart that cannot load shows as empty.
  const cartPromise = loadCart(request, context, auth).catch((error: unknown) => {
    console.error(`[web] cart unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });

  let config: WebConfig;
  let capabilities: Capability[];
  let navigation: Navigation;
  let theme: Theme | null;
  let banner: BannerSchema | null;
  let components: SiteComponents | null;
  try {
    const [configRes, capsRes, navRes, themeRes, bannerRes, siteConfigRes] = await Promise.all([
      api.get('main', '/config', {
        cache: { ttlMs: SERVER_CACHE_TTL.default },
      }),
      api.get('main', '/capabilities', {
        cache: { ttlMs: SERVER_CACHE_TTL.default },
      }),
      api.get('cms', '/items/navigation', {
        cache: { ttlMs: SERVER_CACHE_TTL.navigation },
      }),
      optional(
        api.get('cms', '/items/theme', {
          cache: { ttlMs: SERVER_CACHE_TTL.theme },
        }),
        'theme',
      ),
      optional(
        api.get('cms', '/items/sitewide_banner', {
          cache: { ttlMs: SERVER_CACHE_TTL.default },
        }),
        'sitewide banner',
      ),
      // Widget variants (features §3 Site config): read at render time with the components' lifetime (24 h, emptied
      // by the content change stream). Without it the widgets show as they did before (lib/shell.ts widgetVariant).
      optional(
        api.get('cms', '/items/site_config', {
          cache: { ttlMs: SERVER_CACHE_TTL.components },
        }),
        'site configuration',
      ),
    ]);
    config = parseOrInvalid(parseConfig, configRes.result, 'GET /config');
    capabilities = parseOrInvalid(parseCapabilities, capsRes.result, 'GET /capabilities').capabilities;
    navigation = parseOrInvalid(parseNavigation, navRes.result, 'GET /items/navigation');
    theme = themeRes ? (Theme.safeParse(themeRes.result).data ?? null) : null;
    banner = bannerRes && bannerRes.result ? (BannerSchema.safeParse(bannerRes.result).data ?? null) : null;
    const siteConfig = siteConfigRes ? madeOnce(siteConfigRes.result, parseSiteConfig) : null;
    components = siteConfig?.success ? siteConfig.data.components : null;
  } catch (error) {
    if (error instanceof ApiError) {
      // The message stays in the server log (the client reports it): internal addresses never reach the page.
      throw data<ShellErrorData>(
        { siteName: lastKnownSiteName },
        { status: errorPageStatus(error.status, error.code) },
      );
    }
    throw toRouteError(error);
  }
  lastKnownSiteName = config.siteName;

  if (config.maintenanceMode) {
    throw data<ShellErrorData>(
      { siteName: config.siteName },
      {
        status: 503,
        headers: { 'Retry-After': '600', 'Cache-Control': 'no-store' },
      },
    );
  }

  // The footer note in the site's locale (a Markdown translation item, features §3), beside the customer's loads.
  const footerNotePromise = optional(
    api.get('translation', `/${config.siteLocale}/items`, {
      query: { 'c[]': ['footer'], 'id[]': ['note'] },
      cache: { ttlMs: SERVER_CACHE_TTL.default },
    }),
    'footer note',
  ).then((res) => {
    const items = res ? madeOnce(res.result, parseTranslations) : null;
    return (items?.success ? items.data[0]?.html : null) ?? null;
  });

  // The footer's play and results links per product offer (features §2 Footer): the offers this visitor can buy.
  const pricedOffersPromise = optional(loadPricedOffers(context, request), 'footer offers');
  const footerOffersPromise = pricedOffersPromise.then((priced) => footerOffersOf(priced?.offers ?? []));

  const consentCapability = hasCapability(capabilities, 'cookie_consent');
  const visitor = readVisitor(request, {
    consentCapability,
    sessionIdleMinutes: config.sessionIdleMinutes,
    randomId: () => first.session.sessionId,
  });
  const headers = new Headers({ 'Cache-Control': 'private, no-cache' });
  for (const c of visitor.setCookies) headers.append('Set-Cookie', c);
  const customer = await customerPromise;
  // The pricing_id cookie follows the list the cart is priced by (members for a Daily Winners member, or the list a
  // `p` code named; an anonymous visitor's: the list their pages were served under).
  const pricingCookie = pricingCookieFor(request, {
    isAuthenticated: visitor.session.isAuthenticated,
    entitledPricing: visitor.session.isAuthenticated
      ? (customer?.pricingId ?? null)
      : ((await pricedOffersPromise)?.pricingId ?? null),
    sessionTimeoutSeconds: config.sessionTimeout,
  });
  if (pricingCookie) headers.append('Set-Cookie', pricingCookie);
  const pricedOffers = await pricedOffersPromise;
  const footerNoteHtml = await footerNotePromise;
  const productOffers = await footerOffersPromise;
  const loadedCart = await cartPromise;
  // Daily Winners: the dot badge and the entry points need the customer's membership.
  const notificationsOn = customer !== null && hasCapability(capabilities, 'notifications_feed');
  const [membership, paymentResolutionCount, notifications] = await Promise.all([
    hasCapability(capabilities, 'membership_program')
      ? loadMembershipShell(request, auth, customer !== null)
      : Promise.resolve(null),
    customer ? failedPaymentCount(auth) : Promise.resolve(0),
    notificationsOn ? notificationsShell(auth) : Promise.resolve(null),
  ]);
  const flashed = readFlashToasts(request);
  if (flashed.clear) headers.append('Set-Cookie', flashed.clear);
  for (const c of auth.setCookies) headers.append('Set-Cookie', c);
  for (const c of loadedCart?.setCookies ?? [])
    if (c.startsWith(`${ANON_CART_COOKIE}=`)) headers.append('Set-Cookie', c);
  if (config.disableIndexing) headers.set('X-Robots-Tag', 'noindex, nofollow');

  const actRedirect = await handleActCode(request, visitor.session, async (code) => {
    const adopted = await adoptAnonymousCart(request, context, code);
    for (const c of adopted) headers.append('Set-Cookie', c);
    // The page loads again with the cookie set and the code gone from the address.
    if (adopted.length) {
      const clean = new URL(request.url);
      clean.searchParams.delete('act');
      throw redirect(safeRedirect(`${clean.pathname}${clean.search}${clean.hash}`, clean.origin), { headers });
    }
  });
  if (actRedirect) throw redirect(actRedirect, { headers });
  const flagRedirect = customer ? accountFlagRedirect(customer, url.pathname) : null;
  if (flagRedirect) throw redirect(flagRedirect, { headers });

  // Features §8: a sub-variant change re-reads the cart under the new one; a visitor with items is told.
  const cartUpdated = subVariantCartToast(visitor.session.subVariantChanged, loadedCart?.cart ?? null);
  const shell: ShellData = {
    site: siteSettingsOf(config),
    capabilities,
    theme,
    themeCss: themeCss(theme),
    // Links to an offer follow it to a state's name and address under a sub-variant (sub-variant-offers.ts).
    navigation: { ...navigation, primary: navigationForOffers(navigation.primary, pricedOffers?.offers ?? []) },
    banner: hasCapability(capabilities, 'sitewide_banner') ? banner : null,
    customer: customer ? customerSummaryOf(customer) : null,
    cartItemCount: cartItemCount(loadedCart?.cart ?? null),
    cartHasLotteryTicket: cartHoldsLotteryTicket(loadedCart?.cart ?? null),
    cartHasSyndicateShare: cartHoldsSyndicateShare(loadedCart?.cart ?? null),
    notificationCount: notifications?.unviewedCount ?? 0,
    notificationToasts: notifications?.toasts ?? [],
    toasts: cartUpdated ? [...flashed.toasts, cartUpdated] : flashed.toasts,
    consentBannerVisible: consentBannerVisible(consentCapability, visitor.session.consent),
    api: { appKey: context.appKey, appSecret: context.appSecret },
    productOffers,
    membership,
    paymentResolutionCount,
    components,
    footerNoteHtml,
    // Consented analytics: only while non-essential cookies are allowed, with the cart's items for add-to-cart events.
    analytics:
      nonEssentialAllowed(consentCapability, visitor.session.consent) && visitor.session.analyticsId
        ? {
            anonymousId: visitor.session.analyticsId,
            cartItems: Object.values(loadedCart?.cart?.cartItems ?? {})
              .flat()
              .map((i) => ({ id: i.id, view: i.analytics })),
          }
        : null,
  };

  if (!routeAllowed(routeIdFor(url.pathname), capabilities)) {
    throw data<ShellErrorData>({ shell }, { status: 404, headers });
  }
  return data({ shell }, { headers });
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const shell = rootData?.shell;
  return (
    <html lang={shell?.site.locale ?? 'en-AU'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {shell?.site.disableIndexing ? <meta name="robots" content="noindex, nofollow" /> : null}
        <link rel="icon" href={shell?.theme?.metaImages.favicon || '/favicon.svg'} />
        {/* With a precedence React writes the stylesheet before the modulepreloads of <Scripts>: the browser fetches
            the one render-blocking file first instead of behind two dozen scripts (docs/storefront.md Performance). */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
        {/* Without the shell (a page the root loader refused) app.css's defaults are the theme. */}
        {shell ? (
          <style nonce={nonce} suppressHydrationWarning>
            {shell.themeCss}
          </style>
        ) : null}
      </head>
      <body className="flex min-h-screen flex-col bg-white antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-1 focus:top-1 focus:z-[70] focus:rounded-theme focus:bg-white focus:p-0.5 focus:text-black"
    >
      Skip to main content
    </a>
  );
}

/** Screens whose route handle asks for it get the condensed footer (checkout steps, login and register). */
function useCondensedFooter(): boolean {
  return useMatches().some((m) => (m.handle as { footer?: string } | undefined)?.footer === 'condensed');
}

/**
 * A route handle's layout: 'bare' screens stand outside the base layout (core §2: /app/android,
 * /marketing/feature-banner); 'partner' purchase pages have their own (no site header, footer, drawers or widgets).
 */
function useLayoutKind(): 'bare' | 'partner' | undefined {
  const kinds = useMatches().map((m) => (m.handle as { layout?: string } | undefined)?.layout);
  return kinds.includes('bare') ? 'bare' : kinds.includes('partner') ? 'partner' : undefined;
}

/**
 * Toasts: cleared when the authentication state changes (features §4), then the ones this page was handed; the feed's
 * live count and new cards for the header (notifications_feed capability).
 */
function useShellNotifications(shell: ShellData) {
  const signedIn = shell.customer !== null;
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current !== signedIn) {
      wasSignedIn.current = signedIn;
      clearToasts();
    }
    for (const toast of shell.toasts ?? []) showToast(toast);
  }, [signedIn, shell.toasts]);
  const enabled = signedIn && hasCapability(shell.capabilities, 'notifications_feed');
  const live = useNotificationsLive(enabled, {
    unviewedCount: shell.notificationCount,
    toasts: shell.notificationToasts ?? [],
  });
  return enabled
    ? {
        count: live.count,
        feed: (close: () => void) => (
          <Suspense fallback={<p role="status">Loading your notifications…</p>}>
            <NotificationFeed onViewed={live.viewed} onNavigate={close} />
          </Suspense>
        ),
      }
    : undefined;
}

function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const nonce = useNonce();
  const notifications = useShellNotifications(shell);
  const condensed = useCondensedFooter();
  const layout = useLayoutKind();
  const confirmation = shell.customer ? confirmationVariant(shell.customer) : null;
  const onResolutionScreen = useLocation().pathname === PAYMENT_RESOLUTION_PATH;
  if (layout === 'bare')
    return (
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    );
  if (layout === 'partner')
    return (
      <>
        <SkipLink />
        <RouteProgress />
        {shell.consentBannerVisible ? <CookieConsentBanner /> : null}
        {children}
      </>
    );
  return (
    <>
      <SkipLink />
      <RouteProgress />
      {shell.consentBannerVisible ? <CookieConsentBanner /> : null}
      {shell.banner ? <SitewideBanner banner={shell.banner} nonce={nonce} /> : null}
      <SiteHeader shell={shell} notifications={notifications} />
      {shell.customer ? <ConfirmationBanner variant={confirmation} /> : null}
      {shell.customer && shell.paymentResolutionCount && !onResolutionScreen ? <PaymentResolutionBanner /> : null}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {shell.customer && hasCapability(shell.capabilities, 'social_syndicates') ? (
        <LottoGroupModalHost enabled signedIn />
      ) : null}
      {shell.customer && hasCapability(shell.capabilities, 'customer_migration') ? (
        <MigrationModalHost signedIn capability migrationStatus={shell.customer.migrationStatus ?? null} />
      ) : null}
      {hasCapability(shell.capabilities, 'feedback') ? (
        <FeedbackWidget signedIn={shell.customer !== null} socialLinks={shell.site.socialLinks} />
      ) : null}
      {condensed ? <CondensedFooter shell={shell} /> : <SiteFooter shell={shell} />}
      <Toaster />
      <PrecartDrawerHost
        site={shell.site}
        renderPlacements={(placements) => <PlacementList placements={placements} site={shell.site} />}
      />
    </>
  );
}

function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  return loaderData.shell ? <Storefront shell={loaderData.shell} /> : <Outlet />;
}

function Storefront({ shell }: { shell: ShellData }) {
  const location = useLocation();
  useHydratedMarker();
  useHeartbeat(shell.site.heartbeat.enabled, shell.site.heartbeat.intervalSeconds, shell.site.sessionIdleMinutes);
  usePageGuards();
  useAnalyticsTracker(shell.analytics ?? null, shell.api, location.pathname);
  return (
    <AppShell shell={shell}>
      <RenderErrorBoundary
        locationKey={`${location.pathname}${location.search}`}
        onError={(error) => reloadOnStaleChunk(error)}
        fallback={<RenderFailureFallback />}
      >
        <Outlet />
      </RenderErrorBoundary>
    </AppShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>('root');
  useHydratedMarker();
  const errorData = isRouteErrorResponse(error) ? (error.data as ShellErrorData | undefined) : undefined;
  const shell = rootData?.shell ?? errorData?.shell;
  const siteName = shell?.site.siteName ?? errorData?.siteName ?? lastKnownSiteName;
  // A route module that failed to load a day after the app started: the new build is a reload away (core §8).
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reloadOnStaleChunk(error);
  }, [error]);

  if (!isRouteErrorResponse(error)) {
    if (import.meta.env.DEV) console.error(error);
    return shell ? (
      <AppShell shell={shell}>
        <RenderFailureFallback />
      </AppShell>
    ) : (
      <main id="main" className="flex-1">
        <RenderFailureFallback />
      </main>
    );
  }
  const status = errorPageStatus(error.status);
  // Not found keeps the whole layout; the other pages stand alone, as the shop itself is the problem.
  if (status === 404 && shell) {
    return (
      <AppShell shell={shell}>
        <ErrorPage status={404} siteName={siteName} />
      </AppShell>
    );
  }
  return (
    <main id="main" className="flex-1">
      <ErrorPage status={status} siteName={siteName} />
    </main>
  );
}
