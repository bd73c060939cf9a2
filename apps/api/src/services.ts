// The composition root (ADR 014): every service of the shop is built here, once, from the database, the clock, the
// configuration and the outside providers. The HTTP app (app.ts), the jobs, the operator CLI, the seed and the test
// fixtures all take their services from createServices; nothing else calls a create*Service. A service receives the
// narrow ports it needs (interfaces its own module declares) from here, so this file is the one place that says
// which implementation runs behind every port.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { RandomSource } from '@shop/lottery';
import { cryptoRandom } from '@shop/lottery';
import { sellsRecurring } from '@shop/contracts';
import { checkReadiness, type Database } from './db/index.ts';
import type { AppConfig } from './env.ts';
import type { Clock } from './lib/clock.ts';
import { resolveAuthSecret } from './plugins/auth.ts';
import {
  basketOf,
  createCartService,
  DEFAULT_PRICING,
  type CheckoutCart,
  type PricedItem,
} from './modules/cart/index.ts';
import {
  createCatalogueService,
  createOfferAudience,
  createOfferPreviews,
  createPriceLists,
  type SyndicateOnSale,
} from './modules/catalogue/index.ts';
import {
  createContentEditor,
  createContentService,
  createContentTransfer,
  createTranslationsService,
} from './modules/content/index.ts';
import {
  createDrawResultsService,
  createDrawsService,
  createLotteryHandler,
  createSimulatedResultsProvider,
  lockOpenDraws,
  preOrderSalesOpenAt,
  type ResultsProvider,
} from './modules/draws/index.ts';
import {
  createGroupsService,
  createLifecycle,
  createLottoPartyHandler,
  createSessionOrdersService,
  createSessionsService,
  sessionInviteEmail,
  type LottoPartyDeps,
} from './modules/lotto-party/index.ts';
import { createFeed, createOutbox, smtpTransport, text, type MailTransport } from './modules/notifications/index.ts';
import { alongside, feedCards } from './services.feed.ts';
import { createDrawResultCardsWorkflow } from './workflows/draw-result-cards.workflow.ts';
import { createOperatorsService, operatorGate } from './modules/operators/index.ts';
import { backofficeServices } from './services.backoffice.ts';
import {
  createCheckoutService,
  createOrderHistoryService,
  createOrdersService,
  createRecommendationsService,
} from './modules/orders/index.ts';
import {
  challengeUrlFor,
  createDepositsService,
  createFundsService,
  createReconciliationService,
  createTestGateway,
  createWithdrawalsService,
  paymentEmails,
  createRefundsService,
  createDepositsReport,
  type PaymentGateway,
  type PaymentNotices,
} from './modules/payments/index.ts';
import { createAnalyticsService, createDatabaseAnalyticsSink, type AnalyticsSink } from './modules/analytics/index.ts';
import { createExperimentsService } from './modules/experiments/index.ts';
import { createFeedbackService } from './modules/feedback/index.ts';
import { createPlacementService } from './modules/placement/index.ts';
import { createCspReportService, createPlatformService, createServerErrorLog } from './modules/platform/index.ts';
import { createPromotionsService } from './modules/promotions/index.ts';
import {
  createCausesService,
  createRaffleDrawsService,
  createRaffleHandler,
  createRafflesService,
  createRaffleSupplyService,
} from './modules/raffles/index.ts';
import {
  createDocumentReviewService,
  createExclusionService,
  createGuardService,
  createLimitsService,
  createSimulatedVerificationProvider,
  createVerificationService,
  type VerificationProvider,
} from './modules/responsible-gambling/index.ts';
import {
  createAttemptGuard,
  createClosureService,
  createCredentials,
  createCustomerDirectoryService,
  createIdentityMailer,
  createLoginService,
  createLoginThrottle,
  createOneTimeTokens,
  createPasswordHasher,
  createPasswordService,
  createPreferencesService,
  createProfileService,
  createSessionChecks,
  createSessionService,
  createSignupService,
  createSignInDevices,
  createTwoFactorService,
  createMarketingAudience,
  identitySecrets,
  passwordProblem,
  type CustomerDirectoryService,
  type FundsSource,
  type IdentityOutbox,
  type RecurringCard,
  type ResponsibleGamblingHooks,
} from './modules/identity/index.ts';
import { createLedger } from './modules/wallet/index.ts';
import { createMigrationService } from './modules/migration/index.ts';
import { withRestrictions } from './services.restrictions.ts';
import { createAffiliateReport } from './workflows/affiliate-report.workflow.ts';
import {
  createBenefitsService,
  createEntriesService,
  createGiveawayDrawsService,
  createGiveawaysService,
  createMemberPricing,
  createMembersService,
  createMembershipConfigService,
  type MembershipDeps,
  type PrizeOrders,
} from './modules/membership/index.ts';
import { createGiveawayDrawWorkflow } from './workflows/draw-giveaway.workflow.ts';
import { createDepositPurchaseWorkflow } from './workflows/deposit-purchase.workflow.ts';
import { createPartnerPurchaseWorkflow } from './workflows/partner-purchase.workflow.ts';
import { createRaffleDrawWorkflow } from './workflows/draw-raffle.workflow.ts';
import { cardPaymentsOf, recurringCardsOf, savedCardsOf } from './services.recurring-payments.ts';
import { createPurchaseWorkflow } from './workflows/purchase-cart.workflow.ts';
import { createPartnersService } from './modules/partners/index.ts';
import {
  cardFundedPurchaser,
  cardLabel,
  createCardExpiryReminders,
  createRecurringPaymentsService,
  createRecurringProcessor,
  createRecurringService,
  createSubscriptionService,
  createScheduledService,
  fundOfMethod,
  paymentResolutionButton,
  recurringFailureEmail,
  scheduledGaveUpEmail,
  recordPreOrders,
  recordsAfterPurchase,
  type DrawCalendar,
  type PausedNotifier,
  type SalesOpening,
} from './modules/recurring/index.ts';
import { createReplayWorkflow } from './workflows/replay-order.workflow.ts';
import { createSettlementWorkflow, sharedPrizeParts } from './workflows/settle-draw.workflow.ts';
import { createSyndicateHandler, createSyndicatesService } from './modules/syndicates/index.ts';
import { createWinnerEmailsWorkflow } from './workflows/email-winners.workflow.ts';
import { themeSeed } from './seed/theme.ts';

