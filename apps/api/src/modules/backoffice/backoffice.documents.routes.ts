// Identity documents in the back office (/api/admin; docs/operators.md), kyc.review: the queue, a customer's
// documents and the bytes of one file (both audited reads), approve (with the reviewer's note) or reject with a
// reason the customer is shown (both audited), through responsible gambling's document review (as the CLI's
// verification:approve|reject).
import {
  AdminApproveBody,
  AdminCustomerDocument,
  AdminCustomerParams,
  AdminDecision,
  AdminDocumentParams,
  AdminList,
  AdminReasonBody,
  AdminVerification,
  AdminVerificationsQuery,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

type Verification = z.infer<typeof AdminVerification>;

export interface DocumentsRoutesOptions {
  access: AdminAccess;
  kyc: {
    pending(): Promise<Verification[]>;
    decide(customerId: string, decision: 'approve' | 'reject', reason?: string): Promise<z.infer<typeof AdminDecision>>;
    customerDocuments(customerId: string): Promise<AdminCustomerDocument[]>;
    documentFile(
      customerId: string,
      documentId: string,
    ): Promise<{ id: string; verificationId: string; name: string; mimeType: string; data: Buffer }>;
  };
}

/** `inline` with the uploader's file name: an ASCII fallback, and the name itself as RFC 5987 UTF-8. */
function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export const backofficeDocumentsRoutes: FastifyPluginAsync<DocumentsRoutesOptions> = async (app, { access, kyc }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const review = access.requireOperator('kyc.review');

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
        summary: 'Every identity document a customer uploaded, waiting or decided, newest first; an audited read',
        params: AdminCustomerParams,
        response: { 200: successEnvelope(z.array(AdminCustomerDocument)) },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      return ok(
        await audited(
          access,
          request,
          { action: 'customer.documents.read', target: customerId, detail: (r) => ({ files: r.length }) },
          () => kyc.customerDocuments(customerId),
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
};
