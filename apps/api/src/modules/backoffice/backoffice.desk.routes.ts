// The rest of the back office's desk (/api/admin; docs/operators.md): the dashboard (dashboard.read) and
// product offers (catalogue.manage: list, suspend, resume, as `ops offer:suspend|resume`). Writes are audited.
import {
  AdminDashboard,
  AdminList,
  AdminOffer,
  AdminOfferParams,
  AdminPageQuery,
  AdminPromotion,
  AdminPromotionBody,
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
};