/** The outside world, each behind an interface with a built-in local implementation (DESIGN.md §9). */
export interface Providers {
  /** Card and wallet payments; the built-in test gateway (payment type `td`, test cards) by default. */
  paymentGateway: PaymentGateway;
  /** SMTP when SMTP_URL is set; null delivers into the dev mailbox table. */
  mailTransport: MailTransport | null;
  /** Identity checks against a data source; the simulated provider (decides by surname) by default. */
  identityVerification: VerificationProvider;
  /** Official lottery results; simulated from the CSPRNG by default. */
  results: ResultsProvider;
  /** Quickpick numbers; the platform CSPRNG by default (tests inject a seeded source). */
  random: RandomSource;
  /** Consented analytics events; the built-in sink stores them in the shop's database. */
  analytics: AnalyticsSink;
}

export interface ServicesOptions {
  database: Database;
  clock: Clock;
  config: AppConfig;
  providers?: Partial<Providers>;
  /**
   * Long-lived processes (the API, its jobs) keep read-mostly data in memory until the database's change feed
   * announces a write (ADR 007). The CLI, the seed and one-off scripts read through.
   */
  liveCaches?: boolean;
}

const randomId = () => randomBytes(9).toString('base64url');

function defaultProviders(o: ServicesOptions): Providers {
  const { database, clock, config } = o;
  return {
    paymentGateway:
      o.providers?.paymentGateway ??
      // Its 3-D Secure page is served by the payments routes (challengeUrlFor).
      createTestGateway({ db: database.db, clock, challengeUrlFor }),
    mailTransport:
      o.providers?.mailTransport !== undefined
        ? o.providers.mailTransport
        : config.smtpUrl
          ? smtpTransport(config.smtpUrl)
          : null,
    identityVerification: o.providers?.identityVerification ?? createSimulatedVerificationProvider(),
    results: o.providers?.results ?? createSimulatedResultsProvider(),
    random: o.providers?.random ?? cryptoRandom,
    analytics: o.providers?.analytics ?? createDatabaseAnalyticsSink({ db: database.db }),
  };
}

/** The database, clock and configuration every service is built from, and the providers chosen for this process. */
function coreOf(o: ServicesOptions) {
  let secret: string | undefined;
  // The notification feed: every module whose events make a card is handed its hook from `cards` (services.feed.ts).
  const feed = createFeed({ db: o.database.db, clock: o.clock });
  return {
    feed,
    cards: feedCards(feed),
    database: o.database,
    db: o.database.db,
    clock: o.clock,
    config: o.config,
    providers: defaultProviders(o),
    changes: o.liveCaches ? o.database.changes : undefined,
    /** Resolved on first use: a command that signs nothing never creates DATA_DIR/auth.secret. */
    authSecret: () => (secret ??= resolveAuthSecret(o.config)),
  };
}
export type Core = ReturnType<typeof coreOf>;
export type CatalogueServices = ReturnType<typeof catalogueServices>;
export type CommerceServices = ReturnType<typeof commerceServices>;
export type MembershipServices = ReturnType<typeof membershipServices>;

/** Site configuration, CMS, the product catalogue, draws and raffles: what every page reads. */
function catalogueServices(core: Core) {
  const { db, clock, config, changes } = core;
  const platform = createPlatformService({ db, config, clock, changes });
  const cspReports = createCspReportService({ db, clock });
  const serverErrors = createServerErrorLog({ db, clock });
  const content = createContentService({ db, clock, changes, secret: core.authSecret });
  const draws = createDrawsService({ db, clock });
  const drawResults = createDrawResultsService({ db, clock, changes });
  const raffles = createRafflesService({ db, clock });
  const causes = createCausesService({ db, clock, raffles });
  const raffleLifecycle = createRaffleDrawsService({ db, clock });
  // The syndicates module is built with commerce (it writes its tickets through orders); the catalogue lists its
  // syndicates on sale as syndicate_share offers through this port, bound there (syndicateServices).
  const syndicatesPort: { onSale: () => Promise<SyndicateOnSale[]> } = { onSale: async () => [] };
  // One catalogue (and one cache) for the product pages, the cart, the purchase, placements and recommendations.
  const catalogue = createCatalogueService({
    db,
    clock,
    changes,
    upcomingDraws: (gameKey, limit) => draws.upcomingDraws(gameKey as Parameters<typeof draws.upcomingDraws>[0], limit),
    raffleDraws: (key) => raffles.upcomingDraws(key),
    raffleGameOffer: (key) => raffles.gameOffer(key),
    syndicatesOnSale: () => syndicatesPort.onSale(),
  });
  // Offer preview links (the storefront's ?preview= on an offer page that is not on sale).
  const offerPreviews = createOfferPreviews({
    clock,
    secret: core.authSecret,
    offerExists: async (key) => (await catalogue.offerKeys()).includes(key),
  });
  // The back office's price lists: a changed price empties this process's offer lists at once (others by the feed).
  const priceLists = createPriceLists(db, () => catalogue.forgetOffers());
  return {
    platform,
    cspReports,
    serverErrors,
    content,
    draws,
    drawResults,
    raffles,
    causes,
    raffleLifecycle,
    catalogue,
    priceLists,
    offerPreviews,
    syndicatesPort,
  };
}

