// The storefront's screens (spec core §2) as plain data: app/routes.ts builds the React Router config from it and
// the root loader matches a URL against it to apply the route's capability gate (ROUTE_GATES in capabilities.ts).
import { matchRoutes } from 'react-router';

export interface RouteEntry {
  id: string;
  /** Path relative to the site root; '' is the home page. */
  path: string;
  file: string;
  /** The screen is only the managed page at its path (404 without one): the sitemap lists it only through the page. */
  managedPage?: true;
  /** A resource route (a loader or action only, no screen: a document, a redirect, a form's post). */
  resource?: true;
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { id: 'home', path: '', file: 'routes/home.tsx', managedPage: true },
  // Core §2 "/ (home) and /app": the native app's entry shows the home page (its canonical link names /).
  { id: 'app', path: 'app', file: 'routes/home.tsx', managedPage: true },
  { id: 'about', path: 'about', file: 'routes/content/cms-page.tsx', managedPage: true },
  {
    id: 'about-responsible-gaming',
    path: 'about/responsible-gaming',
    file: 'routes/responsible-gambling/responsible-gaming.tsx',
  },
  { id: 'about-privacy', path: 'about/privacy', file: 'routes/content/cms-page.tsx', managedPage: true },
  { id: 'about-cookie-policy', path: 'about/cookie-policy', file: 'routes/content/cms-page.tsx', managedPage: true },
  { id: 'about-faq', path: 'about/faq', file: 'routes/content/about-faq.tsx' },
  {
    id: 'about-terms-and-conditions',
    path: 'about/terms-and-conditions',
    file: 'routes/content/cms-page.tsx',
    managedPage: true,
  },
  { id: 'about-terms-of-use', path: 'about/terms-of-use', file: 'routes/content/cms-page.tsx', managedPage: true },
  { id: 'about-contact-us', path: 'about/contact-us', file: 'routes/content/about-contact-us.tsx' },
  // Content (issue 18): any other /about page a managed page takes, the blog, preview links and the SEO documents.
  { id: 'about-page', path: 'about/*', file: 'routes/content/cms-page.tsx', managedPage: true },
  { id: 'blog', path: 'blog', file: 'routes/content/blog.tsx' },
  { id: 'blog-category', path: 'blog/category/:slug/:page?', file: 'routes/content/blog.tsx' },
  { id: 'blog-rss', path: 'blog/rss.xml', file: 'routes/content/blog-rss.ts', resource: true },
  { id: 'blog-post', path: 'blog/:blogSlug', file: 'routes/content/blog-post.tsx' },
  { id: 'preview', path: 'preview', file: 'routes/content/preview.tsx' },
  { id: 'sitemap', path: 'sitemap.xml', file: 'routes/content/sitemap.ts', resource: true },
  { id: 'robots', path: 'robots.txt', file: 'routes/content/robots.ts', resource: true },
  { id: 'cookie-consent', path: 'cookie-consent', file: 'routes/platform/cookie-consent.tsx' },
  // Outside the base layout (core §2): the native app's Android pages and the marketing feature banner.
  { id: 'app-android', path: 'app/android', file: 'routes/platform/app-android.tsx' },
  {
    id: 'app-android-install',
    path: 'app/android/install',
    file: 'routes/platform/app-android-install.ts',
    resource: true,
  },
  { id: 'marketing-feature-banner', path: 'marketing/feature-banner', file: 'routes/lotteries/feature-banner.tsx' },
  // Lotteries (issue 3): category page, results lists, and the product offer routes built from an offer key.
  { id: 'lotto-tickets', path: 'lotto-tickets', file: 'routes/lotteries/lotto-tickets.tsx' },
  { id: 'lotto-results-lotteries', path: 'lotto-results/lotteries/:page?', file: 'routes/lotteries/lotto-results.tsx' },
  { id: 'lotto-results-raffles', path: 'lotto-results/raffles/:page?', file: 'routes/raffles/raffle-results.tsx' },
  { id: 'lotto-results', path: 'lotto-results/:page?', file: 'routes/lotteries/lotto-results.tsx' },
  { id: 'offer', path: ':productOfferKey', file: 'routes/lotteries/offer.tsx' },
  { id: 'offer-results', path: ':productOfferKey/results/:date?', file: 'routes/lotteries/offer-results.tsx' },
  {
    id: 'offer-results-draw',
    path: ':productOfferKey/results/draw/:drawNo',
    file: 'routes/lotteries/offer-results.tsx',
  },
  { id: 'offer-statistics', path: ':productOfferKey/statistics', file: 'routes/lotteries/offer-statistics.tsx' },
  {
    id: 'offer-terms',
    path: ':productOfferKey/terms-and-conditions/:drawNo?',
    file: 'routes/lotteries/offer-terms.tsx',
  },
  // Charity raffles and causes (issue 7, RAFFLE-WEB): category page, causes directory, raffle draws, buy, check a draw,
  // winners, a customer's support, prize details.
  { id: 'charity-tickets', path: 'charity-tickets', file: 'routes/raffles/charity-tickets.tsx' },
  { id: 'causes', path: 'causes', file: 'routes/raffles/causes.tsx' },
  { id: 'cause', path: 'causes/:causeSlug', file: 'routes/raffles/cause.tsx' },
  { id: 'cause-offer', path: 'causes/:causeSlug/:productOfferKey', file: 'routes/raffles/cause-offer.tsx' },
  { id: 'raffle-draw', path: ':productOfferKey/draw/:drawNo', file: 'routes/raffles/raffle-draw.tsx' },
  { id: 'raffle-draw-buy', path: ':productOfferKey/draw/:drawNo/buy', file: 'routes/raffles/raffle-buy.tsx' },
  // Issue 20 item 8: the buy route of core §2 (a raffle's draw on sale now; a lottery goes to its play screen).
  { id: 'offer-buy', path: ':productOfferKey/buy', file: 'routes/raffles/raffle-buy.tsx' },
  { id: 'raffle-draw-verify', path: ':productOfferKey/draw/:drawNo/verify', file: 'routes/raffles/raffle-verify.tsx' },
  { id: 'raffle-winners', path: ':productOfferKey/winners', file: 'routes/raffles/raffle-winners.tsx' },
  { id: 'raffle-your-support', path: ':productOfferKey/your-support', file: 'routes/raffles/raffle-your-support.tsx' },
  {
    id: 'raffle-prize-details',
    path: 'prize-details/:productOfferKey?/:drawNo?',
    file: 'routes/raffles/raffle-prize-details.tsx',
  },
  // Syndicates (issue 16): category pages, a lottery's syndicate play screen and a customer's share.
  { id: 'syndicates', path: 'syndicates', file: 'routes/syndicates/syndicates.tsx' },
  { id: 'social-play', path: 'social-play', file: 'routes/syndicates/social-play.tsx' },
  { id: 'offer-syndicate', path: ':productOfferKey/syndicate', file: 'routes/syndicates/syndicate-play.tsx' },
  {
    id: 'my-account-syndicate-share',
    path: 'my-account/syndicate-tickets/share/:id',
    file: 'routes/syndicates/syndicate-share.tsx',
  },
  // Subscriptions (issue 15): subscribe to an offer, the customer's subscriptions and one of them.
  {
    id: 'offer-subscription',
    path: ':productOfferKey/subscription',
    file: 'routes/subscriptions/offer-subscription.tsx',
  },
  {
    id: 'my-account-subscriptions',
    path: 'my-account/subscriptions/:page?',
    file: 'routes/subscriptions/subscriptions-list.tsx',
  },
  {
    id: 'my-account-subscription',
    path: 'my-account/subscriptions/ticket/:id',
    file: 'routes/subscriptions/subscription-detail.tsx',
  },
  // Lotto Party (issue 16, core §2): the landing page, a group by invite token, the creation modal's resource route,
  // and the customer's groups, a group, a session and their order in a session (docs/lotto-party.md "Storefront").
  { id: 'lotto-party', path: 'lotto-party', file: 'routes/lotto-party/lotto-party.tsx' },
  { id: 'lotto-party-group', path: 'lotto-party/group', file: 'routes/lotto-party/group-invite.tsx' },
  { id: 'lotto-party-create', path: 'lotto-party/create', file: 'routes/lotto-party/create.tsx', resource: true },
  { id: 'my-account-lotto-party', path: 'my-account/lotto-party/:page?', file: 'routes/lotto-party/my-groups.tsx' },
  {
    id: 'my-account-lotto-party-group',
    path: 'my-account/lotto-party/group/:id/:page?',
    file: 'routes/lotto-party/group.tsx',
  },
  {
    id: 'my-account-lotto-party-session',
    path: 'my-account/lotto-party/session/:id',
    file: 'routes/lotto-party/session.tsx',
  },
  {
    id: 'my-account-lotto-party-ticket',
    path: 'my-account/lotto-party/ticket/:id',
    file: 'routes/lotto-party/ticket.tsx',
  },
  // Ticket builder and tickets (issue 6, BUILDER-WEB): the play screen, upcoming and past tickets, print, favourites.
  { id: 'offer-play', path: ':productOfferKey/:gameTypeKey', file: 'routes/lotteries/offer-play.tsx' },
  {
    id: 'my-account-upcoming-tickets',
    path: 'my-account/upcoming-tickets/:page?',
    file: 'routes/tickets/tickets-list.tsx',
  },
  {
    id: 'my-account-upcoming-ticket',
    path: 'my-account/upcoming-tickets/ticket/:id',
    file: 'routes/tickets/ticket-detail.tsx',
  },
  { id: 'my-account-past-tickets', path: 'my-account/past-tickets/:page?', file: 'routes/tickets/tickets-list.tsx' },
  {
    id: 'my-account-past-ticket',
    path: 'my-account/past-tickets/ticket/:id',
    file: 'routes/tickets/ticket-detail.tsx',
  },
  { id: 'my-account-print-tickets', path: 'my-account/print-tickets', file: 'routes/tickets/print-tickets.tsx' },
  // Scheduled purchases and pre-orders (issue 15): one at scheduled-purchases/:id; the list is on upcoming tickets.
  {
    id: 'my-account-scheduled-purchase',
    path: 'my-account/scheduled-purchases/:id',
    file: 'routes/tickets/scheduled-purchase.tsx',
  },
  {
    id: 'my-account-favourite-numbers',
    path: 'my-account/favourite-numbers',
    file: 'routes/tickets/favourite-numbers.tsx',
  },
  // Recurring purchases (issue 15): the customer's autoplays, one autoplay, and the combined recurring purchases.
  { id: 'my-account-autoplay', path: 'my-account/autoplay/:page?', file: 'routes/recurring/autoplay-list.tsx' },
  {
    id: 'my-account-autoplay-ticket',
    path: 'my-account/autoplay/ticket/:id',
    file: 'routes/recurring/autoplay-ticket.tsx',
  },
  {
    id: 'my-account-recurring-purchases',
    path: 'my-account/recurring-purchases/:page?',
    file: 'routes/recurring/recurring-purchases.tsx',
  },
  // Wallet (issue 5): deposit, withdraw, cards and accounts, transactions, payment-provider and 3-D Secure returns.
  { id: 'deposit', path: 'deposit', file: 'routes/wallet/deposit.tsx' },
  { id: 'my-account-deposit', path: 'my-account/deposit', file: 'routes/wallet/deposit.tsx' },
  {
    id: 'my-account-deposit-summary',
    path: 'my-account/deposit/summary/:transactionID',
    file: 'routes/wallet/transaction.tsx',
  },
  {
    id: 'my-account-deposit-authorisation',
    path: 'my-account/deposit/authorisation/:depositID',
    file: 'routes/wallet/deposit-authorisation.tsx',
  },
  {
    id: 'my-account-deposit-details',
    path: 'my-account/deposit/details/:depositID',
    file: 'routes/wallet/deposit-details.tsx',
  },
  {
    id: 'my-account-deposit-details-success',
    path: 'my-account/deposit/details/:depositID/success',
    file: 'routes/wallet/deposit-details.tsx',
  },
  {
    id: 'my-account-deposit-details-failure',
    path: 'my-account/deposit/details/:depositID/failure',
    file: 'routes/wallet/deposit-details.tsx',
  },
  {
    id: 'my-account-deposit-cancel',
    path: 'my-account/deposit/:depositId/cancel',
    file: 'routes/wallet/deposit-return.tsx',
  },
  {
    id: 'checkout-deposit-success',
    path: 'checkout/deposit/:depositId/success',
    file: 'routes/cart/checkout-deposit.tsx',
  },
  {
    id: 'checkout-deposit-cancel',
    path: 'checkout/deposit/:depositId/cancel',
    file: 'routes/cart/checkout-deposit.tsx',
  },
  { id: 'three-ds-notify', path: '3ds/notify', file: 'routes/wallet/three-ds-notify.tsx' },
  { id: 'my-account-withdraw', path: 'my-account/withdraw', file: 'routes/wallet/withdraw.tsx' },
  {
    id: 'my-account-withdraw-summary',
    path: 'my-account/withdraw/summary/:transactionID',
    file: 'routes/wallet/transaction.tsx',
  },
  {
    id: 'my-account-withdraw-details',
    path: 'my-account/withdraw/details/:withdrawID',
    file: 'routes/wallet/withdraw-details.tsx',
  },
  {
    id: 'my-account-cards-and-accounts',
    path: 'my-account/cards-and-accounts',
    file: 'routes/wallet/cards-and-accounts.tsx',
  },
  { id: 'my-account-transactions', path: 'my-account/transactions/:page?', file: 'routes/wallet/transactions.tsx' },
  {
    id: 'my-account-transaction',
    path: 'my-account/transactions/transaction/:transactionID',
    file: 'routes/wallet/transaction.tsx',
  },
  // Cart and checkout (issue 6, core §2): cart, payment step, receipts, replay of a past order.
  { id: 'cart', path: 'cart', file: 'routes/cart/cart.tsx' },
  { id: 'cart-buy', path: 'cart/buy', file: 'routes/cart/cart-buy.tsx' },
  { id: 'cart-precart', path: 'cart/precart', file: 'routes/cart/precart.tsx', resource: true },
  // The feedback widget's post (issue 20, features §7 POST /event): a resource route, action only.
  { id: 'feedback', path: 'feedback', file: 'routes/platform/feedback.tsx', resource: true },
  // The migrate-account modal's post (issue 19, features §7 POST /migration/migrate): a resource route, action only.
  { id: 'migration-migrate', path: 'migration/migrate', file: 'routes/migration/migrate.tsx', resource: true },
  // The banned-country location terms (issue 19, core §7 POST /customer/terms-and-conditions/location).
  { id: 'location-terms', path: 'location-terms', file: 'routes/identity/location-terms.tsx' },
  { id: 'cart-replay', path: 'cart/replay/:replayID', file: 'routes/cart/cart-replay.tsx' },
  { id: 'receipt', path: 'receipt', file: 'routes/cart/receipt.tsx' },
  { id: 'receipt-checkout', path: 'receipt/:checkoutID', file: 'routes/cart/receipt.tsx' },
  // Partner purchase (issue 19, core §2): the partner's own layout; its 404 page catches the rest of /purchase/:slug.
  { id: 'partner-checkout', path: 'purchase/:partnerSlug', file: 'routes/partners/partner-checkout.tsx' },
  {
    id: 'partner-receipt',
    path: 'purchase/:partnerSlug/receipt/:checkoutID',
    file: 'routes/partners/partner-receipt.tsx',
  },
  {
    id: 'partner-autologin',
    path: 'purchase/:partnerSlug/autologin/:autologinToken',
    file: 'routes/partners/partner-autologin.tsx',
  },
  { id: 'partner-not-found', path: 'purchase/:partnerSlug/*', file: 'routes/partners/partner-not-found.tsx' },
  { id: 'login', path: 'login', file: 'routes/identity/login.tsx' },
  { id: 'checkout-login', path: 'checkout/login', file: 'routes/identity/login.tsx' },
  { id: 'logout', path: 'logout', file: 'routes/identity/logout.tsx' },
  { id: 'login-autologin', path: 'login/autologin/:autologinToken', file: 'routes/identity/autologin.tsx' },
  { id: 'login-transfer', path: 'login/transfer/:autologinToken', file: 'routes/identity/autologin.tsx' },
  { id: 'forgot-password', path: 'forgot-password', file: 'routes/identity/forgot-password.tsx' },
  { id: 'reset-password', path: 'reset-password', file: 'routes/identity/forgot-password.tsx' },
  { id: 'force-password-change', path: 'force-password-change', file: 'routes/identity/force-password-change.tsx' },
  // Issue 20 item 8 (core §2 Navigation behaviour): where a required account upgrade sends the customer.
  { id: 'force-upgrade-account', path: 'force-upgrade-account', file: 'routes/identity/force-upgrade-account.tsx' },
  { id: 'my-account', path: 'my-account', file: 'routes/account/my-account.tsx' },
  // Issue 20: the notification feed as a page (the header's bell links here; with JavaScript it opens the drawer).
  { id: 'my-account-notifications', path: 'my-account/notifications/:page?', file: 'routes/account/notifications.tsx' },
  // Payment resolution (issue 15, h/rec-pay): recurring purchases whose payment failed; the site-wide banner leads here.
  {
    id: 'my-account-payment-resolution',
    path: 'my-account/payment-resolution',
    file: 'routes/recurring/payment-resolution.tsx',
  },
  { id: 'my-account-my-details', path: 'my-account/my-details', file: 'routes/account/my-details.tsx' },
  {
    id: 'my-account-confirm-address',
    path: 'my-account/confirm-address/:token?',
    file: 'routes/account/confirm-address.tsx',
  },
  {
    id: 'my-account-communication-preferences',
    path: 'my-account/communication-preferences',
    file: 'routes/account/communication-preferences.tsx',
  },
  {
    id: 'communication-preferences',
    path: 'communication-preferences/:id',
    file: 'routes/account/communication-preferences.tsx',
  },
  { id: 'unsubscribe', path: 'unsubscribe/:customerId/:productOfferKey?', file: 'routes/account/unsubscribe.tsx' },
  {
    id: 'my-account-login-and-security',
    path: 'my-account/login-and-security',
    file: 'routes/account/login-and-security.tsx',
  },
  { id: 'my-account-change-password', path: 'my-account/change-Password', file: 'routes/account/change-password.tsx' },
  { id: 'close-my-account', path: 'close-my-account', file: 'routes/account/close-my-account.tsx' },
  {
    id: 'close-my-account-success',
    path: 'close-my-account/success',
    file: 'routes/account/close-my-account-success.tsx',
  },
  { id: 'my-account-upgrade-account', path: 'my-account/upgrade-account', file: 'routes/account/upgrade-account.tsx' },
  // Responsible gambling (issue 8): limits, verification, take a break and self-exclusion.
  {
    id: 'my-account-spend-limits',
    path: 'my-account/spend-limits',
    file: 'routes/responsible-gambling/spend-limits.tsx',
  },
  {
    id: 'my-account-precommitment-limit',
    path: 'my-account/precommitment-limit',
    file: 'routes/responsible-gambling/precommitment-limit.tsx',
  },
  {
    id: 'my-account-verify-account',
    path: 'my-account/verify-account',
    file: 'routes/responsible-gambling/verify-account.tsx',
  },
  {
    id: 'my-account-manual-verification',
    path: 'my-account/manual-verification',
    file: 'routes/responsible-gambling/manual-verification.tsx',
  },
  {
    id: 'account-verification',
    path: 'account-verification',
    file: 'routes/responsible-gambling/account-verification.tsx',
  },
  {
    id: 'my-account-responsible-gambling',
    path: 'my-account/responsible-gambling',
    file: 'routes/responsible-gambling/responsible-gambling.tsx',
  },
  // Daily Winners (issue 17, core §2): the membership landing page, winners, premium by deposit, a giveaway and its draw
  // check, the tiers, the member benefits page (the ssoUrl of GET /v3/benefits), and the customer's giveaways.
  { id: 'daily-winners', path: 'daily-winners', file: 'routes/membership/daily-winners.tsx' },
  { id: 'daily-winners-winners', path: 'daily-winners/winners', file: 'routes/membership/winners.tsx' },
  { id: 'daily-winners-deposit', path: 'daily-winners/deposit', file: 'routes/membership/deposit.tsx' },
  {
    id: 'daily-winners-giveaway',
    path: 'daily-winners/giveaways/:giveawayType/:drawNumber',
    file: 'routes/membership/giveaway.tsx',
  },
  {
    id: 'daily-winners-giveaway-verify',
    path: 'daily-winners/giveaways/:giveawayType/:drawNumber/verify',
    file: 'routes/membership/giveaway-verify.tsx',
  },
  {
    id: 'daily-winners-membership-tiers',
    path: 'daily-winners/membership-tiers',
    file: 'routes/membership/membership-tiers.tsx',
  },
  { id: 'daily-winners-benefits', path: 'daily-winners/benefits', file: 'routes/membership/benefits.tsx' },
  {
    id: 'my-account-current-giveaways',
    path: 'my-account/current-giveaways/:page?',
    file: 'routes/membership/my-giveaways.tsx',
  },
  {
    id: 'my-account-closed-giveaways',
    path: 'my-account/closed-giveaways/:page?',
    file: 'routes/membership/my-giveaways.tsx',
  },
  // The notification feed's reads and writes (issue 20): a resource route for the header's drawer and live count.
  { id: 'notification-cards', path: 'notifications/cards', file: 'routes/notifications/cards.tsx', resource: true },
  { id: 'dev-mailbox', path: 'dev/mailbox', file: 'routes/notifications/dev-mailbox.tsx' },
  { id: 'not-found', path: '*', file: 'routes/not-found.tsx' },
];

const matchable = ROUTE_TABLE.map((r) =>
  r.path === '' ? { id: r.id, index: true as const } : { id: r.id, path: r.path },
);

/** The id of the screen a pathname shows ('not-found' for anything unregistered). */
export function routeIdFor(pathname: string): string {
  const matches = matchRoutes(matchable, pathname);
  return matches?.[matches.length - 1]?.route.id ?? 'not-found';
}
