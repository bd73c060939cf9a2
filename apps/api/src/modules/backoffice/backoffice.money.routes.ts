// Money in the back office (/api/admin; docs/operators.md): withdrawals (withdrawals.manage: list, approve and pay,
// reject with a reason, bulk approve; the payments service pays each once however many operators click), manual
// adjustments with four eyes (adjustments.manage) and the ledger's daily totals per account (ledger.read, JSON or
// CSV). Every write is audited.
import {
  AdminAdjustment,
  AdminAdjustmentBody,
  AdminAdjustmentParams,
  AdminAdjustmentsQuery,
  AdminBulkApproveBody,
  AdminBulkApproveResult,
  AdminLedgerDailyQuery,
  AdminLedgerDay,
  AdminList,
  AdminReasonBody,
  AdminWithdrawal,
  AdminWithdrawalParams,
  AdminWithdrawalsQuery,
  successEnvelope,
  Withdrawal,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import type { WithdrawalsService } from '../payments/index.ts';
import type { BackofficeAdjustments } from './backoffice.adjustments.ts';
import { actorOf, audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

type LedgerDay = z.infer<typeof AdminLedgerDay>;

export interface MoneyRoutesOptions {
  access: AdminAccess;
  withdrawals: Pick<WithdrawalsService, 'listWithdrawals' | 'decideWithdrawal'>;
  adjustments: BackofficeAdjustments;
  dailyTotals(from: string, to: string): Promise<LedgerDay[]>;
}

const CSV_COLUMNS = ['day', 'account', 'currency', 'inCents', 'outCents', 'entries'] as const;
const csvOf = (rows: LedgerDay[]) =>
  [
    'day,account,currency,in_cents,out_cents,entries',
    ...rows.map((r) => CSV_COLUMNS.map((c) => String(r[c])).join(',')),
  ].join('\r\n') + '\r\n';

export const backofficeMoneyRoutes: FastifyPluginAsync<MoneyRoutesOptions> = async (app, options) => {
  const { access, withdrawals, adjustments } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const money = access.requireOperator('withdrawals.manage');
  const fourEyes = access.requireOperator('adjustments.manage');

  routes.get(
    '/withdrawals',
    {
      preHandler: money,
      schema: {
        tags,
        summary: 'Withdrawals of a status (pending, approved, paid, rejected) or all, oldest first',
        querystring: AdminWithdrawalsQuery,
        response: { 200: successEnvelope(AdminList(AdminWithdrawal)) },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      return ok(await withdrawals.listWithdrawals(status, { limit, offset }));
    },
  );

  const decide = (
    request: Parameters<typeof audited>[1],
    id: string,
    decision: 'approve' | 'reject',
    reason?: string,
  ) =>
    audited(access, request, { action: `withdrawal.${decision}`, target: id, input: reason ? { reason } : {} }, () =>
      withdrawals.decideWithdrawal(id, decision, reason),
    );

  routes.post(
    '/withdrawals/:withdrawalId/approve',
    {
      preHandler: money,
      schema: {
        tags,
        summary: 'Approve and pay a pending withdrawal (paid once: a second approval is 409); audited',
        params: AdminWithdrawalParams,
        response: { 200: successEnvelope(Withdrawal) },
      },
    },
    async (request) => ok(await decide(request, request.params.withdrawalId, 'approve')),
  );

  routes.post(
    '/withdrawals/:withdrawalId/reject',
    {
      preHandler: money,
      schema: {
        tags,
        summary: 'Reject a pending withdrawal with a reason (shown to the customer; funds back to winnings); audited',
        params: AdminWithdrawalParams,
        body: AdminReasonBody,
        response: { 200: successEnvelope(Withdrawal) },
      },
    },
    async (request) => ok(await decide(request, request.params.withdrawalId, 'reject', request.body.reason)),
  );

  routes.post(
    '/withdrawals/approve',
    {
      preHandler: money,
      schema: {
        tags,
        summary: 'Approve and pay several withdrawals; each is paid once and answered paid or failed; audited',
        body: AdminBulkApproveBody,
        response: { 200: successEnvelope(AdminBulkApproveResult) },
      },
    },
    async (request) => {
      const items = [];
      for (const id of new Set(request.body.ids)) {
        try {
          await decide(request, id, 'approve');
          items.push({ id, outcome: 'paid' as const, message: null });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          items.push({ id, outcome: 'failed' as const, message: e.message });
        }
      }
      return ok({ items });
    },
  );

  routes.get(
    '/adjustments',
    {
      preHandler: fourEyes,
      schema: {
        tags,
        summary: 'Manual adjustments (of a status, or all), newest first',
        querystring: AdminAdjustmentsQuery,
        response: { 200: successEnvelope(AdminList(AdminAdjustment)) },
      },
    },
    async (request) => {
      const { status, limit, offset } = request.query;
      return ok(await adjustments.list(status, { limit, offset }));
    },
  );

  routes.post(
    '/adjustments',
    {
      preHandler: fourEyes,
      schema: {
        tags,
        summary: 'Ask for a manual credit or debit with a reason: pending until another finance operator approves',
        body: AdminAdjustmentBody,
        response: { 200: successEnvelope(AdminAdjustment) },
      },
    },
    async (request) =>
      ok(
        await audited(
          access,
          request,
          { action: 'adjustment.request', target: request.body.customerId, input: { ...request.body } },
          () => adjustments.request(request.body, actorOf(request)),
        ),
      ),
  );

  routes.post(
    '/adjustments/:adjustmentId/approve',
    {
      preHandler: fourEyes,
      schema: {
        tags,
        summary: "Approve another operator's adjustment: the money moves through the ledger once (own: 403); audited",
        params: AdminAdjustmentParams,
        response: { 200: successEnvelope(AdminAdjustment) },
      },
    },
    async (request) => {
      const { adjustmentId } = request.params;
      return ok(
        await audited(access, request, { action: 'adjustment.approve', target: adjustmentId }, () =>
          adjustments.approve(adjustmentId, actorOf(request)),
        ),
      );
    },
  );

  routes.post(
    '/adjustments/:adjustmentId/reject',
    {
      preHandler: fourEyes,
      schema: {
        tags,
        summary: "Reject another operator's adjustment with a reason; nothing moves; audited",
        params: AdminAdjustmentParams,
        body: AdminReasonBody,
        response: { 200: successEnvelope(AdminAdjustment) },
      },
    },
    async (request) => {
      const { adjustmentId } = request.params;
      const { reason } = request.body;
      return ok(
        await audited(access, request, { action: 'adjustment.reject', target: adjustmentId, input: { reason } }, () =>
          adjustments.reject(adjustmentId, actorOf(request), reason),
        ),
      );
    },
  );

  routes.get(
    '/ledger/daily',
    {
      preHandler: access.requireOperator('ledger.read'),
      schema: {
        tags,
        summary: 'Daily totals per ledger account between two days (site time, inclusive); format=csv for text/csv',
        querystring: AdminLedgerDailyQuery,
        response: { 200: successEnvelope(AdminList(AdminLedgerDay)).or(z.string()) },
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const rows = await options.dailyTotals(from, to);
      if (format === 'csv')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="ledger-${from}-${to}.csv"`)
          .send(csvOf(rows));
      return ok({ items: rows, total: rows.length });
    },
  );
};