/** Content writes (editor, import/export, uploads) and translation items; every write empties this process' caches. */
function contentServices(core: Core, content: ReturnType<typeof createContentService>) {
  const { db, clock, changes } = core;
  const written = () => content.written();
  const contentEditor = createContentEditor({ db, clock, onWrite: written });
  const contentTransfer = createContentTransfer({ db, clock, onWrite: written, newId: () => `file_${randomId()}` });
  const translations = createTranslationsService({ db, clock, changes, image: content.image, onWrite: written });
  return { contentEditor, contentTransfer, translations };
}

/** Responsible gambling: limits, exclusions, identity verification and document review, and the guard that enforces them. */
function responsibleGamblingServices(
  core: Core,
  ports: { ledger: ReturnType<typeof createLedger>; customers: CustomerDirectoryService },
) {
  const { db, clock, config, providers } = core;
  const { ledger, customers } = ports;
  const limits = createLimitsService({ db, clock, config, ledger, onApplied: core.cards.limitApplied });
  const exclusions = createExclusionService({ db, clock, config, customers });
  const guard = createGuardService({ db, clock, config, ledger, customers });
  const verification = createVerificationService({
    db,
    clock,
    config,
    ledger,
    customers,
    provider: providers.identityVerification,
  });
  const documents = createDocumentReviewService({
    db,
    clock,
    uploadDir: path.join(config.dataDir, 'verification-uploads'),
    customers,
    verification,
  });
  // What the identity module asks of responsible gambling: the overview's fields, refused sign-ups and marketing.
  const hooks: ResponsibleGamblingHooks = {
    overviewFields: async (customerId, isVerified) => ({
      ...(await verification.overviewFields(customerId, isVerified)),
      ...(await limits.overviewFields(customerId)),
    }),
    assertSignupAllowed: (email) => exclusions.assertSignupAllowed(email),
    assertMarketingAllowed: (customerId) => exclusions.assertMarketingAllowed(customerId),
  };
  return { limits, exclusions, guard, verification, documents, hooks };
}

/**
 * Payments: saved funds, deposits, withdrawals and reconciliation over one gateway and the ledger (ADR 026). Deposits
 * answer to responsible gambling's deposit limits; withdrawals wait for verification.
 */
function paymentServices(
  core: Core,
  ports: {
    ledger: ReturnType<typeof createLedger>;
    guard: ReturnType<typeof createGuardService>;
    /** Deposit and withdrawal emails (absent: none). */
    notices?: PaymentNotices;
  },
) {
  const { db, clock, providers } = core;
  const { ledger, guard, notices } = ports;
  const gateway = providers.paymentGateway;
  const currencyOf = async (customerId: string) => (await ledger.fundsSummary(customerId)).currency;
  const funds = createFundsService({ db, clock, gateway, currencyOf });
  const deposits = createDepositsService({
    db,
    clock,
    ledger,
    gateway,
    funds,
    currencyOf,
    depositGuard: guard,
    onPending: core.cards.depositPending,
    onChallengeDecided: core.cards.depositChallengeDecided,
    notices,
  });
  const withdrawals = createWithdrawalsService({
    db,
    clock,
    ledger,
    funds,
    currencyOf,
    verificationRequired: guard.verificationRequired,
    onPaid: core.cards.withdrawalPaid,
    notices,
  });
  const refunds = createRefundsService({ db, clock, ledger, gateway, notices });
  const reconciliation = createReconciliationService({ db, clock, gateway, deposits, refunds });
  const depositsReport = createDepositsReport({ db, refunds });
  return { funds, deposits, withdrawals, refunds, reconciliation, depositsReport };
}

