// The storefront's screens (spec core §2) as plain data: app/routes.ts builds the React Router config from it and
// the root loader matches a URL against it to apply the route's capability gate (ROUTE_GATES in capabilities.ts).
import { matchRoutes } from 'react-router';

export interface RouteEntry {
  id: string;
  /** Path relative to the site root; '' is the home page. */
  path: string;
  file: string;
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { id: 'home', path: '', file: 'routes/home.tsx' },
  { id: 'about', path: 'about', file: 'routes/cms-page.tsx' },
  { id: 'about-responsible-gaming', path: 'about/responsible-gaming', file: 'routes/cms-page.tsx' },
  { id: 'about-privacy', path: 'about/privacy', file: 'routes/cms-page.tsx' },
  { id: 'about-cookie-policy', path: 'about/cookie-policy', file: 'routes/cms-page.tsx' },
  { id: 'about-faq', path: 'about/faq', file: 'routes/cms-page.tsx' },
  { id: 'about-terms-and-conditions', path: 'about/terms-and-conditions', file: 'routes/cms-page.tsx' },
  { id: 'about-terms-of-use', path: 'about/terms-of-use', file: 'routes/cms-page.tsx' },
  { id: 'about-contact-us', path: 'about/contact-us', file: 'routes/cms-page.tsx' },
  { id: 'cookie-consent', path: 'cookie-consent', file: 'routes/cookie-consent.tsx' },
  // Lotteries (issue 3): category page, results lists, and the product offer routes built from an offer key.
  { id: 'lotto-tickets', path: 'lotto-tickets', file: 'routes/lotto-tickets.tsx' },
  { id: 'lotto-results-lotteries', path: 'lotto-results/lotteries/:page?', file: 'routes/lotto-results.tsx' },
  { id: 'lotto-results-raffles', path: 'lotto-results/raffles/:page?', file: 'routes/lotto-results.tsx' },
  { id: 'lotto-results', path: 'lotto-results/:page?', file: 'routes/lotto-results.tsx' },
  { id: 'offer', path: ':productOfferKey', file: 'routes/offer.tsx' },
  { id: 'offer-results', path: ':productOfferKey/results/:date?', file: 'routes/offer-results.tsx' },
  { id: 'offer-results-draw', path: ':productOfferKey/results/draw/:drawNo', file: 'routes/offer-results.tsx' },
  { id: 'offer-statistics', path: ':productOfferKey/statistics', file: 'routes/offer-statistics.tsx' },
  { id: 'offer-terms', path: ':productOfferKey/terms-and-conditions/:drawNo?', file: 'routes/offer-terms.tsx' },
  // Wallet (issue 5): deposit, withdraw, cards and accounts, transactions, payment-provider and 3-D Secure returns.
  { id: 'deposit', path: 'deposit', file: 'routes/wallet/deposit.tsx' },
  { id: 'my-account-deposit', path: 'my-account/deposit', file: 'routes/wallet/deposit.tsx' },
  { id: 'my-account-deposit-summary', path: 'my-account/deposit/summary/:transactionID', file: 'routes/wallet/transaction.tsx' },
  { id: 'my-account-deposit-authorisation', path: 'my-account/deposit/authorisation/:depositID', file: 'routes/wallet/deposit-authorisation.tsx' },
  { id: 'my-account-deposit-details', path: 'my-account/deposit/details/:depositID', file: 'routes/wallet/deposit-details.tsx' },
  { id: 'my-account-deposit-details-success', path: 'my-account/deposit/details/:depositID/success', file: 'routes/wallet/deposit-details.tsx' },
  { id: 'my-account-deposit-details-failure', path: 'my-account/deposit/details/:depositID/failure', file: 'routes/wallet/deposit-details.tsx' },
  { id: 'my-account-deposit-cancel', path: 'my-account/deposit/:depositId/cancel', file: 'routes/wallet/deposit-return.tsx' },
  { id: 'checkout-deposit-success', path: 'checkout/deposit/:depositId/success', file: 'routes/wallet/deposit-return.tsx' },
  { id: 'checkout-deposit-cancel', path: 'checkout/deposit/:depositId/cancel', file: 'routes/wallet/deposit-return.tsx' },
  { id: 'three-ds-notify', path: '3ds/notify', file: 'routes/wallet/three-ds-notify.tsx' },
  { id: 'my-account-withdraw', path: 'my-account/withdraw', file: 'routes/wallet/withdraw.tsx' },
  { id: 'my-account-withdraw-summary', path: 'my-account/withdraw/summary/:transactionID', file: 'routes/wallet/transaction.tsx' },
  { id: 'my-account-withdraw-details', path: 'my-account/withdraw/details/:withdrawID', file: 'routes/wallet/withdraw-details.tsx' },
  { id: 'my-account-cards-and-accounts', path: 'my-account/cards-and-accounts', file: 'routes/wallet/cards-and-accounts.tsx' },
  { id: 'my-account-transactions', path: 'my-account/transactions/:page?', file: 'routes/wallet/transactions.tsx' },
  { id: 'my-account-transaction', path: 'my-account/transactions/transaction/:transactionID', file: 'routes/wallet/transaction.tsx' },
  { id: 'login', path: 'login', file: 'routes/login.tsx' },
  { id: 'checkout-login', path: 'checkout/login', file: 'routes/login.tsx' },
  { id: 'logout', path: 'logout', file: 'routes/logout.tsx' },
  { id: 'login-autologin', path: 'login/autologin/:autologinToken', file: 'routes/autologin.tsx' },
  { id: 'login-transfer', path: 'login/transfer/:autologinToken', file: 'routes/autologin.tsx' },
  { id: 'forgot-password', path: 'forgot-password', file: 'routes/forgot-password.tsx' },
  { id: 'reset-password', path: 'reset-password', file: 'routes/forgot-password.tsx' },
  { id: 'force-password-change', path: 'force-password-change', file: 'routes/force-password-change.tsx' },
  { id: 'my-account', path: 'my-account', file: 'routes/my-account.tsx' },
  { id: 'my-account-my-details', path: 'my-account/my-details', file: 'routes/my-details.tsx' },
  { id: 'my-account-confirm-address', path: 'my-account/confirm-address/:token?', file: 'routes/confirm-address.tsx' },
  { id: 'my-account-communication-preferences', path: 'my-account/communication-preferences', file: 'routes/communication-preferences.tsx' },
  { id: 'communication-preferences', path: 'communication-preferences/:id', file: 'routes/communication-preferences.tsx' },
  { id: 'unsubscribe', path: 'unsubscribe/:customerId/:productOfferKey?', file: 'routes/unsubscribe.tsx' },
  { id: 'my-account-login-and-security', path: 'my-account/login-and-security', file: 'routes/login-and-security.tsx' },
  { id: 'my-account-change-password', path: 'my-account/change-Password', file: 'routes/change-password.tsx' },
  { id: 'close-my-account', path: 'close-my-account', file: 'routes/close-my-account.tsx' },
  { id: 'close-my-account-success', path: 'close-my-account/success', file: 'routes/close-my-account-success.tsx' },
  { id: 'my-account-upgrade-account', path: 'my-account/upgrade-account', file: 'routes/upgrade-account.tsx' },
  { id: 'dev-mailbox', path: 'dev/mailbox', file: 'routes/dev-mailbox.tsx' },
  { id: 'not-found', path: '*', file: 'routes/not-found.tsx' },
];

const matchable = ROUTE_TABLE.map((r) => (r.path === '' ? { id: r.id, index: true as const } : { id: r.id, path: r.path }));

/** The id of the screen a pathname shows ('not-found' for anything unregistered). */
export function routeIdFor(pathname: string): string {
  const matches = matchRoutes(matchable, pathname);
  return matches?.[matches.length - 1]?.route.id ?? 'not-found';
}
