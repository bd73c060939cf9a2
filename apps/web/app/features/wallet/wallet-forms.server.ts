// What the wallet's form posts do on the server: read and check the fields (the same messages as the browser), call
// the API once with the form's Idempotency-Key, and say where the customer goes next or what the form shows.
import { parseWithZod } from '@conform-to/zod/v4';
import type { ApiMessage, PaymentMethod } from '@shop/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError, formErrorsOf } from '../../lib/api-errors.ts';
import { formText, submissionErrors, submittedText } from '../../lib/form-data.ts';
import type { FormFeedback } from './form-parts.tsx';
import { DEPOSIT_FAILURE_TEXT, depositSources, payPalLink, savedFunds, walletButtons } from './wallet-labels.ts';
import { idempotencyKeyOf, newIdempotencyKey } from '../../lib/idempotency-key.ts';
import { browserDataFromForm, type WalletLocale } from './wallet-rules.ts';
import {
  depositFormSchema,
  fundsFormSchema,
  LinkPayPalForm,
  walletDepositFormSchema,
  withdrawFormSchema,
} from './wallet-schemas.ts';
import * as wallet from './wallet.server.ts';

export type FormOutcome =
  | { redirectTo: string; messages?: ApiMessage[] }
  | { feedback: FormFeedback; values: Record<string, string>; idempotencyKey: string };

function failed(error: unknown, values: Record<string, string>, idempotencyKey: string): FormOutcome {
  if (!(error instanceof ApiError) || error.status >= 500 || error.reason) throw error;
  const { fieldErrors, generalErrors } = formErrorsOf(error);
  const general = Object.keys(fieldErrors).length && !error.generalErrors.length ? [] : generalErrors;
  // The API's "this" key is a form-level message (core §8).
  const { this: formLevel = [], ...fields } = fieldErrors;
  return { feedback: { fieldErrors: fields, generalErrors: [...formLevel, ...general] }, values, idempotencyKey };
}

export interface SiteMoney {
  currency: 'AUD' | 'GBP';
  locale: WalletLocale;
}

/** POST of the deposit form: approved -> details/success, 3-D Secure -> authorisation, declined -> the form says why. */
export async function submitDeposit(
  api: ApiClient,
  methods: PaymentMethod[],
  form: FormData,
  origin: string,
  site: SiteMoney,
  checkout = false,
): Promise<FormOutcome> {
  // An Apple Pay or Google Pay button sends the form with its method code in `wallet`.
  const walletCode = formText(form, 'wallet');
  if (walletCode) return submitWalletDeposit(api, methods, form, walletCode, site, checkout);
  const idempotencyKey = idempotencyKeyOf(form);
  const submission = parseWithZod(form, { schema: depositFormSchema(depositSources(methods), site) });
  const values = submittedText(submission, ['amount', 'source']);
  if (submission.status !== 'success') return { feedback: submissionErrors(submission), values, idempotencyKey };
  const { source, amountCents, csc } = submission.value;

  let result;
  try {
    result = await wallet.deposit(
      api,
      {
        source: source.id,
        amountCents,
        csc,
        browserData: browserDataFromForm(form, origin),
        checkout,
      },
      idempotencyKey,
    );
  } catch (error) {
    return failed(error, values, idempotencyKey);
  }
  // Failed: no money moved; the same form again, with a new key so a corrected retry is a new deposit.
  return depositOutcome(result, values);
}

function depositOutcome(
  result: { id: string; status: string; failureReason: string | null; messages?: ApiMessage[] },
  values: Record<string, string>,
): FormOutcome {
  switch (result.status) {
    case 'approved':
      return { redirectTo: `/my-account/deposit/details/${result.id}/success` };
    case 'challenge':
      return { redirectTo: `/my-account/deposit/authorisation/${result.id}`, messages: result.messages };
    case 'failed':
      return {
        feedback: { fieldErrors: {}, generalErrors: [result.failureReason ?? DEPOSIT_FAILURE_TEXT] },
        values,
        idempotencyKey: newIdempotencyKey(),
      };
    default:
      return { redirectTo: `/my-account/deposit/details/${result.id}` };
  }
}

