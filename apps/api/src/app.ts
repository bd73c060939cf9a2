// buildApp registers the cross-cutting plugins, then the routes; it never listens (tests use app.inject, server.ts
// listens). Order matters: hooks run in registration order, and the route table, docs and metrics must see every
// route, so their plugins come before any route.
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { useShopErrorMessages } from '@shop/contracts';
import type { AppConfig } from './env.ts';
import type { Database } from './db/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { errorForLog } from './lib/errors.ts';
import routeTable from './plugins/route-table.ts';
import errors, { frameworkErrorHandler } from './plugins/errors.ts';
import casing from './plugins/casing.ts';
import inputHygiene from './plugins/input-hygiene.ts';
import requestContext, { requestIdFor } from './plugins/request-context.ts';
import security from './plugins/security.ts';
import rateLimit from './plugins/rate-limit.ts';
import versioning from './plugins/versioning.ts';
import signature from './plugins/signature.ts';
import auth, { type AuthOptions } from './plugins/auth.ts';
import metrics from './plugins/metrics.ts';
import openapi from './plugins/openapi.ts';
import storefront, { type WebHandler } from './plugins/storefront.ts';
import { systemRoutes } from './modules/system/index.ts';
import { platformRoutes } from './modules/platform/index.ts';
import { contentRoutes } from './modules/content/index.ts';
import idempotency from './plugins/idempotency.ts';
import { createLedger, walletRoutes } from './modules/wallet/index.ts';
import { buildPaymentsService, paymentsRoutes } from './modules/payments/index.ts';
import { catalogueRoutes, createCatalogueService } from './modules/catalogue/index.ts';
import { createDrawsService, drawsRoutes } from './modules/draws/index.ts';
import { createRaffleHandler, createRafflesService, rafflesRoutes } from './modules/raffles/index.ts';
import { createIdentityService, identityRoutes } from './modules/identity/index.ts';
import { createOutbox, notificationsRoutes } from './modules/notifications/index.ts';
import { cartRoutes, createCartService } from './modules/cart/index.ts';
import { createCheckoutService, createRecommendationsService, ordersRoutes } from './modules/orders/index.ts';
import { createPlacementService, placementRoutes } from './modules/placement/index.ts';
import { createResponsibleGamblingService, responsibleGamblingRoutes } from './modules/responsible-gambling/index.ts';
import { createPurchaseWorkflow } from './workflows/purchase-cart.workflow.ts';
import { purchaseRoutes } from './workflows/purchase-cart.routes.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  /** React Router's Node request listener; when set, every non-/api path is handed to it. */
  webHandler?: (req: IncomingMessage, res: ServerResponse) => void;
  /** apps/web/build/client: served as static files in front of the web handler. */
  webAssetsDir?: string;
  /** Fastify logger option; defaults to pino at config.logLevel. */
  logger?: boolean | object;
  /** CSP nonce source; tests inject a fixed one. Defaults to 16 random bytes per request. */
  cspNonce?: () => string;
  /** Overrides the identity module's session check (tests of the auth plugin). */
  sessionActive?: AuthOptions['sessionActive'];
}

/** Upload limits for later identity-verification uploads (multipart). */
export const MULTIPART_LIMITS = {
  fileSize: 10 * 1024 * 1024,
  files: 4,
  fields: 20,
  fieldSize: 100 * 1024,
  parts: 30,
} as const;

const API_DOC_VERSION = '2.0.0';

/**
 * The server-rendered storefront calls the API over loopback on behalf of visitors and says whose request it is in
 * X-Forwarded-For; loopback is therefore always a trusted hop, so rate limits, login throttling and /locate see the
 * visitor's address rather than one shared 127.0.0.1. A visitor connecting directly cannot spoof it: their own
 * address is not trusted. TRUST_PROXY adds load balancers and web-only storefront hosts.
 */
export const LOOPBACK = ['127.0.0.0/8', '::1', '::ffff:127.0.0.1'];
export function trustedProxies(config: AppConfig): boolean | string[] {
  if (config.trustProxy === true) return true;
  return [...LOOPBACK, ...(config.trustProxy === false ? [] : config.trustProxy)];
}

