// The route table of the API: which module's routes are mounted under which prefix, each handed the services it
// calls (never the database). The services come from the composition root (services.ts).
import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './modules/analytics/index.ts';
import {
  backofficeCampaignsRoutes,
  backofficeCustomersRoutes,
  backofficeDepositsRoutes,
  backofficeDeskRoutes,
  backofficeDocumentsRoutes,
  backofficeDrawsRoutes,
  backofficeGroupDrawsRoutes,
  backofficeMoneyRoutes,
  backofficePricesRoutes,
} from './modules/backoffice/index.ts';
import { cartRoutes } from './modules/cart/index.ts';
import { catalogueRoutes } from './modules/catalogue/index.ts';
import {
  contentRoutes,
  contentWriteRoutes,
  translationRoutes,
  type ContentWriteAccess,
} from './modules/content/index.ts';
import { drawsRoutes } from './modules/draws/index.ts';
import { experimentsRoutes } from './modules/experiments/index.ts';
import { feedbackAdminRoutes, feedbackRoutes } from './modules/feedback/index.ts';
import { identityRoutes } from './modules/identity/index.ts';
import { membershipRoutes } from './modules/membership/index.ts';
import { migrationRoutes } from './modules/migration/index.ts';
import { feedRoutes, notificationsRoutes } from './modules/notifications/index.ts';
import { operatorOf, operatorsRoutes } from './modules/operators/index.ts';
import { ordersRoutes } from './modules/orders/index.ts';
import { lottoPartyOrderRoutes, lottoPartyRoutes } from './modules/lotto-party/index.ts';
import { partnersRoutes } from './modules/partners/index.ts';
import { paymentsRoutes } from './modules/payments/index.ts';
import { placementRoutes } from './modules/placement/index.ts';
import { platformRoutes } from './modules/platform/index.ts';
import { rafflesRoutes } from './modules/raffles/index.ts';
import { syndicatesRoutes } from './modules/syndicates/index.ts';
import { recurringRoutes } from './modules/recurring/index.ts';
import { responsibleGamblingRoutes } from './modules/responsible-gambling/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import { walletRoutes } from './modules/wallet/index.ts';
import { purchaseRoutes } from './workflows/purchase-cart.routes.ts';
import type { Services } from './services.ts';