async function submitWalletDeposit(
  api: ApiClient,
  methods: PaymentMethod[],
  form: FormData,
  code: string,
  site: SiteMoney,
  checkout: boolean,
): Promise<FormOutcome> {
  const idempotencyKey = idempotencyKeyOf(form);
  const values = { amount: formText(form, 'amount'), source: formText(form, 'source') };
  const button = walletButtons(methods).find((b) => b.code === code);
  if (!button)
    return {
      feedback: { fieldErrors: {}, generalErrors: ['This payment method is not available. Please choose another.'] },
      values,
      idempotencyKey,
    };
  const submission = parseWithZod(form, { schema: walletDepositFormSchema(button, site) });
  if (submission.status !== 'success') return { feedback: submissionErrors(submission), values, idempotencyKey };
  try {
    const result = await wallet.walletDeposit(
      api,
      {
        depositPath: button.depositPath,
        amountCents: submission.value.amountCents,
        walletToken: button.walletToken,
        checkout,
      },
      idempotencyKey,
    );
    return depositOutcome(result, values);
  } catch (error) {
    // A declined wallet payment moved no money: the form again, with a new key for the next attempt.
    const outcome = failed(error, values, idempotencyKey);
    return 'feedback' in outcome ? { ...outcome, idempotencyKey: newIdempotencyKey() } : outcome;
  }
}

/** POST of the deposit screen's "Link PayPal" form: an e-mail, and the nonce PayPal's approval gives. */
export async function submitLinkPayPal(api: ApiClient, methods: PaymentMethod[], form: FormData): Promise<FormOutcome> {
  const idempotencyKey = idempotencyKeyOf(form);
  const link = payPalLink(methods);
  const submission = parseWithZod(form, { schema: LinkPayPalForm });
  const values = submittedText(submission, ['paypalEmail']);
  if (!link)
    return {
      feedback: { fieldErrors: {}, generalErrors: ['PayPal is already linked or not available.'] },
      values,
      idempotencyKey,
    };
  if (submission.status !== 'success') return { feedback: submissionErrors(submission), values, idempotencyKey };
  try {
    await wallet.linkPayPal(
      api,
      { linkPath: link.linkPath, email: submission.value.paypalEmail, nonce: link.nonce },
      idempotencyKey,
    );
  } catch (error) {
    const outcome = failed(error, values, idempotencyKey);
    if (!('feedback' in outcome)) return outcome;
    const { email = [], ...fields } = outcome.feedback.fieldErrors;
    return {
      ...outcome,
      feedback: { ...outcome.feedback, fieldErrors: email.length ? { ...fields, paypalEmail: email } : fields },
    };
  }
  return { redirectTo: '/my-account/deposit' };
}

/** POST of the withdraw form: only from withdrawable funds; the API's reason shows on the form. */
export async function submitWithdrawal(
  api: ApiClient,
  methods: PaymentMethod[],
  withdrawableCents: number,
  form: FormData,
  site: SiteMoney,
): Promise<FormOutcome> {
  const idempotencyKey = idempotencyKeyOf(form);
  const submission = parseWithZod(form, { schema: withdrawFormSchema(methods, withdrawableCents, site) });
  const values = submittedText(submission, ['amount', 'fund']);
  if (submission.status !== 'success') return { feedback: submissionErrors(submission), values, idempotencyKey };
  const { method, fund, amountCents } = submission.value;
  try {
    const withdrawal = await wallet.withdraw(
      api,
      {
        withdrawalPath: method.withdrawalPath!,
        fundId: fund.id,
        amountCents,
        type: fund.type === 'bank' ? 'bank' : undefined,
      },
      idempotencyKey,
    );
    return { redirectTo: `/my-account/withdraw/details/${withdrawal.id}` };
  } catch (error) {
    return failed(error, values, idempotencyKey);
  }
}

