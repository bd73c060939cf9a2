// The wallet's server calls (spec features §7 Customer, funds and payment calls; Spend limit and transactions): every
// answer is parsed with its contract, so a screen never renders a shape it does not know.
import {
  CardGateway,
  Deposit,
  DepositForm,
  PaymentMethod,
  Transaction,
  TransactionDetail,
  Withdrawal,
  WithdrawableFunds,
  type ApiMessage,
  type ApiVersion,
  type BrowserData,
  type PageInfo,
} from '@shop/contracts';
import type { z } from 'zod';
import type { ApiClient } from '../../lib/api-client.ts';
import { parseApiResult } from '../../lib/api-errors.ts';
import { centsToAmount } from './wallet-rules.ts';

/** Spec features §7: the deposit screen lists the methods a customer can fund from, digital wallets included. */
export const DEPOSIT_FILTER = 'funds.withdraw eq false and funds.digital_wallets eq true';
export const WITHDRAW_FILTER = 'funds.withdraw eq true';

export async function paymentMethods(api: ApiClient, filter?: string): Promise<PaymentMethod[]> {
  const res = await api.get<unknown>('main', '/payment_methods', { version: '3.1', query: { filter }, cache: false });
  return parseApiResult(PaymentMethod.array(), res.result, 'GET /payment_methods');
}

export async function withdrawableFunds(api: ApiClient): Promise<WithdrawableFunds> {
  const res = await api.get<unknown>('main', '/customer/withdrawable-funds', { cache: false });
  return parseApiResult(WithdrawableFunds, res.result, 'GET /customer/withdrawable-funds');
}

export async function cardGateways(api: ApiClient): Promise<z.infer<typeof CardGateway>[]> {
  const res = await api.get<unknown>('main', '/funds/card_gateways', { cache: false });
  return parseApiResult(CardGateway.array(), res.result, 'GET /funds/card_gateways');
}

export async function depositForm(api: ApiClient, code: string): Promise<z.infer<typeof DepositForm>> {
  const res = await api.get<unknown>('main', `/funds/${encodeURIComponent(code)}/deposit`, { cache: false });
  return parseApiResult(DepositForm, res.result, 'GET /funds/{code}/deposit');
}

export interface AddCardInput {
  gateway: string;
  cardNumber: string;
  expiryMonth: number;
  expiryYear: number;
  csc?: string;
  holderName: string;
  default?: boolean;
}

export async function addCard(api: ApiClient, input: AddCardInput, idempotencyKey: string): Promise<void> {
  const { gateway, ...body } = input;
  await api.post('main', `/funds/cc/${encodeURIComponent(gateway)}`, body, { idempotencyKey });
}

export interface BankAccountInput {
  accountName: string;
  bankCode: string;
  accountNumber: string;
  default?: boolean;
}

export async function addBankAccount(api: ApiClient, input: BankAccountInput, idempotencyKey: string): Promise<void> {
  await api.post(
    'main',
    '/funds/bank-account',
    { code: 'tt', type: 'bank', ...input },
    { version: '3.8', idempotencyKey },
  );
}

export async function setDefaultFund(api: ApiClient, fundId: string): Promise<void> {
  await api.post('main', `/funds/${encodeURIComponent(fundId)}/default`);
}

export async function deleteFund(api: ApiClient, fundId: string): Promise<void> {
  await api.delete('main', `/funds/${encodeURIComponent(fundId)}`);
}

export interface DepositInput {
  /** A saved fund id, or a method code (td) for a method without saved funds. */
  source: string;
  amountCents: number;
  csc?: string;
  browserData: BrowserData;
  checkout?: boolean;
}

