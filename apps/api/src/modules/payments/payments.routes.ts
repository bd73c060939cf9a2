// Payments API (/api/v2): payment methods, saved funds, deposits with 3-D Secure, withdrawals (spec features §7
// "Funds" calls). Money-moving writes are `idempotent` (plugins/idempotency.ts).
import {
  AddCardBody,
  AddCardParams,
  BankAccountBody,
  CardGateway,
  Deposit,
  DepositBody,
  DepositForm,
  DepositIdParams,
  DepositMethodParams,
  DepositParams,
  Fund,
  FundParams,
  PaymentMethod,
  PaymentMethodsQuery,
  PayPalBody,
  successEnvelope,
  ThreeDsChallengeBody,
  ThreeDsNotifyQuery,
  WalletDepositBody,
  WalletDepositParams,
  Withdrawal,
  WithdrawalIdParams,
  WithdrawBody,
  WithdrawParams,
} from '@shop/contracts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { devHelpersAllowed } from '../../lib/dev-only.ts';
import { ok } from '../../lib/http.ts';
import type { Ledger } from '../wallet/index.ts';
import type { DepositGuard } from './payments.deposits.service.ts';
import { testGatewayChallengePage } from './payments.gateway.ts';
import { buildPaymentsService, type PaymentsService } from './payments.service.ts';

export interface PaymentsRoutesOptions {
  database: Database;
  config: AppConfig;
  clock: Clock;
  ledger?: Ledger;
  payments?: PaymentsService;
  /** Responsible gambling (issue 8): deposit limits and exclusions, and withdrawals only once verified. */
  depositGuard?: DepositGuard;
  verificationRequired?: (customerId: string) => Promise<boolean>;
  /**
   * Where the browser goes after 3-D Secure when the deposit belongs to something else (deposit-and-purchase: the
   * checkout page that completes the purchase); the deposit's own details page when null.
   */
  challengeReturnPath?: (depositId: string, outcome: 'success' | 'failure') => Promise<string | null>;
}

const CHALLENGE_MESSAGE = {
  code: 'deposit_pending',
  text: 'Please complete the 3-D Secure check with your bank.',
  level: 'info' as const,
};

const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
/** What every payments route needs; built once by paymentsRoutes. */
type Ctx = {
  routes: ReturnType<typeof typed>;
  payments: PaymentsService;
  tags: string[];
  auth: { preHandler: FastifyInstance['requireCustomer'] };
  audience: (request: FastifyRequest) => { testDeposits: boolean };
  opts: PaymentsRoutesOptions;
};

export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, opts) => {
  const routes = typed(app);
  const payments = opts.payments ?? buildPaymentsService(opts);
  const tags = ['payments'];
  const auth = { preHandler: app.requireCustomer };
  // The test deposit is a development helper: outside production, for a visitor on this machine only (ADR 027).
  const audience = (request: FastifyRequest) => ({ testDeposits: devHelpersAllowed(opts.config.nodeEnv, request.ip) });

  const ctx = { routes, payments, tags, auth, audience, opts };
  fundRoutes(ctx);
  depositRoutes(ctx);
  withdrawalRoutes(ctx);
};

/** Payment methods and saved funds. */
function fundRoutes({ routes, payments, tags, auth, audience }: Ctx) {
  routes.get(
    '/payment_methods',
    {
      config: { apiVersions: ['3.1'] },
      schema: {
        tags,
        summary: "Payment and withdrawal methods with the customer's saved funds",
        querystring: PaymentMethodsQuery,
        response: { 200: successEnvelope(z.array(PaymentMethod)) },
      },
    },
    async (request) =>
      ok(await payments.paymentMethods(request.auth?.customerId ?? null, request.query.filter, audience(request))),
  );

  routes.get(
    '/funds/card_gateways',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Card gateways a card can be added with',
        response: { 200: successEnvelope(z.array(CardGateway)) },
      },
    },
    async () => ok(payments.cardGateways()),
  );

  routes.post(
    '/funds/:id/default',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Make a saved fund the default',
        params: FundParams,
        response: { 200: successEnvelope(Fund) },
      },
    },
    async (request) => ok(await payments.setDefault(request.auth!.customerId, request.params.id)),
  );

  routes.delete(
    '/funds/:id',
    { ...auth, schema: { tags, summary: 'Remove a saved fund', params: FundParams } },
    async (request, reply) => {
      await payments.deleteFund(request.auth!.customerId, request.params.id);
      return reply.code(204).send();
    },
  );

  routes.post(
    '/funds/bank-account',
    {
      ...auth,
      config: { apiVersions: ['3.8'] },
      schema: {
        tags,
        summary: 'Save a bank account (BSB and account number) for withdrawals',
        body: BankAccountBody,
        response: { 200: successEnvelope(Fund) },
      },
    },
    async (request) => ok(await payments.addBankAccount(request.auth!.customerId, request.body)),
  );

  routes.post(
    '/funds/pl/braintree',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Link a PayPal account (simulated)',
        body: PayPalBody,
        response: { 200: successEnvelope(Fund) },
      },
    },
    async (request) => ok(await payments.addPayPal(request.auth!.customerId, request.body)),
  );

  routes.get(
    '/funds/:code/deposit',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Deposit form data of a method (BPAY: biller code and reference)',
        params: DepositMethodParams,
        response: { 200: successEnvelope(DepositForm) },
      },
    },
    async (request) => ok(await payments.depositForm(request.auth!.customerId, request.params.code, audience(request))),
  );

  routes.post(
    '/funds/:method/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Add a card through a card gateway (the test gateway tokenises it)',
        params: AddCardParams,
        body: AddCardBody,
        response: { 200: successEnvelope(Fund) },
      },
    },
    async (request) => ok(await payments.addCard(request.auth!.customerId, request.body)),
  );
}

