// Wallet API (/api/v2): the customer's withdrawable funds and transaction history (spec features §7).
import {
  PaginationQuery,
  successEnvelope,
  toMoney,
  Transaction,
  TransactionDetail,
  TransactionParams,
  TransactionsQuery,
  WithdrawableFunds,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, paginated } from '../../lib/http.ts';
import type { EntryView, Ledger } from './wallet.ledger.ts';

export interface WalletRoutesOptions {
  ledger: Pick<Ledger, 'fundsSummary' | 'listEntries' | 'getEntry'>;
}

const transactionView = (e: EntryView) => ({
  id: e.id,
  kind: e.kind,
  description: e.description,
  reference: e.reference,
  amount: toMoney(e.amountCents, e.currency),
  createdAt: e.createdAt.toISOString(),
});

export const walletRoutes: FastifyPluginAsync<WalletRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { ledger } = opts;
  const tags = ['wallet'];

  routes.get(
    '/customer/withdrawable-funds',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Withdrawable funds, available funds and balance of the wallet',
        response: { 200: successEnvelope(WithdrawableFunds) },
      },
    },
    async (request) => {
      const s = await ledger.fundsSummary(request.auth!.customerId);
      return ok({
        withdrawableFunds: toMoney(s.withdrawableCents, s.currency),
        availableFunds: toMoney(s.availableFundsCents, s.currency),
        balance: toMoney(s.balanceCents, s.currency),
        bonus: toMoney(s.bonusCents, s.currency),
        pendingWithdrawals: toMoney(s.pendingWithdrawalsCents, s.currency),
      });
    },
  );

  routes.get(
    '/transactions',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Wallet transactions, newest first',
        querystring: TransactionsQuery,
        response: { 200: successEnvelope(z.array(Transaction)) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query as PaginationQuery;
      const page = await ledger.listEntries(request.auth!.customerId, { limit, offset });
      return paginated(page.items.map(transactionView), { limit, offset, total: page.total }, request.url);
    },
  );

  routes.get(
    '/transactions/:id',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'One wallet transaction with its journal lines',
        params: TransactionParams,
        response: { 200: successEnvelope(TransactionDetail) },
      },
    },
    async (request) => {
      const e = await ledger.getEntry(request.auth!.customerId, request.params.id);
      return ok({
        ...transactionView(e),
        reverses: e.reverses,
        lines: e.lines.map((l) => ({ account: l.account, amount: toMoney(l.amountCents, e.currency) })),
      });
    },
  );
};