/** The logger's options: every `err` goes through errorForLog, so no SQL text or parameters reach the log. */
function loggerOptions(config: AppConfig, logger: boolean | object | undefined): boolean | object {
  if (logger === false) return false;
  const base = logger === undefined || logger === true ? { level: config.logLevel } : logger;
  const serializers = (base as { serializers?: Record<string, unknown> }).serializers;
  return { ...base, serializers: { ...serializers, err: errorForLog } };
}

function createFastify(config: AppConfig, logger: boolean | object | undefined): FastifyInstance {
  return Fastify({
    logger: loggerOptions(config, logger),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustedProxies(config),
    genReqId: requestIdFor,
    requestIdHeader: false,
    // Prototype-polluting keys are dropped, like the casing plugin does for forms and queries.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  });
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  // 422 field errors in the spec's form wording (features §5), the same the storefront's forms show.
  useShopErrorMessages();

  const app = createFastify(config, opts.logger);
  app.setValidatorCompiler(validatorCompiler);

  await app.register(routeTable);
  await app.register(errors);
  // Before anything recursive (casing, idempotency hashing, validation) sees a body, query or path parameter.
  await app.register(inputHygiene);
  await app.register(casing);
  await app.register(cookie);
  await app.register(requestContext);
  await app.register(security, { config, nonce: opts.cspNonce });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { config });
  await app.register(signature, { config, clock });
  // Revoked sessions (logout, password change, closure) stop working at once: an indexed lookup per request.
  const identity = createIdentityService({ db: database.db, clock, config });
  await app.register(auth, {
    config,
    clock,
    sessionActive: opts.sessionActive ?? identity.sessionActive,
  } satisfies AuthOptions);
  await app.register(versioning);
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(openapi, { config, version: API_DOC_VERSION });
  await app.register(metrics);
  await app.register(idempotency, { database, clock });

  const deps = { database, config, clock };
  await app.register(systemRoutes, { prefix: '/api', ...deps });
  await app.register(platformRoutes, { prefix: '/api/v2', ...deps });
  await app.register(contentRoutes, { prefix: '/api/cms', ...deps });
  // Charity raffles (RAFFLE-API): the catalogue lists raffle offers from their draws; results and draw details include them.
  const raffles = createRafflesService({ db: database.db, clock });
  await app.register(catalogueRoutes, {
    prefix: '/api/v2',
    ...deps,
    raffleDraws: (key) => raffles.upcomingDraws(key),
    raffleGameOffer: (key) => raffles.gameOffer(key),
  });
  // Past results' customerData.orders come from the checkouts made further down (read only at request time).
  await app.register(drawsRoutes, {
    prefix: '/api/v2',
    ...deps,
    raffles,
    customerOrders: (customerId, drawIds) => checkouts.ordersForDraws(customerId, drawIds),
  });
  await app.register(rafflesRoutes, { prefix: '/api/v2', ...deps });
  const ledger = createLedger({ db: database.db, clock });
  // Responsible gambling (issue 8): limits, verification and exclusion guard purchases, deposits, withdrawals and sign-up.
  const responsibleGambling = createResponsibleGamblingService({
    db: database.db,
    clock,
    config,
    ledger,
    customers: identity,
  });
  const rgHooks = { depositGuard: responsibleGambling, verificationRequired: responsibleGambling.verificationRequired };
  // Cart and checkout (issue 6) share one catalogue, so the purchase warms the cache the cart reads.
  const drawsForOrders = createDrawsService({ db: database.db, clock, config });
  const catalogueForOrders = createCatalogueService({
    db: database.db,
    clock,
    changes: database.changes,
    upcomingDraws: (gameKey, limit) =>
      drawsForOrders.upcomingDraws(gameKey as Parameters<typeof drawsForOrders.upcomingDraws>[0], limit),
  });
  const checkouts = createCheckoutService({ db: database.db, clock, draws: drawsForOrders, raffleDraws: raffles });
  // A deposit taken to pay for the cart returns from 3-D Secure to the checkout, which completes (or abandons) the purchase.
  const challengeReturnPath = async (depositId: string, outcome: 'success' | 'failure') =>
    (await checkouts.hasPendingPurchase(depositId))
      ? `/checkout/deposit/${depositId}/${outcome === 'success' ? 'success' : 'cancel'}`
      : null;
  await app.register(walletRoutes, { prefix: '/api/v2', ...deps, ledger });
  await app.register(paymentsRoutes, { prefix: '/api/v2', ...deps, ledger, ...rgHooks, challengeReturnPath });
  await app.register(identityRoutes, { prefix: '/api/v2', ...deps, funds: ledger, responsibleGambling });
  await app.register(responsibleGamblingRoutes, { prefix: '/api/v2', ...deps, responsibleGambling });
  await app.register(notificationsRoutes, { prefix: '/api/v2', ...deps });

  // Cart, checkout, orders (issue 6).
  const raffleHandler = createRaffleHandler({
    db: database.db,
    clock,
    regionOf: async (id) => (await identity.verificationProfile(id))?.state ?? null,
  });
  const cart = createCartService({
    db: database.db,
    clock,
    funds: ledger,
    handlers: [raffleHandler],
    catalogue: catalogueForOrders,
    guard: responsibleGambling,
  });
  await app.register(cartRoutes, { prefix: '/api/v2', ...deps, cart });
  const recommendations = createRecommendationsService({
    checkouts,
    productOffers: (p) => catalogueForOrders.productOffers(p),
  });
  await app.register(ordersRoutes, { prefix: '/api/v2', checkouts, recommendations });
  // Placements leave out offers already in the visitor's cart (an unknown or foreign cart reference counts as empty).
  const offersInCart = async ({
    cartReference,
    customerId,
  }: {
    cartReference: string | null;
    customerId: string | null;
  }) => {
    const target = customerId
      ? ({ kind: 'customer', customerId } as const)
      : cartReference
        ? ({ kind: 'anonymous', reference: cartReference } as const)
        : null;
    const view = target ? await cart.get(target).catch(() => null) : null;
    return view ? Object.values(view.cartItems).flatMap((items) => items.map((i) => i.productOfferKey)) : [];
  };
  await app.register(placementRoutes, {
    prefix: '/api/v2',
    placement: createPlacementService({ productOffers: (p) => catalogueForOrders.productOffers(p), offersInCart }),
  });
  const purchase = createPurchaseWorkflow({
    db: database.db,
    clock,
    cart,
    // The cart's own handlers: the ones that priced the items fulfil them.
    handlers: (['lottery_ticket', 'raffle_ticket'] as const).map((type) => cart.handlerFor(type)),
    guard: responsibleGambling,
    warmUp: () => catalogueForOrders.productOffers('default'),
    // A purchase transaction may read through a second pooled connection (identity, house accounts); leaving two
    // connections free means those reads can always get one.
    maxConcurrent: Math.max(1, (database.pool.options.max ?? 10) - 2),
    ledger,
    checkouts,
    outbox: createOutbox({ db: database.db, clock, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }),
    contactsOf: (ids) => identity.contactsOf(ids),
    favourites: {
      get: async (id) => (await identity.overview(id)).favouriteNumbers,
      set: (id, f) => identity.setFavouriteNumbers(id, f),
    },
    payments: buildPaymentsService({ database, clock, ledger, ...rgHooks }),
  });
  await app.register(purchaseRoutes, { prefix: '/api/v2', workflow: purchase, config });
  await app.register(storefront, {
    webHandler: opts.webHandler as WebHandler | undefined,
    webAssetsDir: opts.webAssetsDir,
  });

  return app;
}

export interface BuildWebAppOptions {
  config: AppConfig;
  webHandler: (req: IncomingMessage, res: ServerResponse) => void;
  webAssetsDir?: string;
  logger?: boolean | object;
  cspNonce?: () => string;
}

/**
 * The storefront alone (`npm run start:web`): the same pages, headers, CSP nonce, rate limit and metrics as the one
 * process, without the API routes or a database. A load balancer sends /api to the API processes; an /api request
 * that reaches this process anyway gets the 404 envelope.
 */
export async function buildWebApp(opts: BuildWebAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = createFastify(config, opts.logger);
  await app.register(routeTable);
  await app.register(errors);
  await app.register(cookie);
  await app.register(requestContext);
  await app.register(security, { config, nonce: opts.cspNonce });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, { config });
  await app.register(metrics);
  await app.register(storefront, { webHandler: opts.webHandler as WebHandler, webAssetsDir: opts.webAssetsDir });
  return app;
}
