// Deposits in the back office (/api/admin; docs/operators.md, deposits.manage: finance, admin): the list, the
// reconciliation state, "reconcile now" (the payments module's reconciliation, audited with what it fixed) and a
// refund of a deposit to its card (audited; the form's one-time key makes a second submit answer the first refund).
import {
  AdminDeposit,
  AdminDepositParams,
  AdminDepositRefund,
  AdminDepositRefundBody,
  AdminDepositsQuery,
  AdminList,
  AdminReconcileResult,
  AdminReconciliation,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/http.ts';
import type { BackofficeDeposits } from './backoffice.deposits.ts';
import { actorOf, audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

export interface DepositsRoutesOptions {
  access: AdminAccess;
  deposits: BackofficeDeposits;
}

export const backofficeDepositsRoutes: FastifyPluginAsync<DepositsRoutesOptions> = async (app, options) => {
  const { access, deposits } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const desk = access.requireOperator('deposits.manage');

  routes.get(
    '/deposits',
    {
      onRequest: desk,
      schema: {
        tags,
        summary: "Deposits newest first, of a status; q: a customer's email, name or id, or a deposit id",
        querystring: AdminDepositsQuery,
        response: { 200: successEnvelope(AdminList(AdminDeposit)) },
      },
    },
    async (request) => {
      const { status, q, limit, offset } = request.query;
      return ok(await deposits.list({ status, q }, { limit, offset }));
    },
  );

  routes.get(
    '/deposits/reconciliation',
    {
      onRequest: desk,
      schema: {
        tags,
        summary: 'Deposits the gateway approved and the ledger has not credited, stuck deposits, pending refunds',
        response: { 200: successEnvelope(AdminReconciliation) },
      },
    },
    async () => ok(await deposits.reconciliation()),
  );

  routes.post(
    '/deposits/reconcile',
    {
      onRequest: desk,
      schema: {
        tags,
        summary: 'Reconcile now: credit approved deposits and finish pending refunds, each once; audited',
        response: { 200: successEnvelope(AdminReconcileResult) },
      },
    },
    async (request) =>
      ok(
        await audited(
          access,
          request,
          {
            action: 'deposits.reconcile',
            target: null,
            detail: (r) => ({
              fixed: r.fixed,
              credited: r.credited.map((d) => d.id),
              refunds: r.refunds.map((f) => `${f.id}:${f.status}`),
            }),
          },
          () => deposits.reconcile(),
        ),
      ),
  );

  routes.post(
    '/deposits/:depositId/refund',
    {
      onRequest: desk,
      schema: {
        tags,
        summary: "Refund (part of) an approved deposit to its card from the customer's cash; once per key; audited",
        params: AdminDepositParams,
        body: AdminDepositRefundBody,
        response: { 200: successEnvelope(AdminDepositRefund) },
      },
    },
    async (request) => {
      const { depositId } = request.params;
      const { amountCents, reason, key } = request.body;
      return ok(
        await audited(
          access,
          request,
          { action: 'deposit.refund', target: depositId, input: { amountCents, reason, key } },
          () => deposits.refund({ depositId, amountCents, reason, key, by: actorOf(request) }),
        ),
      );
    },
  );
};