/** Identity: one sub-service per concern, sharing the secrets, one-time tokens, throttling and emails built here. */
function identityServices(
  core: Core,
  ports: {
    outbox: IdentityOutbox;
    funds: FundsSource;
    directory: CustomerDirectoryService;
    responsibleGambling: ResponsibleGamblingHooks;
    /** Saved cards a recurring purchase method may name (the payments module's). */
    recurringCards?: (customerId: string) => Promise<RecurringCard[]>;
    migrationStatusOf?: (customerId: string) => Promise<string>;
    pricingOf?: (customerId: string, pricingCode: string | null) => Promise<string>;
  },
) {
  const { db, clock, config, changes } = core;
  const secrets = identitySecrets(core.authSecret);
  // The per-request session check, remembered per process until a session or customer changes (ADR 033).
  const checks = createSessionChecks({ db, clock, changes });
  const tokens = createOneTimeTokens({ clock });
  const attempts = createAttemptGuard({ db, clock });
  const credentials = createCredentials({ db, hasher: createPasswordHasher(config.argon2) });
  const mailer = createIdentityMailer({ outbox: ports.outbox, tokens, publicUrl: config.publicUrl });
  const rg = ports.responsibleGambling;
  const profile = createProfileService({
    db,
    clock,
    config,
    tokens,
    mailer,
    credentials,
    funds: ports.funds,
    responsibleGambling: rg,
    migrationStatusOf: ports.migrationStatusOf,
    pricingOf: ports.pricingOf,
  });
  const sessions = createSessionService({ db, clock, secrets, tokens, checks, overviewOf: profile.overviewOf });
  const twoFactor = createTwoFactorService({ db, clock, secrets, mailer, credentials });
  const devices = createSignInDevices({ clock, mailer });
  return {
    directory: ports.directory,
    profile,
    sessions,
    twoFactor,
    login: createLoginService({
      db,
      clock,
      config,
      attempts,
      throttle: createLoginThrottle({ db, clock, mailer }),
      credentials,
      tokens,
      sessions,
      twoFactor,
      profile,
      devices,
    }),
    signup: createSignupService({
      db,
      clock,
      config,
      attempts,
      credentials,
      mailer,
      devices,
      sessions,
      responsibleGambling: rg,
    }),
    passwords: createPasswordService({
      db,
      clock,
      attempts,
      credentials,
      tokens,
      mailer,
      sessionsEnded: checks.forget,
    }),
    preferences: createPreferencesService({
      db,
      clock,
      secrets,
      responsibleGambling: rg,
      recurringCards: ports.recurringCards,
    }),
    closure: createClosureService({
      db,
      clock,
      credentials,
      mailer,
      funds: ports.funds,
      sessionsEnded: checks.forget,
    }),
  };
}

