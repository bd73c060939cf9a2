// Price lists in the back office (/api/admin/price-lists; catalogue.manage; docs/operators.md): every list, one list's
// prices (block price, block size, the price of one game), and changing one offer's price, audited with the price
// before and after. The storefront serves the new price on its next read of the catalogue (ADR 101).
import {
  AdminPriceBody,
  AdminPriceChange,
  AdminPriceList,
  AdminPriceListDetail,
  AdminPriceListParams,
  AdminPriceParams,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

export interface PricesRoutesOptions {
  access: AdminAccess;
  priceLists: {
    list(): Promise<AdminPriceList[]>;
    get(pricingId: string): Promise<AdminPriceListDetail>;
    setPrice(pricingId: string, offerKey: string, price: AdminPriceBody): Promise<AdminPriceChange>;
  };
}

export const backofficePricesRoutes: FastifyPluginAsync<PricesRoutesOptions> = async (app, options) => {
  const { access, priceLists } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = access.requireOperator('catalogue.manage');

  routes.get(
    '/price-lists',
    {
      onRequest: catalogue,
      schema: {
        tags,
        summary: 'Every price list: whether a `p` address code offers it, how many offers it prices',
        response: { 200: successEnvelope(z.array(AdminPriceList)) },
      },
    },
    async () => ok(await priceLists.list()),
  );

  routes.get(
    '/price-lists/:pricingId',
    {
      onRequest: catalogue,
      schema: {
        tags,
        summary: "One price list with every offer's block price and the price of one game",
        params: AdminPriceListParams,
        response: { 200: successEnvelope(AdminPriceListDetail) },
      },
    },
    async (request) => ok(await priceLists.get(request.params.pricingId)),
  );

  routes.put(
    '/price-lists/:pricingId/prices/:offerKey',
    {
      onRequest: catalogue,
      schema: {
        tags,
        summary: "Change one offer's block price under a list (404 unknown list or offer); audited with before/after",
        params: AdminPriceParams,
        body: AdminPriceBody,
        response: { 200: successEnvelope(AdminPriceChange) },
      },
    },
    async (request) => {
      const { pricingId, offerKey } = request.params;
      return ok(
        await audited(
          access,
          request,
          {
            action: 'price.change',
            target: `${pricingId}/${offerKey}`,
            input: { asked: request.body },
            detail: (r) => ({ before: r.before, after: r.after, changed: r.changed }),
          },
          () => priceLists.setPrice(pricingId, offerKey, request.body),
        ),
      );
    },
  );
};
