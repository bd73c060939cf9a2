// The rest of the back office's desk (/api/admin; docs/operators.md): the dashboard (dashboard.read), identity
// documents (kyc.review: the queue, a customer's documents as an audited read, approve or reject with a reason) and
// product offers (catalogue.manage: list, suspend, resume, as `ops offer:suspend|resume`). Writes are audited.
import {
  AdminApproveBody,
  AdminCustomerParams,
  AdminDashboard,
  AdminDecision,
  AdminDocument,
  AdminDocumentParams,
  AdminList,
  AdminOffer,
  AdminOfferParams,
  AdminPageQuery,
  AdminPromotion,
  AdminPromotionBody,
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
    documentFile(
      customerId: string,
      documentId: string,
    ): Promise<{ id: string; verificationId: string; name: string; mimeType: string; data: Buffer }>;
  };
  offers: {
    list(): Promise<Offer[]>;
    setSuspended(key: string, suspended: boolean): Promise<void>;
  };
  promotions: {
    list(page: { limit: number; offset: number }): Promise<{ items: AdminPromotion[]; total: number }>;
    create(body: AdminPromotionBody): Promise<AdminPromotion>;
  };
}

/** `inline` with the uploader's file name: an ASCII fallback, and the name itself as RFC 5987 UTF-8. */
function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export const backofficeDeskRoutes: FastifyPluginAsync<DeskRoutesOptions> = async (app, options) => {
  const { access, kyc, offers } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const review = access.requireOperator('kyc.review');
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
    '/verifications',
    {
      onRequest: review,
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
      onRequest: review,
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

  routes.get(
    '/customers/:customerId/documents/:documentId',
    {
      onRequest: review,
      schema: {
        tags,
        summary: "The bytes of one of a customer's uploaded identity documents, shown inline; an audited read",
        params: AdminDocumentParams,
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const { customerId, documentId } = request.params;
      const file = await audited(
        access,
        request,
        {
          action: 'customer.document.read',
          target: customerId,
          input: { document: documentId },
          detail: (f) => ({ verification: f.verificationId, name: f.name, mimeType: f.mimeType }),
        },
        () => kyc.documentFile(customerId, documentId),
      );
      return reply
        .type(file.mimeType)
        .header('content-disposition', inlineDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.data);
    },
  );

  routes.post(
    '/customers/:customerId/documents/approve',
    {
      onRequest: review,
      schema: {
        tags,
        summary: "Approve a customer's identity documents (with the reviewer's note): the customer becomes verified",
        params: AdminCustomerParams,
        body: AdminApproveBody.nullish(),
        response: { 200: successEnvelope(AdminDecision) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      const reason = request.body?.reason;
      return ok(
        await audited(access, request, { action: 'verification.approve', target: customerId, input: { reason } }, () =>
          kyc.decide(customerId, 'approve', reason),
        ),
      );
    },
  );

  routes.post(
    '/customers/:customerId/documents/reject',
    {
      onRequest: review,
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