/** Wallet, payments, promotions, the cart and its products, orders, and the checkout workflows. */
function commerceServices(
  core: Core,
  c: ReturnType<typeof catalogueServices>,
  outbox: ReturnType<typeof createOutbox>,
) {
  const { database, db, clock, providers } = core;
  const ledger = createLedger({ db, clock });
  const directory = createCustomerDirectoryService({ db, clock });
  const rg = responsibleGamblingServices(core, { ledger, customers: directory });
  const payments = paymentServices(core, {
    ledger,
    guard: rg.guard,
    notices: paymentEmails({
      outbox,
      contactsOf: (ids, exec) => directory.contactsOf(ids, exec),
      publicUrl: core.config.publicUrl,
    }),
  });
  const cardsOf = savedCardsOf(payments.funds);
  // Legacy accounts (issue 19): imported customers come from identity, their balances reach the wallet once.
  let kickMigration: () => void = () => undefined;
  const migration = createMigrationService({
    db,
    clock,
    currency: 'AUD',
    importCustomer: (tx, l) => directory.importLegacy(tx, l),
    creditMigration: (tx, mv) => ledger.creditMigration(tx, mv),
    kick: () => kickMigration(),
  });
  kickMigration = () => void migration.runPending().catch(() => undefined);
  const { memberPricing, pricingFor } = pricingServices(core, c);
  const identity = identityServices(core, {
    outbox,
    funds: ledger,
    directory,
    responsibleGambling: rg.hooks,
    recurringCards: recurringCardsOf(cardsOf, clock),
    migrationStatusOf: (id) => migration.statusOf(id),
    pricingOf: pricingFor,
  });
  // Every purchase answers to responsible gambling and to the restrictions of features §4 (licensing, migration).
  const guard = withRestrictions(
    rg.guard,
    [(id, exec) => directory.licensingRestriction(id, exec), (id, exec) => migration.restriction(id, exec)],
    (id) => [directory.customerRead(id), migration.accountRead(id), ...rg.guard.checksRead(id)],
  );
  const regionOf = async (id: string) => (await identity.directory.verificationProfile(id))?.state ?? null;
  const promotions = createPromotionsService({ db, clock });
  const orders = createOrdersService({ db, clock });
  const lotteryTickets = createLotteryHandler({ db, catalogue: c.catalogue, orders, rng: providers.random });
  const raffleSupply = createRaffleSupplyService({ db, clock });
  const calendar = drawCalendarOf(c);
  const raffleTickets = createRaffleHandler({
    db,
    supply: raffleSupply,
    regionOf,
    subscriptionOnSale: (offerKey) => calendar.subscriptionOnSale(offerKey),
  });
  const { syndicates, syndicateTickets } = syndicateServices(core, c, orders);
  const lottoParty = lottoPartyServices(core, c, { orders, ledger, directory, outbox });
  const cart = createCartService({
    db,
    clock,
    handlers: [lotteryTickets, raffleTickets, syndicateTickets, lottoParty.handler],
    promotions,
    funds: ledger,
    guard,
    pricingFor,
    offeredByCode: (code) => c.catalogue.offeredByCode(code),
  });
  const checkouts = createCheckoutService({ db, clock });
  const orderHistory = createOrderHistoryService({ db, clock, draws: c.draws, raffleDraws: c.causes });
  // Recommendations and placements have always been built from lottery offers only (before the one catalogue, theirs
  // listed no raffles): they keep doing so until a product decision says raffles belong there (ADR 014). They offer
  // only what the visitor's site, segment and region sell (issue 20: an A$ site suggested EuroMillions in pounds).
  const audience = createOfferAudience({
    catalogue: c.catalogue,
    siteCurrency: async () => (await c.platform.getWebConfig()).baseCurrency,
    capabilitiesOf: async (segmentName) => (await c.platform.capabilitiesFor(segmentName)).capabilities,
    regionOf,
  });
  const lotteryOffers = audience.lotteryOffersFor;
  const recommendations = createRecommendationsService({ checkouts: orderHistory, productOffers: lotteryOffers });
  const placement = createPlacementService({
    productOffers: lotteryOffers,
    offersInCart: cart.offerKeysIn,
    now: () => clock.now().getTime(),
  });
  const recurring = createRecurringService({
    db,
    clock,
    calendar,
    defaultFundOf: async (tx, customerId) => fundOfMethod(await identity.preferences.recurringMethodIn(tx, customerId)),
  });
  // Pre-orders are bought when their draw's sales open: a raffle draw's salesOpenAt, a lottery draw's standard sales.
  const salesOpenAt: SalesOpening = async (tx, item) =>
    item.productType === 'raffle_ticket'
      ? raffleSupply.salesOpenAt(tx, item.draws[0]!.drawId)
      : preOrderSalesOpenAt(new Date(item.draws[0]!.drawDate));
  // Partners (issue 19): a partner purchase's sale and commission are written in the purchase's transaction.
  const partners = createPartnersService({
    db,
    clock,
    offers: () => c.catalogue.productOffers('default'),
    prepareItem: (customerId, input) => cart.prepareItem(customerId, input),
    funds: (customerId) => ledger.fundsSummary(customerId),
    blockedReasons: (customerId, amountCents, currency) => rg.guard.blockedReasons(customerId, amountCents, currency),
    ledger,
  });
  const purchase = createPurchaseWorkflow({
    db,
    clock,
    cart,
    afterOrders: async (tx, bought) => {
      await recurring.createFromOrders(tx, bought);
      await recordPreOrders(tx, bought, salesOpenAt);
      await partners.recordSale(tx, bought);
    },
    // Autoplays, subscriptions and pre-orders (recurring), a partner's sale: otherwise there is nothing to write.
    afterOrdersApplies: (bought) => recordsAfterPurchase(bought.orders) || bought.attribution !== undefined,
    handlers: [lotteryTickets, raffleTickets, syndicateTickets, lottoParty.handler],
    guard,
    warmUp: () => c.catalogue.productOffers('default'),
    // A purchase transaction may read through a second pooled connection (identity, house accounts); leaving two
    // connections free means those reads can always get one.
    maxConcurrent: Math.max(1, (database.pool.options.max ?? 10) - 2),
    ledger,
    checkouts,
    outbox,
    publicUrl: core.config.publicUrl,
    contactOf: (id, tx) => identity.directory.contactOf(id, tx),
    favourites: {
      get: async (id) => (await identity.profile.overview(id)).favouriteNumbers,
      set: (id, f) => identity.profile.setFavouriteNumbers(id, f),
    },
  });
  const depositPurchase = createDepositPurchaseWorkflow({ db, purchase, payments: payments.deposits, checkouts });
  const partnerPurchase = createPartnerPurchaseWorkflow({
    partners,
    purchase,
    depositPurchase,
    startedBefore: async (customerId, key) =>
      (await checkouts.checkoutByKey(db, customerId, key)) !== null ||
      (await payments.deposits.depositForKey(customerId, `cart:${key}`)) !== null,
  });
  const { recurringProcessor, recurringPayments, recurringCardExpiry } = recurringProcessing(core, {
    calendar,
    purchase,
    payments,
    cardsOf,
    ledger,
    outbox,
    directory,
    cart,
  });
  const replay = createReplayWorkflow({ orders: orderHistory, cart });
  const affiliateReport = createAffiliateReport({
    signupsByAffiliate: () => directory.signupsByAffiliate(),
    firstDepositsOf: (ids) => ledger.firstDepositsOf(ids),
    salesByAffiliate: () => checkouts.salesByAffiliate(),
  });
  return {
    ledger,
    memberPricing,
    migration,
    affiliateReport,
    identity,
    responsibleGambling: rg,
    directory,
    payments,
    promotions,
    orders,
    lotteryTickets,
    raffleTickets,
    syndicates,
    syndicateTickets,
    raffleSupply,
    lottoParty,
    cart,
    checkouts,
    orderHistory,
    recommendations,
    placement,
    purchase,
    depositPurchase,
    partners,
    partnerPurchase,
    replay,
    recurring,
    recurringProcessor,
    recurringPayments,
    recurringCardExpiry,
    scheduledPurchases: createScheduledService({ db, clock, pricer: cart }),
    subscriptions: createSubscriptionService({ db, clock, calendar, pricer: cart }),
  };
}

/**
 * Daily Winners members' carts are priced by the members price list; the overview says which list applies. A pricing
 * code (the `p` address code) naming a list offered by code puts a visitor on that list instead (ADR 081).
 */
function pricingServices(core: Core, c: ReturnType<typeof catalogueServices>) {
  const memberPricing = createMemberPricing({ db: core.db, changes: core.changes });
  const pricingFor = async (customerId: string | null, code: string | null): Promise<string> =>
    code && (await c.catalogue.offeredByCode(code))
      ? code
      : customerId
        ? memberPricing.pricingFor(customerId)
        : DEFAULT_PRICING;
  return { memberPricing, pricingFor };
}

/** Syndicates (issue 16): shares of operator-made syndicates, sold through the cart like any ticket. */
function syndicateServices(
  core: Core,
  c: ReturnType<typeof catalogueServices>,
  orders: ReturnType<typeof createOrdersService>,
) {
  const syndicates = createSyndicatesService({
    db: core.db,
    clock: core.clock,
    rng: core.providers.random,
    draws: c.draws,
    addTicketLines: (tx, lines) => orders.addTicketLines(tx, lines),
    prizesForDraw: (drawId) => orders.prizesForDraw(drawId),
  });
  c.syndicatesPort.onSale = () => syndicates.onSale();
  return { syndicates, syndicateTickets: createSyndicateHandler({ db: core.db, syndicates }) };
}

