// The rest of the back office's desk (/api/admin; docs/operators.md): the dashboard (dashboard.read), identity
// documents (kyc.review: the queue, a customer's documents as an audited read, approve or reject with a reason) and
// product offers (catalogue.manage: list, suspend, resume, as `ops offer:suspend|resume`). Writes are audited.
import {
  AdminCustomerParams,
  AdminDashboard,
  AdminDecision,
  AdminDocument,
  AdminList,
  AdminOffer,
  AdminOfferParams,
  AdminReasonBody,
  AdminVerification,
  AdminVerificationsQuery,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import type { BackofficeDashboard } from './backoffice.dashboard.ts';
import { audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

type Verification = z.infer<typeof AdminVerification>;
type Offer = z.infer<typeof AdminOffer>;

export interface DeskRoutesOptions {
  access: AdminAccess;
  dashboard: BackofficeDashboard;
  kyc: {
    pending(): Promise<Verification[]>;
    decide(customerId: string, decision: 'approve' | 'reject', reason?: string): Promise<z.infer<typeof AdminDecision>>;
  };
  offers: {
    list(): Promise<Offer[]>;
    setSuspended(key: string, suspended: boolean): Promise<void>;
  };
}

export const backofficeDeskRoutes: FastifyPluginAsync<DeskRoutesOptions> = async (app, options) => {
  const { access, kyc, offers } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const review = access.requireOperator('kyc.review');
  const catalogue = access.requireOperator('catalogue.manage');

  routes.get(
    '/dashboard',
    {
      preHandler: access.requireOperator('dashboard.read'),
      schema: {
        tags,
        summary: "Today's sales and deposits, what waits, the next draws with tickets sold, the job queues",
        response: { 200: successEnvelope(AdminDashboard) },
      },
    },
    async () => ok(await options.dashboard.dashboard()),
  );

  routes.get(
    '/verifications',
    {
      preHandler: review,
      schema: {
        tags,
        summary: 'Identity documents waiting for a manual decision, oldest first',
        querystring: AdminVerificationsQuery,
        response: { 200: successEnvelope(AdminList(AdminVerification)) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const all = await kyc.pending();
      return ok({ items: all.slice(offset, offset + limit), total: all.length });
    },
  );

  routes.get(
    '/customers/:customerId/documents',
    {
      preHandler: review,
      schema: {
        tags,
        summary: "A customer's identity documents waiting for a decision (name, type, size); an audited read",
        params: AdminCustomerParams,
        response: { 200: successEnvelope(z.array(AdminDocument)) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      return ok(
        await audited(
          access,
          request,
          { action: 'customer.documents.read', target: customerId, detail: (r) => ({ files: r.length }) },
          async () => (await kyc.pending()).filter((v) => v.customerId === customerId).flatMap((v) => v.files),
        ),
      );
    },
  );

  routes.post(
    '/customers/:customerId/documents/approve',
    {
      preHandler: review,
      schema: {
        tags,
        summary: "Approve a customer's identity documents: the customer becomes verified; audited",
        params: AdminCustomerParams,
        response: { 200: successEnvelope(AdminDecision) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      return ok(
        await audited(access, request, { action: 'verification.approve', target: customerId }, () =>
          kyc.decide(customerId, 'approve'),
        ),
      );
    },
  );

  routes.post(
    '/customers/:customerId/documents/reject',
    {
      preHandler: review,
      schema: {
        tags,
        summary: "Reject a customer's identity documents with a reason the customer is shown; audited",
        params: AdminCustomerParams,
        body: AdminReasonBody,
        response: { 200: successEnvelope(AdminDecision) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      const { reason } = request.body;
      return ok(
        await audited(access, request, { action: 'verification.reject', target: customerId, input: { reason } }, () =>
          kyc.decide(customerId, 'reject', reason),
        ),
      );
    },
  );

  routes.get(
    '/offers',
    {
      preHandler: catalogue,
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
        preHandler: catalogue,
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
};