/** The forms of the cards-and-accounts screen, told apart by their intent. */
export async function submitFundsForm(
  api: ApiClient,
  methods: PaymentMethod[],
  form: FormData,
  gatewayKey: string | null,
): Promise<FormOutcome & { intent: string }> {
  const intent = formText(form, 'intent');
  const idempotencyKey = idempotencyKeyOf(form);
  const refused = (generalErrors: string[], values: Record<string, string> = {}) => ({
    intent,
    feedback: { fieldErrors: {}, generalErrors },
    values,
    idempotencyKey,
  });
  if (!FUND_INTENTS.includes(intent)) return refused(['Choose what to do.']);
  const submission = parseWithZod(form, { schema: fundsFormSchema(new Set(savedFunds(methods).map((f) => f.id))) });
  const values = submittedText(submission, FUND_FIELDS[intent] ?? []);
  if (intent === 'add-card' && !gatewayKey) return refused(['Cards cannot be added right now.'], values);
  if (submission.status !== 'success') {
    const { fieldErrors, generalErrors } = submissionErrors(submission);
    // A fund that is gone is the form's message, not a field's.
    const { fundId = [], ...fields } = fieldErrors;
    return {
      intent,
      feedback: { fieldErrors: fields, generalErrors: [...fundId, ...generalErrors] },
      values,
      idempotencyKey,
    };
  }
  const posted = submission.value;
  try {
    switch (posted.intent) {
      case 'set-default':
        await wallet.setDefaultFund(api, posted.fundId);
        return { intent, redirectTo: '/my-account/cards-and-accounts' };
      case 'delete':
        await wallet.deleteFund(api, posted.fundId);
        return { intent, redirectTo: '/my-account/cards-and-accounts' };
      case 'add-card':
        await wallet.addCard(
          api,
          {
            gateway: gatewayKey!,
            holderName: posted.holderName,
            cardNumber: posted.cardNumber,
            expiryMonth: posted.expiryMonth,
            expiryYear: posted.expiryYear,
            ...(posted.csc ? { csc: posted.csc } : {}),
            default: posted.default,
          },
          idempotencyKey,
        );
        return { intent, redirectTo: '/my-account/cards-and-accounts' };
      case 'add-bank-account':
        try {
          await wallet.addBankAccount(
            api,
            {
              accountName: posted.accountName,
              bankCode: posted.bankCode,
              accountNumber: posted.accountNumber,
              default: posted.default,
            },
            idempotencyKey,
          );
        } catch (error) {
          return { intent, ...failed(mapBankErrors(error), values, idempotencyKey) };
        }
        return { intent, redirectTo: '/my-account/cards-and-accounts' };
    }
  } catch (error) {
    return { intent, ...failed(error, {}, idempotencyKey) };
  }
}

const FUND_INTENTS: readonly string[] = ['set-default', 'delete', 'add-card', 'add-bank-account'];
const FUND_FIELDS: Record<string, string[]> = {
  'add-card': ['holderName', 'cardNumber', 'expiryMonth', 'expiryYear'],
  'add-bank-account': ['accountName', 'bankCode', 'accountNumber'],
};

/** Spec features §5: the server's account_number, bsb and swift errors belong to the accountNumber and bankCode fields. */
export function mapBankErrors(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const alias: Record<string, string> = {
    account_number: 'accountNumber',
    accountNumber: 'accountNumber',
    bsb: 'bankCode',
    swift: 'bankCode',
    bank_code: 'bankCode',
    bankCode: 'bankCode',
  };
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const target = alias[field] ?? field;
    fieldErrors[target] = [...(fieldErrors[target] ?? []), ...messages];
  }
  return new ApiError({
    status: error.status,
    url: error.url,
    message: error.message,
    fieldErrors,
    generalErrors: error.generalErrors,
    messages: error.messages,
  });
}