/** Lotto Party (issue 16): groups and sessions over the catalogue, identity's names, orders' lines and the ledger. */
function lottoPartyServices(
  core: Core,
  c: ReturnType<typeof catalogueServices>,
  m: {
    orders: ReturnType<typeof createOrdersService>;
    ledger: ReturnType<typeof createLedger>;
    directory: ReturnType<typeof createCustomerDirectoryService>;
    outbox: ReturnType<typeof createOutbox>;
  },
) {
  const deps: LottoPartyDeps = {
    db: core.db,
    clock: core.clock,
    // Only what this site sells (its currency's market): an A$ shop's sessions never offer EuroMillions in pounds.
    productOffers: async (pricingId, at) => {
      const currency = (await c.platform.getWebConfig()).baseCurrency;
      return c.catalogue.productOffers(pricingId, { market: currency === 'GBP' ? 'GB' : 'AU' }, at);
    },
    firstNamesOf: async (ids) =>
      new Map([...(await m.directory.contactsOf(ids)).entries()].map(([id, c]) => [id, c.firstname])),
    orders: m.orders,
    lockOpenDraw: async (tx, drawId, now) => (await lockOpenDraws(tx, [drawId], now)).get(drawId) ?? null,
    ledger: m.ledger,
    rng: core.providers.random,
    // inviteAllExistingMembers: each invited member's email and feed card, in the session's transaction.
    inviteMembers: alongside(
      sessionInviteEmail(m.outbox, (ids, ex) => m.directory.contactsOf(ids, ex), core.config.publicUrl),
      core.cards.lottoPartyInvited,
    ),
  };
  const lifecycle = createLifecycle(deps);
  return {
    groups: createGroupsService(deps),
    sessions: createSessionsService(deps),
    orders: createSessionOrdersService(deps),
    lifecycle,
    handler: createLottoPartyHandler(deps, lifecycle),
    ticketOwners: lifecycle.ticketOwners,
  };
}

/** The recurring processor, its card payments and the card-expiry reminders (issue 15). */
function recurringProcessing(
  core: Core,
  deps: {
    calendar: DrawCalendar;
    purchase: ReturnType<typeof createPurchaseWorkflow>;
    payments: ReturnType<typeof paymentServices>;
    cardsOf: ReturnType<typeof savedCardsOf>;
    ledger: ReturnType<typeof createLedger>;
    outbox: ReturnType<typeof createOutbox>;
    directory: ReturnType<typeof createCustomerDirectoryService>;
    cart: ReturnType<typeof createCartService>;
  },
) {
  const { database, db, clock } = core;
  const { calendar, purchase, payments, cardsOf, ledger, outbox, directory, cart } = deps;
  const contactsOf = (ids: string[]) => directory.contactsOf(ids);
  // The recurring processor buys through the purchase workflow's purchaseItems (RecurringPurchaser port); a recurring
  // purchase paid by a saved card charges it unattended when the wallet is short (ADR 063).
  const recurringProcessor = createRecurringProcessor({
    db,
    clock,
    calendar,
    concurrency: core.config.recurringConcurrency,
    lockDb: core.config.recurringConcurrency > 1 ? database.side(core.config.recurringConcurrency) : db,
    purchaser: cardFundedPurchaser({
      purchaseItems: (customerId, key, items, deposit) => purchase.purchaseItems(customerId, key, items, deposit),
      payments: cardPaymentsOf({
        deposits: payments.deposits,
        cardsOf,
        availableCents: async (id) => (await ledger.fundsSummary(id)).availableFundsCents,
      }),
      clock,
    }),
    pricer: cart,
    onPaused: alongside(autoplayPausedEmail(outbox, directory, core.config.publicUrl), core.cards.autoplayPaused),
    onFailed: alongside(recurringFailureEmail(outbox, contactsOf, core.config.publicUrl), core.cards.autoplayFailed),
    onScheduledGaveUp: scheduledGaveUpEmail(outbox, contactsOf),
  });
  const recurringPayments = createRecurringPaymentsService({
    db,
    clock,
    calendar,
    cardsOf,
    processor: recurringProcessor,
  });
  const recurringCardExpiry = createCardExpiryReminders({
    db,
    clock,
    outbox,
    contactsOf,
    card: async (customerId, fundId) => {
      const card = (await cardsOf(customerId)).find((c) => c.id === fundId);
      return card ? { ...card, label: cardLabel(card) } : null;
    },
  });
  return { recurringProcessor, recurringPayments, recurringCardExpiry };
}

/** The draws an autoplay buys: the offer's game's draws on sale (not pre-orders), from the draws service. */
function drawCalendarOf(c: ReturnType<typeof catalogueServices>): DrawCalendar {
  const offerOf = async (key: string) => (await c.catalogue.productOffers('default'))[key] ?? null;
  const recurringOnSale = async (offerKey: string, type: 'autoplay' | 'subscription') => {
    const offer = await offerOf(offerKey);
    return (
      !!offer && !offer.suspended && sellsRecurring(offer.recurringPurchase) && offer.recurringPurchase.type === type
    );
  };
  return {
    async drawsOnSale(offerKey) {
      const offer = await offerOf(offerKey);
      if (!offer || offer.type !== 'lottery_ticket' || !offer.gameKey) return [];
      const draws = await c.draws.upcomingDraws(offer.gameKey as Parameters<typeof c.draws.upcomingDraws>[0]);
      // On sale now: the leading draws sold as standard; a pre-order draw and every later one are not due yet.
      const preOrder = draws.findIndex((d) => d.purchaseStatus !== 'standard');
      return (preOrder < 0 ? draws : draws.slice(0, preOrder)).map((d) => ({
        drawId: d.id,
        drawNo: d.drawNo,
        drawAt: d.drawAt,
        stopAt: d.stopAt,
        jackpotCents: d.jackpotCents,
      }));
    },
    autoplayOnSale: (offerKey) => recurringOnSale(offerKey, 'autoplay'),
    subscriptionOnSale: (offerKey) => recurringOnSale(offerKey, 'subscription'),
  };
}

