// Checkout calls (core §7 Cart calls, v3.3): purchase, deposit-and-purchase (+ completion after 3-D Secure) and
// replay. Money-moving calls are `idempotent` (plugins/idempotency.ts) and require an Idempotency-Key.
import {
  Cart,
  DepositPurchaseBody,
  DepositPurchaseResult,
  OrderParams,
  PartnerPurchaseBody,
  PartnerPurchaseResult,
  PartnerSlugParams,
  PurchaseBody,
  PurchaseResult,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../env.ts';
import { devHelpersAllowed } from '../lib/dev-only.ts';
import { badRequest } from '../lib/errors.ts';
import { ok } from '../lib/http.ts';
import type { DepositPurchaseWorkflow } from './deposit-purchase.workflow.ts';
import type { PartnerPurchaseWorkflow } from './partner-purchase.workflow.ts';
import { resultOf, type PurchaseKey, type PurchaseWorkflow } from './purchase-cart.workflow.ts';
import type { ReplayWorkflow } from './replay-order.workflow.ts';

export interface PurchaseRoutesOptions {
  purchase: Pick<PurchaseWorkflow, 'purchase'>;
  depositPurchase: DepositPurchaseWorkflow;
  replay: ReplayWorkflow;
  partnerPurchase: PartnerPurchaseWorkflow;
  /** Outside production, loopback visitors may pay with the `td` test deposit (lib/dev-only.ts, ADR 027). */
  config: Pick<AppConfig, 'nodeEnv'>;
}

const KEY_PATTERN = /^[A-Za-z0-9_:.-]{1,255}$/;
const DepositIdParams = z
  .object({
    depositId: z
      .string()
      .min(1)
      .max(64)
      .regex(/^dep_[A-Za-z0-9]+$/),
  })
  .strict();

/** The request's key, with the idempotency plugin's way to name the operation it starts. */
function purchaseKey(request: FastifyRequest): PurchaseKey {
  return {
    key: idempotencyKey(request),
    recordOperation: request.idempotency?.recordOperation,
    recordOperationWrite: request.idempotency?.recordOperationWrite,
  };
}

/**
 * The purchase's key whose record, written with the checkout, also stores the answer (issue 22): POST /cart/purchase
 * answers with the checkout's id alone, so its key is done in the purchase's own write and nothing is written after.
 */
function answeredPurchaseKey(request: FastifyRequest): PurchaseKey {
  const held = request.idempotency;
  if (!held) return purchaseKey(request);
  return {
    key: idempotencyKey(request),
    recordOperation: held.recordOperation,
    recordOperationWrite: (checkoutId) => held.answerWrite(checkoutId, ok(resultOf(checkoutId))),
  };
}

function idempotencyKey(request: FastifyRequest): string {
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key)
    throw badRequest(
      'A purchase needs an Idempotency-Key header, so a retry never buys twice.',
      'idempotency_key_required',
    );
  if (!KEY_PATTERN.test(key))
    throw badRequest(
      'The Idempotency-Key header must be 1 to 255 letters, digits or - _ : .',
      'invalid_idempotency_key',
    );
  return key;
}

export const purchaseRoutes: FastifyPluginAsync<PurchaseRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['checkout'];
  const auth = { preHandler: app.requireCustomer };
  const v33 = ['3.3'] as const;

  routes.post(
    '/cart/purchase',
    {
      ...auth,
      config: { idempotent: true, apiVersions: v33 },
      schema: {
        tags,
        summary: 'Buy the cart from the wallet (Idempotency-Key required)',
        body: PurchaseBody,
        response: { 200: successEnvelope(PurchaseResult) },
      },
    },
    async (request) =>
      ok(await opts.purchase.purchase(request.auth!.customerId, answeredPurchaseKey(request), request.body)),
  );

  routes.post(
    '/cart/deposit_purchase',
    {
      ...auth,
      config: { idempotent: true, apiVersions: v33 },
      schema: {
        tags,
        summary: 'Deposit, then buy the cart (3-D Secure may come first)',
        body: DepositPurchaseBody,
        response: { 200: successEnvelope(DepositPurchaseResult) },
      },
    },
    async (request) =>
      ok(
        await opts.depositPurchase.depositPurchase(request.auth!.customerId, request.body, {
          idempotency: purchaseKey(request),
          audience: { testDeposits: devHelpersAllowed(opts.config.nodeEnv, request.ip) },
        }),
      ),
  );

  routes.post(
    '/cart/deposit_purchase/:depositId/complete',
    {
      ...auth,
      config: { idempotent: true, apiVersions: v33 },
      schema: {
        tags,
        summary: 'Buy the cart once the deposit passed 3-D Secure (runs once per deposit)',
        params: DepositIdParams,
        response: { 200: successEnvelope(PurchaseResult) },
      },
    },
    async (request) =>
      ok(await opts.depositPurchase.completeDepositPurchase(request.auth!.customerId, request.params.depositId)),
  );

  routes.post(
    '/cart/partner/:slug/purchase',
    {
      ...auth,
      config: { idempotent: true, apiVersions: ['3.2'] },
      schema: {
        tags: ['partners'],
        summary: "Buy a partner's item, from the wallet or after a deposit (Idempotency-Key required); the purchase id",
        params: PartnerSlugParams,
        body: PartnerPurchaseBody,
        response: { 200: successEnvelope(PartnerPurchaseResult) },
      },
    },
    async (request) =>
      ok(
        await opts.partnerPurchase.purchase(request.params.slug, request.auth!.customerId, request.body, {
          idempotency: purchaseKey(request),
          audience: { testDeposits: devHelpersAllowed(opts.config.nodeEnv, request.ip) },
        }),
      ),
  );

  routes.post(
    '/cart/replay/:orderId',
    {
      ...auth,
      config: { apiVersions: v33 },
      schema: {
        tags,
        summary: "Put an order's tickets back in the cart for the next draws",
        params: z.object({ orderId: OrderParams.shape.id }).strict(),
        response: { 200: successEnvelope(Cart) },
      },
    },
    async (request) => ok(await opts.replay.replay(request.auth!.customerId, request.params.orderId)),
  );
};
