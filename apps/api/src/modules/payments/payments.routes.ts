// Payments API (/api/v2): payment methods, saved funds, deposits with 3-D Secure, withdrawals (spec features §7
// "Funds" calls), one sub-plugin per sub-service. Money-moving writes are `idempotent` (plugins/idempotency.ts): the
// request's claimed key goes to the service, which records it with the deposit or withdrawal it starts (ADR 026).
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
  GatewayFunds,
  GatewayParams,
  PaymentMethod,
  PaymentMethodsQuery,
  PayPalBody,
  StripeSetupBody,
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
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../env.ts';
import { devHelpersAllowed } from '../../lib/dev-only.ts';
import { ok } from '../../lib/http.ts';
import type { DepositsService } from './payments.deposits.service.ts';
import type { FundsService } from './payments.funds.service.ts';
import { testGatewayChallengePage } from './payments.gateway.ts';
import type { WithdrawalsService } from './payments.withdrawals.service.ts';

export interface PaymentsRoutesOptions {
  funds: FundsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  /** The test deposit is a development helper: outside production, for a visitor on this machine only (ADR 027). */
  config: Pick<AppConfig, 'nodeEnv'>;
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

/** Who is asking: the test deposit (`td`) is offered and accepted only where dev helpers are allowed. */
const audienceOf = (config: PaymentsRoutesOptions['config'], request: FastifyRequest) => ({
  testDeposits: devHelpersAllowed(config.nodeEnv, request.ip),
});

/** The request's claimed Idempotency-Key as a deposit records it (`deposit:K`, apart from deposit-and-purchase's). */
const depositKeyOf = (request: FastifyRequest) =>
  request.idempotency && { ...request.idempotency, key: `deposit:${request.idempotency.key}` };

/** Payment methods and the customer's saved funds. */
const methodsAndFundsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { funds } = opts;
  const tags = ['payments'];
  const auth = { preHandler: app.requireCustomer };

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
      ok(
        await funds.paymentMethods(
          request.auth?.customerId ?? null,
          request.query.filter,
          audienceOf(opts.config, request),
        ),
      ),
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
    async () => ok(funds.cardGateways()),
  );

  routes.get(
    '/funds/:gateway',
    {
      ...auth,
      schema: {
        tags,
        summary: "A card gateway's settings and the customer's cards saved through it",
        params: GatewayParams,
        response: { 200: successEnvelope(GatewayFunds) },
      },
    },
    async (request) => ok(await funds.gatewayFunds(request.auth!.customerId, request.params.gateway)),
  );

  routes.post(
    '/funds/stripe/setup',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Save the card of a confirmed Stripe card setup (a pm_ payment method); nothing is charged',
        body: StripeSetupBody,
        response: { 200: successEnvelope(Fund) },
      },
    },
    async (request) => ok(await funds.setupStripeCard(request.auth!.customerId, request.body)),
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
    async (request) => ok(await funds.setDefault(request.auth!.customerId, request.params.id)),
  );

  routes.delete(
    '/funds/:id',
    { ...auth, schema: { tags, summary: 'Remove a saved fund', params: FundParams } },
    async (request, reply) => {
      await funds.deleteFund(request.auth!.customerId, request.params.id);
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
    async (request) => ok(await funds.addBankAccount(request.auth!.customerId, request.body)),
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
    async (request) => ok(await funds.addPayPal(request.auth!.customerId, request.body)),
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
    async (request) => ok(await funds.addCard(request.auth!.customerId, request.body)),
  );
};

/** Deposits (3-D Secure included) and their summaries. */
const depositRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { funds, deposits } = opts;
  const tags = ['payments'];
  const auth = { preHandler: app.requireCustomer };

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
    async (request) =>
      ok(await funds.depositForm(request.auth!.customerId, request.params.code, audienceOf(opts.config, request))),
  );

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
      const deposit = await deposits.deposit(request.auth!.customerId, request.params.id, request.body, {
        idempotency: depositKeyOf(request),
        audience: audienceOf(opts.config, request),
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
      const deposit = await deposits.walletDeposit(
        request.auth!.customerId,
        request.params.method,
        request.params.gateway,
        request.body,
        { idempotency: depositKeyOf(request) },
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
    async (request) => ok(await deposits.cancelDeposit(request.auth!.customerId, request.params.depositId)),
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
    async (request) => ok(await deposits.getDeposit(request.auth!.customerId, request.params.depositId)),
  );
};

/** Withdrawals to saved funds, test destinations and causes. */
const withdrawalRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { withdrawals } = opts;
  const tags = ['payments'];
  const auth = { preHandler: app.requireCustomer };

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
        await withdrawals.withdraw(request.auth!.customerId, request.params.code, request.params.id, request.body, {
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
    async (request) => ok(await withdrawals.getWithdrawal(request.auth!.customerId, request.params.withdrawalId)),
  );
};

/** The test gateway's 3-D Secure page and its answer (unsigned: the browser comes here). */
const threeDSecureRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { deposits } = opts;
  const tags = ['payments'];

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
      await deposits.completeChallenge(request.params.depositId, request.body.outcome === 'approve');
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
      const deposit = await deposits.notifyChallenge(request.query.depositId);
      const outcome = deposit.status === 'approved' ? 'success' : 'failure';
      const elsewhere = opts.challengeReturnPath ? await opts.challengeReturnPath(deposit.id, outcome) : null;
      return reply.redirect(elsewhere ?? `/my-account/deposit/details/${deposit.id}/${outcome}`, 303);
    },
  );
};

export const paymentsRoutes: FastifyPluginAsync<PaymentsRoutesOptions> = async (app, opts) => {
  // The parent's prefix is already applied: the sub-plugins share its options, not a second prefix.
  const sub = { ...opts, prefix: '' };
  await app.register(methodsAndFundsRoutes, sub);
  await app.register(depositRoutes, sub);
  await app.register(withdrawalRoutes, sub);
  await app.register(threeDSecureRoutes, sub);
};
