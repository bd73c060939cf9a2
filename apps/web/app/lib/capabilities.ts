// Capability gates of the screens (spec core §1, §2). The checks themselves are capability-checks.ts (the layout
// imports only them); re-exported here for the routes.
import { gateAllows, hasAllCapabilities, hasCapability, type CapabilitySet, type Gate } from './capability-checks.ts';

export { gateAllows, hasAllCapabilities, hasCapability, type CapabilitySet, type Gate };

/**
 * Gates of the registered screens, keyed by route id (spec core §2 "Sitemap and screen gating by capability").
 * Later issues add their screens' rows here, e.g. lottery pages { anyOf: ['commercial_lotteries', 'multi_offer_site'] }.
 */
export const ROUTE_GATES: Readonly<Record<string, Gate>> = {
  'about-faq': { absent: ['support_faq'] },
  // Syndicates (issue 16, core §2 sitemap: Syndicates → syndicates; Social play → commercial lotteries, multi-offer
  // site or social syndicates; the share page also needs viewing orders).
  syndicates: { allOf: ['syndicates'] },
  'offer-syndicate': { allOf: ['syndicates'] },
  'my-account-syndicate-share': { allOf: ['syndicates', 'view_orders'] },
  'social-play': { anyOf: ['commercial_lotteries', 'multi_offer_site', 'social_syndicates'] },
  // Lotto Party (core §2 sitemap: lotto party group screens → social syndicates; its session and ticket are also
  // orders → viewing orders).
  'lotto-party': { allOf: ['social_syndicates'] },
  'lotto-party-group': { allOf: ['social_syndicates'] },
  'lotto-party-create': { allOf: ['social_syndicates'] },
  'my-account-lotto-party': { allOf: ['social_syndicates'] },
  'my-account-lotto-party-group': { allOf: ['social_syndicates'] },
  'my-account-lotto-party-session': { allOf: ['social_syndicates', 'view_orders'] },
  'my-account-lotto-party-ticket': { allOf: ['social_syndicates', 'view_orders'] },
  // The native app's pages (core §2: in the sitemap only with the native-app capability).
  'app-android': { allOf: ['native_app'] },
  'app-android-install': { allOf: ['native_app'] },
  'marketing-feature-banner': { anyOf: ['commercial_lotteries', 'multi_offer_site'] },
  // Partner purchase (issue 19, core §2 sitemap: Partner purchase → partner purchase).
  'partner-checkout': { allOf: ['partner_purchase'] },
  'partner-receipt': { allOf: ['partner_purchase'] },
  'partner-autologin': { allOf: ['partner_purchase'] },
  'partner-not-found': { allOf: ['partner_purchase'] },
  // The feedback widget's post (features §6: feedback capability).
  feedback: { allOf: ['feedback'] },
  // The notification feed's drawer and header count (features §2: notifications-feed capability).
  'notification-cards': { allOf: ['notifications_feed'] },
  // The migrate-account modal's post (features §4: customer migration capability).
  'migration-migrate': { allOf: ['customer_migration'] },
  'about-terms-of-use': { allOf: ['terms_of_use'] },
  // Blog (core §2 sitemap: Blog → blog).
  blog: { allOf: ['blog'] },
  'blog-category': { allOf: ['blog'] },
  'blog-post': { allOf: ['blog'] },
  'blog-rss': { allOf: ['blog'] },
  // Lotteries (issue 3, core §2 sitemap): lottery pages need commercial lotteries or a multi-offer site; raffle
  // results charity lotteries or a multi-offer site; statistics commercial lotteries.
  'lotto-tickets': { anyOf: ['commercial_lotteries', 'multi_offer_site'] },
  'lotto-results': { anyOf: ['commercial_lotteries', 'multi_offer_site'] },
  'lotto-results-lotteries': { anyOf: ['commercial_lotteries', 'multi_offer_site'] },
  'lotto-results-raffles': { anyOf: ['charity_lotteries', 'multi_offer_site'] },
  offer: { anyOf: ['commercial_lotteries', 'charity_lotteries', 'multi_offer_site'] },
  'offer-results': { anyOf: ['commercial_lotteries', 'charity_lotteries', 'multi_offer_site'] },
  'offer-results-draw': { anyOf: ['commercial_lotteries', 'charity_lotteries', 'multi_offer_site'] },
  'offer-statistics': { allOf: ['commercial_lotteries'] },
  'offer-terms': { anyOf: ['commercial_lotteries', 'charity_lotteries', 'multi_offer_site'] },
  // Charity raffles and causes (issue 7, core §2 sitemap): charity pages need charity lotteries or a multi-offer site;
  // the causes directory needs causes_directory.
  'charity-tickets': { anyOf: ['charity_lotteries', 'multi_offer_site'] },
  causes: { allOf: ['causes_directory'] },
  cause: { allOf: ['causes_directory'] },
  'cause-offer': { allOf: ['causes_directory'] },
  'raffle-draw': { anyOf: ['charity_lotteries', 'multi_offer_site'] },
  'raffle-draw-buy': { anyOf: ['charity_lotteries', 'multi_offer_site'] },
  // /:productOfferKey/buy: a raffle's buy screen or a lottery's play screen, like the offer page.
  'offer-buy': { anyOf: ['commercial_lotteries', 'charity_lotteries', 'multi_offer_site'] },
  'raffle-draw-verify': { anyOf: ['charity_lotteries', 'multi_offer_site'] },
  'raffle-winners': { anyOf: ['charity_lotteries', 'multi_offer_site'] },
  'raffle-your-support': { anyOf: ['charity_lotteries', 'multi_offer_site'] },
  'raffle-prize-details': { anyOf: ['charity_lotteries', 'multi_offer_site'] },
  // Subscriptions (issue 15, core §2 sitemap: Subscriptions → subscription manage and viewing orders); subscribing is
  // a charity page too.
  'offer-subscription': { allOf: ['subscription_manage'], anyOf: ['charity_lotteries', 'multi_offer_site'] },
  'my-account-subscriptions': { allOf: ['subscription_manage', 'view_orders'] },
  'my-account-subscription': { allOf: ['subscription_manage', 'view_orders'] },
  // Ticket builder and tickets (issue 6): the play screen is a lottery page; upcoming and past tickets (and their
  // print layout) need viewing orders; favourite numbers need favourite_numbers.
  'offer-play': { anyOf: ['commercial_lotteries', 'multi_offer_site'] },
  'my-account-upcoming-tickets': { allOf: ['view_orders'] },
  'my-account-upcoming-ticket': { allOf: ['view_orders'] },
  'my-account-past-tickets': { allOf: ['view_orders'] },
  'my-account-past-ticket': { allOf: ['view_orders'] },
  'my-account-print-tickets': { allOf: ['view_orders'] },
  // Scheduled purchase (issue 15, core §2 sitemap: scheduled purchase → viewing orders).
  'my-account-scheduled-purchase': { allOf: ['view_orders'] },
  'my-account-favourite-numbers': { allOf: ['favourite_numbers'] },
  // Recurring purchases (issue 15, core §2 sitemap "Autoplay: autoplay manage"): the autoplay screens and the combined
  // recurring purchases they make up.
  'my-account-autoplay': { allOf: ['autoplay_manage'] },
  'my-account-autoplay-ticket': { allOf: ['autoplay_manage'] },
  'my-account-recurring-purchases': { allOf: ['autoplay_manage'] },
  // Responsible gambling (issue 8, core §2 sitemap): spend limits need spend limits; verify, manual verification and
  // account verification need verify ID; the pre-commitment limit and take-a-break / exclusion have no gate.
  'my-account-spend-limits': { allOf: ['spend_limits'] },
  'my-account-verify-account': { allOf: ['verify_id'] },
  'my-account-manual-verification': { allOf: ['verify_id'] },
  'account-verification': { allOf: ['verify_id'] },
  // Wallet (issue 5, core §2 sitemap): funds need wallet_manage; withdraw wallet_withdrawal; transactions and the
  // withdraw summary view_orders; withdraw details has no gate.
  deposit: { allOf: ['wallet_manage'] },
  'my-account-deposit': { allOf: ['wallet_manage'] },
  'my-account-deposit-summary': { allOf: ['wallet_manage'] },
  'my-account-deposit-authorisation': { allOf: ['wallet_manage'] },
  'my-account-deposit-details': { allOf: ['wallet_manage'] },
  'my-account-deposit-details-success': { allOf: ['wallet_manage'] },
  'my-account-deposit-details-failure': { allOf: ['wallet_manage'] },
  'my-account-deposit-cancel': { allOf: ['wallet_manage'] },
  'checkout-deposit-success': { allOf: ['wallet_manage'] },
  'checkout-deposit-cancel': { allOf: ['wallet_manage'] },
  'three-ds-notify': { allOf: ['wallet_manage'] },
  'my-account-cards-and-accounts': { allOf: ['wallet_manage'] },
  'my-account-withdraw': { allOf: ['wallet_withdrawal'] },
  'my-account-withdraw-summary': { allOf: ['view_orders'] },
  'my-account-transactions': { allOf: ['view_orders'] },
  'my-account-transaction': { allOf: ['view_orders'] },
  // Daily Winners (issue 17, core §2 sitemap): daily winners need the membership program; tiers (the tiers page and
  // premium by deposit) membership purchase; giveaways (a giveaway, its draw check, the customer's giveaways)
  // giveaway entries.
  'daily-winners': { allOf: ['membership_program'] },
  'daily-winners-winners': { allOf: ['membership_program'] },
  'daily-winners-benefits': { allOf: ['membership_program'] },
  'daily-winners-deposit': { allOf: ['membership_program', 'membership_purchase'] },
  'daily-winners-membership-tiers': { allOf: ['membership_program', 'membership_purchase'] },
  'daily-winners-giveaway': { allOf: ['membership_program', 'giveaway_entries'] },
  'daily-winners-giveaway-verify': { allOf: ['membership_program', 'giveaway_entries'] },
  'my-account-current-giveaways': { allOf: ['membership_program', 'giveaway_entries'] },
  'my-account-closed-giveaways': { allOf: ['membership_program', 'giveaway_entries'] },
};

export function routeAllowed(routeId: string, caps: CapabilitySet): boolean {
  return gateAllows(ROUTE_GATES[routeId], caps);
}
