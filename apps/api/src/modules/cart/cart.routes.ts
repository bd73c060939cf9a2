// Cart calls of core §7 (v3.3) and promotions (features §7) under /api/v2: the anonymous cart by reference and the
// signed-in customer's cart. Every call that changes a cart answers the whole Cart.
import {
  AddCartItemBody,
  AnonCartCreated,
  AnonCartItemParams,
  API_VERSIONS,
  BuildCartItemBody,
  Cart,
  CartItemParams,
  CartRefParams,
  PromotionBody,
  regionOfSubVariant,
  successEnvelope,
  UpdateCartItemBody,
  type ApiVersion,
} from '@shop/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import type { CartService, CartTarget } from './cart.service.ts';

export interface CartRoutesOptions {
  cart: CartService;
}

/** Cart calls are version 3.3 (core §7); later versions serve them unchanged. */
export const CART_API_VERSIONS: readonly ApiVersion[] = API_VERSIONS.filter((v) => v >= '3.3');

/** Core §8: a failed cart change shows the first message under errors.this; schema failures get one too. */
const firstMessageAsThis: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500 || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as { errors?: Record<string, string[]>; messages?: { text: string }[] };
      if (!body.errors || body.errors.this || !body.messages?.[0]) return payload;
      body.errors = { this: [body.messages[0].text], ...body.errors };
      return JSON.stringify(body);
    } catch {
      return payload;
    }
  });
};