/** An autoplay paused after repeated hard failures: the customer is emailed what to do (in the same transaction). */
function autoplayPausedEmail(
  outbox: ReturnType<typeof createOutbox>,
  directory: { contactsOf(ids: string[]): Promise<Map<string, { email: string }>> },
  publicUrl: string,
): PausedNotifier {
  return async (tx, row, reason) => {
    const contact = (await directory.contactsOf([row.customerId])).get(row.customerId);
    if (!contact) return;
    const [what, screen] = row.type === 'subscription' ? ['subscription', 'Subscriptions'] : ['autoplay', 'Autoplay'];
    await outbox.enqueueEmail(tx, {
      to: contact.email,
      kind: 'autoplay_paused',
      subject: `Your ${what} is paused`,
      body: [
        text(`We could not buy your ${row.description} ticket: ${reason}`),
        text(`Your ${what} is paused. Add funds or a working card, then unpause it in My account > ${screen}.`),
        paymentResolutionButton(publicUrl),
      ],
      dedupeKey: `autoplay_paused:${row.publicId}:${row.hardFailedOccasion ?? ''}`,
    });
  };
}

/**
 * Free tickets of a giveaway prize (ADR 041): a real order through today's purchase workflow, whose basket is the
 * prize's items instead of the customer's cart and whose payer is the promotions account (ledger.payPrizeOrder)
 * instead of the wallet. Issue 22 adds a purchaseItems entry point to the workflow: at that merge this adapter
 * becomes a call to it (same idempotency key, the promotions account as payer) and everything else stays.
 */
function prizeOrdersOf(core: Core, m: ReturnType<typeof commerceServices>): PrizeOrders {
  const { db, clock } = core;
  type Ticket = Parameters<PrizeOrders['priceOf']>[0];
  const price = (customerId: string | null, t: Ticket): Promise<PricedItem> =>
    m.lotteryTickets.prepare(
      {
        productType: 'lottery_ticket',
        productOfferKey: t.productOfferKey,
        gameType: t.gameType as 'standard',
        gameOffer: t.gameOffer,
        games: Array.from({ length: t.numGames }, () => ({ sets: {}, quickpick: true })),
        numDraws: 1,
      },
      { customerId, region: null, now: clock.now(), pricingId: 'default' },
    );
  return {
    priceOf: async (t) => (await price(null, t)).priceCents,
    async buyPrizeTickets({ customerId, idempotencyKey, items }) {
      const basket: Parameters<typeof createPurchaseWorkflow>[0]['cart'] = {
        async loadForCheckout(_tx, id): Promise<CheckoutCart> {
          const priced = await Promise.all(items.map((t) => price(id, t)));
          return basketOf(
            priced.map((item, i) => ({ id: `${idempotencyKey}:${i}`, item })),
            idempotencyKey,
          );
        },
        loadItemsForCheckout: () => Promise.reject(new Error('a prize basket buys only its own items')),
        emptyCartWrites: () => [],
      };
      const workflow = createPurchaseWorkflow({
        db,
        clock,
        cart: basket,
        handlers: [m.lotteryTickets, m.raffleTickets, m.syndicateTickets, m.lottoParty.handler],
        checkouts: m.checkouts,
        maxConcurrent: 1,
        ledger: {
          lockWallet: (tx, id, currency) => m.ledger.lockWallet(tx, id, currency),
          debitPurchase: (tx, mv) => m.ledger.payPrizeOrder(tx, mv),
          creditBonus: (tx, mv) => m.ledger.creditBonus(tx, mv),
          fundsSummary: (id) => m.ledger.fundsSummary(id),
          walletRead: (id) => m.ledger.walletRead(id),
          debitPurchaseWrite: async (_reads, mv) => m.ledger.payPrizeOrderWrite(mv),
        },
      });
      const { checkoutId } = await workflow.purchase(customerId, idempotencyKey, { purchase: {} });
      const checkout = await m.checkouts.checkoutByKey(db, customerId, idempotencyKey);
      return { checkoutId, paidCents: checkout?.totalCents ?? 0 };
    },
  };
}

/** Daily Winners (issue 17): the membership, its giveaways and their draws, over ports onto identity, responsible
 *  gambling, the wallet and the purchase workflow. */