export async function registerRoutes(app: FastifyInstance, s: Services): Promise<void> {
  const v2 = { prefix: '/api/v2' };
  // Discovery lists only the services that have routes (core §7): remember every path as it is mounted.
  const mountedPaths = new Set<string>();
  app.addHook('onRoute', (route) => void mountedPaths.add(route.url));
  await app.register(systemRoutes, {
    prefix: '/api',
    config: s.config,
    system: s.system,
    mountedPaths: () => mountedPaths,
  });
  await app.register(platformRoutes, { ...v2, platform: s.platform, cspReports: s.cspReports });
  await app.register(contentRoutes, { prefix: '/api/cms', content: s.content, causes: s.causes });
  // Content writes (and version lists) are the back office's: operators whose role may write content
  // (docs/operators.md), each write in the audit log.
  const contentAccess: ContentWriteAccess = {
    gate: s.requireOperator('content.write'),
    actorOf: (request) => `operator:${operatorOf(request).publicId}`,
    audit: (request, entry) =>
      s.operators.record({ actor: operatorOf(request).publicId, outcome: 'ok', ip: request.ip, ...entry }),
  };
  await app.register(contentWriteRoutes, {
    prefix: '/api/cms',
    editor: s.contentEditor,
    transfer: s.contentTransfer,
    access: contentAccess,
    mintPreview: s.content.mintPreview,
    clock: s.clock,
  });
  await app.register(operatorsRoutes, {
    prefix: '/api/admin',
    operators: s.operators,
    requireOperator: s.requireOperator,
  });
  // The back office (issue 21): each route names its permission (operators.permissions.ts); writes are audited.
  const admin = { prefix: '/api/admin', access: { requireOperator: s.requireOperator, operators: s.operators } };
  const bo = s.backoffice;
  await app.register(backofficeCustomersRoutes, { ...admin, customers: bo.customers });
  await app.register(backofficeMoneyRoutes, {
    ...admin,
    withdrawals: s.payments.withdrawals,
    adjustments: bo.adjustments,
    dailyTotals: bo.dailyTotals,
  });
  await app.register(backofficeDepositsRoutes, { ...admin, deposits: bo.deposits });
  await app.register(backofficeDrawsRoutes, { ...admin, draws: bo.draws, drawRaffle: bo.drawRaffle });
  await app.register(backofficeDocumentsRoutes, { ...admin, kyc: bo.kyc });
  await app.register(backofficeGroupDrawsRoutes, { ...admin, groupDraws: bo.groupDraws });
  await app.register(backofficeCampaignsRoutes, { ...admin, campaigns: bo.campaigns });
  await app.register(backofficeDeskRoutes, {
    ...admin,
    dashboard: bo.dashboard,
    offers: bo.offers,
    promotions: bo.promotions,
  });
  await app.register(backofficePricesRoutes, { ...admin, priceLists: bo.priceLists });
  await app.register(translationRoutes, {
    prefix: '/api/translation',
    translations: s.translations,
    access: contentAccess,
  });
  await app.register(catalogueRoutes, {
    ...v2,
    catalogue: s.catalogue,
    offerPreviews: s.offerPreviews,
    entitledPricing: (id) => s.memberPricing.pricingFor(id),
  });
  // Results lists include raffle draws; past results' customerData.orders come from the customer's orders.
  await app.register(drawsRoutes, {
    ...v2,
    draws: s.draws,
    drawResults: s.drawResults,
    clock: s.clock,
    raffles: s.raffles,
    customerOrders: (customerId, drawIds) => s.orderHistory.ordersForDraws(customerId, drawIds),
  });
  await app.register(rafflesRoutes, { ...v2, raffles: s.raffles, causes: s.causes });
  await app.register(syndicatesRoutes, { ...v2, syndicates: s.syndicates });
  await app.register(walletRoutes, { ...v2, ledger: s.ledger });
  await app.register(migrationRoutes, { ...v2, migration: s.migration });
  // A deposit taken to pay for the cart returns from 3-D Secure to the checkout, which completes (or abandons) it.
  await app.register(paymentsRoutes, {
    ...v2,
    ...s.payments,
    config: s.config,
    challengeReturnPath: async (depositId, outcome) =>
      (await s.checkouts.hasPendingPurchase(depositId))
        ? `/checkout/deposit/${depositId}/${outcome === 'success' ? 'success' : 'cancel'}`
        : null,
  });
  await app.register(identityRoutes, { ...v2, config: s.config, identity: s.identity });
  await app.register(responsibleGamblingRoutes, { ...v2, responsibleGambling: s.responsibleGambling });
  await app.register(notificationsRoutes, { ...v2, config: s.config, outbox: s.outbox });
  await app.register(feedRoutes, { ...v2, feed: s.feed });
  await app.register(cartRoutes, { ...v2, cart: s.cart });
  await app.register(partnersRoutes, { ...v2, partners: s.partners });
  await app.register(ordersRoutes, { ...v2, orders: s.orderHistory, recommendations: s.recommendations });
  await app.register(lottoPartyOrderRoutes, { ...v2, lottoParty: s.lottoParty });
  await app.register(lottoPartyRoutes, { prefix: '/api/social/v3', lottoParty: s.lottoParty });
  await app.register(placementRoutes, { ...v2, placement: s.placement });
  await app.register(feedbackRoutes, { ...v2, feedback: s.feedback });
  await app.register(feedbackAdminRoutes, {
    prefix: '/api/admin',
    feedback: s.feedback,
    gate: s.requireOperator('feedback.read'),
  });
  await app.register(experimentsRoutes, { ...v2, experiments: s.experiments });
  await app.register(analyticsRoutes, { prefix: '/api/analytics', analytics: s.analytics });
  await app.register(recurringRoutes, {
    ...v2,
    recurring: s.recurring,
    processor: s.recurringProcessor,
    scheduled: s.scheduledPurchases,
    subscriptions: s.subscriptions,
    payments: s.recurringPayments,
  });
  // Daily Winners: the membership (gamify) API of the rewards service (DESIGN.md §1; discovered as `rewards`).
  await app.register(membershipRoutes, {
    prefix: '/api/rewards',
    members: s.membership.members,
    entries: s.membership.entries,
    giveaways: s.membership.giveaways,
    config: s.membership.config,
    benefits: s.membership.benefits,
  });
  await app.register(purchaseRoutes, {
    ...v2,
    purchase: s.purchase,
    depositPurchase: s.depositPurchase,
    partnerPurchase: s.partnerPurchase,
    replay: s.replay,
    config: s.config,
  });
}