/** POST /funds/{id}/deposit; v3.4 when a card security code goes with it (spec features §7). */
export async function deposit(
  api: ApiClient,
  input: DepositInput,
  idempotencyKey: string,
): Promise<Deposit & { messages: ApiMessage[] }> {
  const version: ApiVersion = input.csc ? '3.4' : '3.0';
  const body = {
    amount: centsToAmount(input.amountCents),
    ...(input.csc ? { csc: input.csc } : {}),
    ...(input.checkout ? { checkout: true } : {}),
    strongCustomerAuthentication: input.browserData,
  };
  const res = await api.post<unknown>('main', `/funds/${encodeURIComponent(input.source)}/deposit`, body, {
    version,
    idempotencyKey,
  });
  // The API's messages go along: deposit_pending is shown as an "Action Required" notification (features §8).
  return { ...parseApiResult(Deposit, res.result, 'POST /funds/{id}/deposit'), messages: res.messages };
}

/** POST /funds/{method}/{gateway}/deposit (spec features §7, Apple or Google Pay) with the wallet's payment token. */
export async function walletDeposit(
  api: ApiClient,
  input: { depositPath: string; amountCents: number; walletToken: string; checkout?: boolean },
  idempotencyKey: string,
): Promise<Deposit> {
  const body = {
    amount: centsToAmount(input.amountCents),
    walletToken: input.walletToken,
    ...(input.checkout ? { checkout: true } : {}),
  };
  const res = await api.post<unknown>('main', input.depositPath, body, { idempotencyKey });
  return parseApiResult(Deposit, res.result, 'POST /funds/{method}/{gateway}/deposit');
}

/** POST /funds/pl/braintree: link PayPal with the nonce PayPal's approval gave. */
export async function linkPayPal(
  api: ApiClient,
  input: { linkPath: string; email: string; nonce: string },
  idempotencyKey: string,
): Promise<void> {
  await api.post('main', input.linkPath, { email: input.email, nonce: input.nonce }, { idempotencyKey });
}

/** POST /deposits/{id}/cancel: the customer abandoned the payment at the provider (409 once it was approved). */
export async function cancelDeposit(api: ApiClient, depositId: string): Promise<Deposit> {
  const res = await api.post<unknown>('main', `/deposits/${encodeURIComponent(depositId)}/cancel`);
  return parseApiResult(Deposit, res.result, 'POST /deposits/{id}/cancel');
}

export async function getDeposit(api: ApiClient, depositId: string): Promise<Deposit> {
  const res = await api.get<unknown>('main', `/deposits/${encodeURIComponent(depositId)}`, { cache: false });
  return parseApiResult(Deposit, res.result, 'GET /deposits/{id}');
}

export interface WithdrawInput {
  withdrawalPath: string;
  fundId: string;
  amountCents: number;
  type?: string;
}

/** POST {withdrawalPath}/{id}/withdraw with amount and bank type (spec features §7). */
export async function withdraw(api: ApiClient, input: WithdrawInput, idempotencyKey: string): Promise<Withdrawal> {
  const path = `${input.withdrawalPath.replace(/\/+$/, '')}/${encodeURIComponent(input.fundId)}/withdraw`;
  const body = { amount: centsToAmount(input.amountCents), ...(input.type ? { type: input.type } : {}) };
  const res = await api.post<unknown>('main', path, body, { idempotencyKey });
  return parseApiResult(Withdrawal, res.result, 'POST {withdrawalPath}/{id}/withdraw');
}

export async function getWithdrawal(api: ApiClient, withdrawalId: string): Promise<Withdrawal> {
  const res = await api.get<unknown>('main', `/withdrawals/${encodeURIComponent(withdrawalId)}`, { cache: false });
  return parseApiResult(Withdrawal, res.result, 'GET /withdrawals/{id}');
}

export async function transactions(
  api: ApiClient,
  page: { limit: number; offset: number },
): Promise<{ items: Transaction[]; pageInfo: PageInfo | null }> {
  const res = await api.get<unknown>('main', '/transactions', { query: page, cache: false });
  return { items: parseApiResult(Transaction.array(), res.result, 'GET /transactions'), pageInfo: res.pageInfo };
}

export async function transaction(api: ApiClient, id: string): Promise<TransactionDetail> {
  const res = await api.get<unknown>('main', `/transactions/${encodeURIComponent(id)}`, { cache: false });
  return parseApiResult(TransactionDetail, res.result, 'GET /transactions/{id}');
}