function membershipServices(
  core: Core,
  m: ReturnType<typeof commerceServices>,
  outbox: ReturnType<typeof createOutbox>,
) {
  const { db, clock, config } = core;
  const deps: MembershipDeps = {
    db,
    clock,
    config: { siteTimeZone: config.siteTimeZone, minAge: config.minAge, publicUrl: config.publicUrl },
    directory: {
      profileOf: async (id) => {
        const p = await m.identity.directory.verificationProfile(id);
        return p
          ? { firstname: p.firstname, state: p.state, dateOfBirth: p.dateOfBirth, isVerified: p.isVerified }
          : null;
      },
      contactsOf: (ids) => m.identity.directory.contactsOf(ids),
    },
    exclusions: {
      exclusionOf: async (id) => {
        const e = await m.responsibleGambling.exclusions.exclusion(id);
        return e ? { kind: e.kind, endsAt: new Date(e.endsAt) } : null;
      },
    },
    deposits: {
      depositedCents: async (id, currency, from, to) =>
        (await m.ledger.depositsBetween(db, id, currency, from, to)).reduce((sum, d) => sum + d.amountCents, 0),
    },
  };
  const prizeOrders = prizeOrdersOf(core, m);
  const entries = createEntriesService(deps);
  const giveaways = createGiveawaysService({ ...deps, prizeOrders });
  const draws = createGiveawayDrawsService(deps);
  return {
    members: createMembersService({ ...deps, entries, onChange: m.memberPricing.forget }),
    entries,
    giveaways,
    draws,
    config: createMembershipConfigService({ giveaways }),
    benefits: createBenefitsService({ ...deps, secret: core.authSecret }),
    prizeOrders,
    giveawayDraws: createGiveawayDrawWorkflow({
      db,
      draws,
      giveaways,
      ledger: m.ledger,
      prizeOrders,
      outbox,
      contacts: m.identity.directory,
      publicUrl: config.publicUrl,
      onWon: core.cards.giveawayWon,
    }),
  };
}

/** Operators (the back office's accounts): identity's password hashing and secret box, never its customers. */
function operatorServices(core: Core) {
  const { db, clock, config } = core;
  const hasher = createPasswordHasher(config.argon2);
  const secrets = identitySecrets(core.authSecret);
  const operators = createOperatorsService({
    db,
    clock,
    crypto: {
      ...hasher,
      encrypt: (plain) => secrets.box().encrypt(plain),
      decrypt: (sealed) => secrets.box().decrypt(sealed),
      passwordProblem,
    },
  });
  return { operators, requireOperator: operatorGate(operators) };
}

/** Every service of the shop, built once. */
export function createServices(options: ServicesOptions) {
  const core = coreOf(options);
  const { database, db, clock, config, providers } = core;
  const outbox = createOutbox({
    db,
    clock,
    transport: providers.mailTransport,
    mailFrom: config.mailFrom,
    brand: { siteName: 'Lucky Koala Lotteries', publicUrl: config.publicUrl, colours: themeSeed.colours },
    audience: createMarketingAudience({ secrets: identitySecrets(core.authSecret), publicUrl: config.publicUrl }),
  });
  const c = catalogueServices(core);
  const cms = contentServices(core, c.content);
  const m = commerceServices(core, c, outbox);
  // Group-held lines (syndicates, Lotto Party sessions): settlement splits their prizes between the holders.
  const sharedOwners = [m.syndicates.ticketOwners, m.lottoParty.ticketOwners];
  const drawResultCards = createDrawResultCardsWorkflow({
    db,
    draws: c.draws,
    orders: m.orders,
    feed: core.feed,
    sharedPrizes: async (drawId) => sharedPrizeParts(db, sharedOwners, await m.orders.prizesForDraw(drawId)),
  });
  const settlement = createSettlementWorkflow({
    db,
    clock,
    draws: c.draws,
    orders: m.orders,
    ledger: m.ledger,
    // A settled draw's Lotto Party sessions are paid once its prizes are (announce runs before the draw is marked paid).
    announce: async (drawId) => {
      await drawResultCards.post(drawId);
      await m.lottoParty.lifecycle.markDrawPaid(drawId);
    },
    sharedOwners,
  });
  const winnerEmails = createWinnerEmailsWorkflow({
    db,
    draws: c.draws,
    orders: m.orders,
    contacts: m.identity.directory,
    outbox,
    publicUrl: config.publicUrl,
  });
  const membership = membershipServices(core, m, outbox);
  const raffleDraws = createRaffleDrawWorkflow({
    db,
    raffles: c.raffleLifecycle,
    ledger: m.ledger,
    outbox,
    contacts: m.identity.directory,
    profiles: m.identity.directory,
    publicUrl: config.publicUrl,
    onWon: core.cards.raffleWon,
  });
  return {
    database,
    clock,
    config,
    providers,
    system: { readiness: () => checkReadiness(database) },
    outbox,
    feed: core.feed,
    ...c,
    ...cms,
    ...m,
    settlement,
    winnerEmails,
    raffleDraws,
    membership,
    // A signed-in customer's feedback carries their account's email, never one they typed (features §6).
    feedback: createFeedbackService({
      db,
      clock,
      emailOf: async (id) => (await m.identity.directory.contactsOf([id])).get(id)?.email ?? null,
    }),
    ...operatorServices(core),
    // The back office (issue 21): customers, money, draws, documents, the dashboard, over the services above.
    backoffice: backofficeServices(core, { ...c, ...m, settlement, raffleDraws, membership, outbox }),
    // A conversion counts only the signed-in customer's own purchase (their receipt exists).
    experiments: createExperimentsService({
      db,
      clock,
      purchasedBy: (customerId, checkoutId) =>
        m.orderHistory.receipt(customerId, checkoutId).then(
          () => true,
          () => false,
        ),
    }),
    analytics: createAnalyticsService({
      db,
      clock,
      sink: providers.analytics,
      consentAsked: async (segment) =>
        (await c.platform.capabilitiesFor(segment)).capabilities.includes('cookie_consent'),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