const anonymousCartRoutes: FastifyPluginAsync<CartRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { cart } = opts;
  const tags = ['cart'];
  const config = { apiVersions: CART_API_VERSIONS };
  const cartResponse = { 200: successEnvelope(Cart) };
  const anon = (request: FastifyRequest<{ Params: { ref: string } }>): CartTarget => ({
    kind: 'anonymous',
    reference: request.params.ref,
    region: regionOfSubVariant(request.ctx.subVariant),
    pricing: request.ctx.pricingId ?? null,
  });
  const auth = { preHandler: app.requireCustomer };

  // ---------------------------------------------------------------- anonymous cart
  routes.post(
    '/anon-cart',
    {
      config,
      schema: {
        tags,
        summary: 'Create an anonymous cart; its reference is the anonymous cart token',
        response: { 200: successEnvelope(AnonCartCreated) },
      },
    },
    async () => ok(await cart.createAnonymous()),
  );

  routes.get(
    '/anon-cart/:ref',
    {
      config,
      schema: {
        tags,
        summary: 'An anonymous cart (404 when unknown, expired or converted)',
        params: CartRefParams,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.get(anon(request))),
  );

  routes.post(
    '/anon-cart/:ref/items',
    {
      config,
      schema: {
        tags,
        summary: 'Add an item to an anonymous cart',
        params: CartRefParams,
        body: AddCartItemBody,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.addItem(anon(request), request.body)),
  );

  routes.post(
    '/anon-cart/:ref/build',
    {
      config,
      schema: {
        tags,
        summary: 'Add a quickpick ticket of a game offer to an anonymous cart',
        params: CartRefParams,
        body: BuildCartItemBody,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.build(anon(request), request.body)),
  );

  routes.put(
    '/anon-cart/:ref/items/:itemId',
    {
      config,
      schema: {
        tags,
        summary: 'Replace an item of an anonymous cart',
        params: AnonCartItemParams,
        body: UpdateCartItemBody,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.updateItem(anon(request), request.params.itemId, request.body)),
  );

  routes.delete(
    '/anon-cart/:ref/items/:itemId',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an item from an anonymous cart',
        params: AnonCartItemParams,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.deleteItem(anon(request), request.params.itemId)),
  );

  routes.post(
    '/anon-cart/:ref/promotion',
    {
      config,
      schema: {
        tags,
        summary: 'Apply a promotion code to an anonymous cart',
        params: CartRefParams,
        body: PromotionBody,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.applyPromotion(anon(request), request.body.promotionCode)),
  );

  routes.delete(
    '/anon-cart/:ref/promotion',
    {
      config,
      schema: {
        tags,
        summary: 'Remove the promotion of an anonymous cart',
        params: CartRefParams,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.removePromotion(anon(request))),
  );

  routes.post(
    '/anon-cart/:ref/auto-removed/dismiss',
    {
      config,
      schema: {
        tags,
        summary: 'Dismiss the notices of items that left an anonymous cart',
        params: CartRefParams,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.dismissAutoRemoved(anon(request))),
  );

  routes.post(
    '/anon-cart/:ref/convert',
    {
      ...auth,
      config,
      schema: {
        tags,
        summary: "At login: merge an anonymous cart into the customer's cart and delete it",
        params: CartRefParams,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.convert(request.params.ref, request.auth!.customerId)),
  );
};

const customerCartRoutes: FastifyPluginAsync<CartRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { cart } = opts;
  const tags = ['cart'];
  const config = { apiVersions: CART_API_VERSIONS };
  const cartResponse = { 200: successEnvelope(Cart) };
  const mine = (request: FastifyRequest): CartTarget => ({
    kind: 'customer',
    customerId: request.auth!.customerId,
    region: regionOfSubVariant(request.ctx.subVariant),
    pricing: request.ctx.pricingId ?? null,
  });
  const auth = { preHandler: app.requireCustomer };

  // ---------------------------------------------------------------- the customer's cart
  routes.get(
    '/cart/items',
    { ...auth, config, schema: { tags, summary: "The signed-in customer's cart", response: cartResponse } },
    async (request) => ok(await cart.get(mine(request))),
  );

  routes.post(
    '/cart/items',
    {
      ...auth,
      config,
      schema: { tags, summary: "Add an item to the customer's cart", body: AddCartItemBody, response: cartResponse },
    },
    async (request) => ok(await cart.addItem(mine(request), request.body)),
  );

  routes.post(
    '/cart/build',
    {
      ...auth,
      config,
      schema: {
        tags,
        summary: "Add a quickpick ticket of a game offer to the customer's cart",
        body: BuildCartItemBody,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.build(mine(request), request.body)),
  );

  routes.put(
    '/cart/items/:itemId',
    {
      ...auth,
      config,
      schema: {
        tags,
        summary: "Replace an item of the customer's cart",
        params: CartItemParams,
        body: UpdateCartItemBody,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.updateItem(mine(request), request.params.itemId, request.body)),
  );

  routes.delete(
    '/cart/items/:itemId',
    {
      ...auth,
      config,
      schema: {
        tags,
        summary: "Remove an item from the customer's cart",
        params: CartItemParams,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.deleteItem(mine(request), request.params.itemId)),
  );

  routes.post(
    '/cart/promotion',
    {
      ...auth,
      config,
      schema: {
        tags,
        summary: "Apply a promotion code to the customer's cart",
        body: PromotionBody,
        response: cartResponse,
      },
    },
    async (request) => ok(await cart.applyPromotion(mine(request), request.body.promotionCode)),
  );

  routes.delete(
    '/cart/promotion',
    {
      ...auth,
      config,
      schema: { tags, summary: "Remove the promotion of the customer's cart", response: cartResponse },
    },
    async (request) => ok(await cart.removePromotion(mine(request))),
  );

  routes.post(
    '/cart/auto-removed/dismiss',
    {
      ...auth,
      config,
      schema: { tags, summary: "Dismiss the notices of items that left the customer's cart", response: cartResponse },
    },
    async (request) => ok(await cart.dismissAutoRemoved(mine(request))),
  );
};

export const cartRoutes: FastifyPluginAsync<CartRoutesOptions> = async (app, opts) => {
  await app.register(fp(firstMessageAsThis));
  // The parent's prefix is already applied: the sub-plugins share its options, not a second prefix.
  const sub = { ...opts, prefix: '' };
  await app.register(anonymousCartRoutes, sub);
  await app.register(customerCartRoutes, sub);
};
