// The rest of the back office's desk (/api/admin; docs/operators.md): the dashboard (dashboard.read), product offers
// (catalogue.manage: list, suspend, resume, as `ops offer:suspend|resume`) and promotion codes (list, create, change
// the limits, end now). Writes are audited, a change with the code's limits before and after.
import {
  AdminDashboard,
  AdminList,
  AdminOffer,
  AdminOfferParams,
  AdminPageQuery,
  AdminPromotion,
  AdminPromotionBody,
  AdminPromotionChange,
  AdminPromotionParams,
  AdminPromotionPatch,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import type { BackofficeDashboard } from './backoffice.dashboard.ts';
import { audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

type Offer = z.infer<typeof AdminOffer>;

export interface DeskRoutesOptions {
  access: AdminAccess;
  dashboard: BackofficeDashboard;
  offers: {
    list(): Promise<Offer[]>;
    setSuspended(key: string, suspended: boolean): Promise<void>;
  };
  promotions: {
    list(page: { limit: number; offset: number }): Promise<{ items: AdminPromotion[]; total: number }>;
    create(body: AdminPromotionBody): Promise<AdminPromotion>;
    update(code: string, patch: AdminPromotionPatch): Promise<AdminPromotionChange>;
    end(code: string): Promise<AdminPromotionChange>;
  };
}

export const backofficeDeskRoutes: FastifyPluginAsync<DeskRoutesOptions> = async (app, options) => {
  const { access, offers } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = access.requireOperator('catalogue.manage');

  routes.get(
    '/dashboard',
    {
      onRequest: access.requireOperator('dashboard.read'),
      schema: {
        tags,
        summary: "Today's sales and deposits, what waits, the next draws with tickets sold, the job queues",
        response: { 200: successEnvelope(AdminDashboard) },
      },
    },
    async () => ok(await options.dashboard.dashboard()),
  );

  routes.get(
    '/offers',
    {
      onRequest: catalogue,
      schema: {
        tags,
        summary: 'Every product offer and whether it is suspended',
        response: { 200: successEnvelope(z.array(AdminOffer)) },
      },
    },
    async () => ok(await offers.list()),
  );

  for (const [verb, suspended] of [
    ['suspend', true],
    ['resume', false],
  ] as const)
    routes.post(
      `/offers/:key/${verb}`,
      {
        onRequest: catalogue,
        schema: {
          tags,
          summary: suspended
            ? 'Take a product offer off sale (as ops offer:suspend); audited'
            : 'Put a suspended product offer back on sale (as ops offer:resume); audited',
          params: AdminOfferParams,
          response: { 200: successEnvelope(AdminOffer) },
        },
      },
      async (request) => {
        const { key } = request.params;
        return ok(
          await audited(access, request, { action: `offer.${verb}`, target: key }, async () => {
            await offers.setSuspended(key, suspended);
            return (await offers.list()).find((o) => o.key === key)!;
          }),
        );
      },
    );

  routes.get(
    '/promotions',
    {
      onRequest: catalogue,
      schema: {
        tags,
        summary: 'Promotion codes, newest first, with their limits and usage',
        querystring: AdminPageQuery,
        response: { 200: successEnvelope(AdminList(AdminPromotion)) },
      },
    },
    async (request) => ok(await options.promotions.list(request.query)),
  );

  routes.post(
    '/promotions',
    {
      onRequest: catalogue,
      schema: {
        tags,
        summary: 'Create a promotion code with its limits (409 when the code is taken); audited',
        body: AdminPromotionBody,
        response: { 200: successEnvelope(AdminPromotion) },
      },
    },
    async (request) =>
      ok(
        await audited(access, request, { action: 'promotion.create', target: request.body.code }, () =>
          options.promotions.create(request.body),
        ),
      ),
  );

  const beforeAfter = (r: AdminPromotionChange) => ({ before: r.before, after: r.after, changed: r.changed });

  routes.patch(
    '/promotions/:code',
    {
      onRequest: catalogue,
      schema: {
        tags,
        summary: "Change a code's limits (a limit below the redemptions made: 422); audited with before and after",
        params: AdminPromotionParams,
        body: AdminPromotionPatch,
        response: { 200: successEnvelope(AdminPromotionChange) },
      },
    },
    async (request) =>
      ok(
        await audited(
          access,
          request,
          {
            action: 'promotion.update',
            target: request.params.code,
            input: { asked: request.body },
            detail: beforeAfter,
          },
          () => options.promotions.update(request.params.code, request.body),
        ),
      ),
  );

  routes.post(
    '/promotions/:code/end',
    {
      onRequest: catalogue,
      schema: {
        tags,
        summary: 'End a code now (it expires at once; redemptions made stay); audited with before and after',
        params: AdminPromotionParams,
        response: { 200: successEnvelope(AdminPromotionChange) },
      },
    },
    async (request) =>
      ok(
        await audited(
          access,
          request,
          { action: 'promotion.end', target: request.params.code, detail: beforeAfter },
          () => options.promotions.end(request.params.code),
        ),
      ),
  );
};