/** Deposits, 3-D Secure and the test gateway's challenge page. */
function depositRoutes({ routes, payments, tags, auth, audience, opts }: Ctx) {
  routes.post(
    '/funds/:id/deposit',
    {
      ...auth,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Deposit into the wallet from a saved fund or a method (v3.4 with csc)',
        params: DepositParams,
        body: DepositBody,
        response: { 200: successEnvelope(Deposit) },
      },
    },
    async (request) => {
      const deposit = await payments.deposit(request.auth!.customerId, request.params.id, request.body, {
        idempotency: request.idempotency && { ...request.idempotency, key: `deposit:${request.idempotency.key}` },
        audience: audience(request),
      });
      return ok(deposit, deposit.status === 'challenge' ? [CHALLENGE_MESSAGE] : []);
    },
  );

  routes.post(
    '/funds/:method/:gateway/deposit',
    {
      ...auth,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Deposit with Apple Pay or Google Pay: the wallet payment token goes to the gateway',
        params: WalletDepositParams,
        body: WalletDepositBody,
        response: { 200: successEnvelope(Deposit) },
      },
    },
    async (request) => {
      const deposit = await payments.walletDeposit(
        request.auth!.customerId,
        request.params.method,
        request.params.gateway,
        request.body,
        { idempotency: request.idempotency && { ...request.idempotency, key: `deposit:${request.idempotency.key}` } },
      );
      return ok(deposit, deposit.status === 'challenge' ? [CHALLENGE_MESSAGE] : []);
    },
  );

  routes.post(
    '/deposits/:depositId/cancel',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Cancel a deposit the customer abandoned at the payment provider (409 once approved)',
        params: DepositIdParams,
        response: { 200: successEnvelope(Deposit) },
      },
    },
    async (request) => ok(await payments.cancelDeposit(request.auth!.customerId, request.params.depositId)),
  );

  routes.get(
    '/deposits/:depositId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A deposit: summary, authorisation and details',
        params: DepositIdParams,
        response: { 200: successEnvelope(Deposit) },
      },
    },
    async (request) => ok(await payments.getDeposit(request.auth!.customerId, request.params.depositId)),
  );

  routes.get(
    '/funds/test-gateway/3ds/:depositId',
    {
      config: { signature: false },
      schema: { tags, summary: 'Test gateway 3-D Secure challenge page (HTML)', params: DepositIdParams },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return testGatewayChallengePage(request.params.depositId);
    },
  );

  routes.post(
    '/funds/test-gateway/3ds/:depositId',
    {
      config: { signature: false },
      schema: {
        tags,
        summary: 'Test gateway 3-D Secure answer; redirects to /3ds/notify',
        params: DepositIdParams,
        body: ThreeDsChallengeBody,
      },
    },
    async (request, reply) => {
      await payments.completeChallenge(request.params.depositId, request.body.outcome === 'approve');
      return reply.redirect(`/api/v2/3ds/notify?deposit_id=${request.params.depositId}`, 303);
    },
  );

  routes.get(
    '/3ds/notify',
    {
      config: { signature: false },
      schema: {
        tags,
        summary: '3-D Secure return: settles the deposit from the gateway record and redirects to its details page',
        querystring: ThreeDsNotifyQuery,
      },
    },
    async (request, reply) => {
      const deposit = await payments.notifyChallenge(request.query.depositId);
      const outcome = deposit.status === 'approved' ? 'success' : 'failure';
      const elsewhere = opts.challengeReturnPath ? await opts.challengeReturnPath(deposit.id, outcome) : null;
      return reply.redirect(elsewhere ?? `/my-account/deposit/details/${deposit.id}/${outcome}`, 303);
    },
  );
}

/** Withdrawals of winnings. */
function withdrawalRoutes({ routes, payments, tags, auth }: Ctx) {
  routes.post(
    '/funds/:code/:id/withdraw',
    {
      ...auth,
      config: { idempotent: true },
      schema: {
        tags,
        summary: 'Withdraw winnings (tt bank account, pl PayPal, tw test, do donation)',
        params: WithdrawParams,
        body: WithdrawBody,
        response: { 200: successEnvelope(Withdrawal) },
      },
    },
    async (request) =>
      ok(
        await payments.withdraw(request.auth!.customerId, request.params.code, request.params.id, request.body, {
          idempotency: request.idempotency,
        }),
      ),
  );

  routes.get(
    '/withdrawals/:withdrawalId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'A withdrawal: summary and details',
        params: WithdrawalIdParams,
        response: { 200: successEnvelope(Withdrawal) },
      },
    },
    async (request) => ok(await payments.getWithdrawal(request.auth!.customerId, request.params.withdrawalId)),
  );

  // The test gateway's 3-D Secure challenge: a page of the "bank", opened in the browser, so unsigned.
}
