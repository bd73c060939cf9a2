// What the wallet's form posts do on the server: read and check the fields (the same messages as the browser), call
// the API once with the form's Idempotency-Key, and say where the customer goes next or what the form shows.
import { moneyToCents, type PaymentMethod } from '@shop/contracts';
import type { ApiClient } from '../../lib/api-client.ts';
import { ApiError, formErrorsOf } from '../../lib/api-errors.ts';
import { formText } from '../../lib/form-data.ts';
import type { FormFeedback } from './form-parts.tsx';
import { DEPOSIT_FAILURE_TEXT, depositSources, payPalLink, savedFunds, walletButtons } from './wallet-labels.ts';
import {
  browserDataFromForm,
  cardHolderNameError,
  checkAmount,
  FORM_MESSAGES,
  idempotencyKeyOf,
  newIdempotencyKey,
  type WalletLocale,
} from './wallet-rules.ts';
import * as wallet from './wallet.server.ts';

export type FormOutcome =
  { redirectTo: string } | { feedback: FormFeedback; values: Record<string, string>; idempotencyKey: string };

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
  const sources = depositSources(methods);
  const values = { amount: formText(form, 'amount'), source: formText(form, 'source') };
  const idempotencyKey = idempotencyKeyOf(form);
  const source = sources.find((s) => s.id === values.source);
  const fieldErrors: Record<string, string[]> = {};
  if (!source) fieldErrors.source = [FORM_MESSAGES.required];
  const amount = checkAmount(values.amount, {
    currency: source?.method.rules.minAmount.currency ?? site.currency,
    locale: site.locale,
    minCents: source ? moneyToCents(source.method.rules.minAmount) : null,
    maxCents: source ? moneyToCents(source.method.rules.maxAmount) : null,
  });
  if ('error' in amount) fieldErrors.amount = [amount.error];
  const csc = formText(form, 'csc').trim();
  if (source?.cscRequired && !/^\d{3,4}$/.test(csc))
    fieldErrors.csc = [csc ? FORM_MESSAGES.numbersOnly : FORM_MESSAGES.required];
  if (Object.keys(fieldErrors).length || !source || 'error' in amount)
    return { feedback: { fieldErrors, generalErrors: [] }, values, idempotencyKey };

  let result;
  try {
    result = await wallet.deposit(
      api,
      {
        source: source.id,
        amountCents: amount.cents,
        csc: source.cscRequired ? csc : undefined,
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
  result: { id: string; status: string; failureReason: string | null },
  values: Record<string, string>,
): FormOutcome {
  switch (result.status) {
    case 'approved':
      return { redirectTo: `/my-account/deposit/details/${result.id}/success` };
    case 'challenge':
      return { redirectTo: `/my-account/deposit/authorisation/${result.id}` };
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
  const values = { amount: formText(form, 'amount'), source: formText(form, 'source') };
  const idempotencyKey = idempotencyKeyOf(form);
  const button = walletButtons(methods).find((b) => b.code === code);
  if (!button)
    return {
      feedback: { fieldErrors: {}, generalErrors: ['This payment method is not available. Please choose another.'] },
      values,
      idempotencyKey,
    };
  const rules = button.method.rules;
  const amount = checkAmount(values.amount, {
    currency: rules.minAmount.currency,
    locale: site.locale,
    minCents: moneyToCents(rules.minAmount),
    maxCents: moneyToCents(rules.maxAmount),
  });
  if ('error' in amount)
    return { feedback: { fieldErrors: { amount: [amount.error] }, generalErrors: [] }, values, idempotencyKey };
  try {
    const result = await wallet.walletDeposit(
      api,
      { depositPath: button.depositPath, amountCents: amount.cents, walletToken: button.walletToken, checkout },
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
  const values = { paypalEmail: formText(form, 'paypalEmail').trim() };
  const idempotencyKey = idempotencyKeyOf(form);
  const link = payPalLink(methods);
  if (!link)
    return {
      feedback: { fieldErrors: {}, generalErrors: ['PayPal is already linked or not available.'] },
      values,
      idempotencyKey,
    };
  if (!values.paypalEmail)
    return {
      feedback: { fieldErrors: { paypalEmail: [FORM_MESSAGES.required] }, generalErrors: [] },
      values,
      idempotencyKey,
    };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.paypalEmail))
    return {
      feedback: { fieldErrors: { paypalEmail: [FORM_MESSAGES.email] }, generalErrors: [] },
      values,
      idempotencyKey,
    };
  try {
    await wallet.linkPayPal(
      api,
      { linkPath: link.linkPath, email: values.paypalEmail, nonce: link.nonce },
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
  const values = { amount: formText(form, 'amount'), fund: formText(form, 'fund') };
  const idempotencyKey = idempotencyKeyOf(form);
  const method = methods.find((m) => m.withdrawalPath && m.funds.some((f) => f.id === values.fund));
  const fieldErrors: Record<string, string[]> = {};
  if (!method) fieldErrors.fund = [FORM_MESSAGES.required];
  const maxCents = method ? Math.min(moneyToCents(method.rules.maxAmount), withdrawableCents) : withdrawableCents;
  const amount = checkAmount(values.amount, {
    currency: site.currency,
    locale: site.locale,
    minCents: method ? moneyToCents(method.rules.minAmount) : null,
    maxCents,
  });
  if ('error' in amount) fieldErrors.amount = [amount.error];
  if (Object.keys(fieldErrors).length || !method || 'error' in amount)
    return { feedback: { fieldErrors, generalErrors: [] }, values, idempotencyKey };
  try {
    const fund = method.funds.find((f) => f.id === values.fund);
    const withdrawal = await wallet.withdraw(
      api,
      {
        withdrawalPath: method.withdrawalPath!,
        fundId: values.fund,
        amountCents: amount.cents,
        type: fund?.type === 'bank' ? 'bank' : undefined,
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
  const known = new Set(savedFunds(methods).map((f) => f.id));
  const fundId = formText(form, 'fundId');
  try {
    switch (intent) {
      case 'set-default':
      case 'delete': {
        if (!known.has(fundId))
          return {
            intent,
            feedback: { fieldErrors: {}, generalErrors: ['That card or account is no longer saved.'] },
            values: {},
            idempotencyKey,
          };
        if (intent === 'set-default') await wallet.setDefaultFund(api, fundId);
        else await wallet.deleteFund(api, fundId);
        return { intent, redirectTo: '/my-account/cards-and-accounts' };
      }
      case 'add-card': {
        const values = {
          holderName: formText(form, 'holderName'),
          cardNumber: formText(form, 'cardNumber'),
          expiryMonth: formText(form, 'expiryMonth'),
          expiryYear: formText(form, 'expiryYear'),
        };
        const fieldErrors: Record<string, string[]> = {};
        const nameError = cardHolderNameError(values.holderName);
        if (nameError) fieldErrors.holderName = [nameError];
        const number = values.cardNumber.replace(/[\s-]/g, '');
        if (!number) fieldErrors.cardNumber = [FORM_MESSAGES.required];
        else if (!/^\d{12,19}$/.test(number)) fieldErrors.cardNumber = ['Please enter a valid card number.'];
        const month = Number(values.expiryMonth);
        if (!Number.isInteger(month) || month < 1 || month > 12)
          fieldErrors.expiryMonth = ['Please enter a valid expiry month.'];
        const yearText = values.expiryYear.trim();
        const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
        if (!/^\d{2}(\d{2})?$/.test(yearText)) fieldErrors.expiryYear = [FORM_MESSAGES.numbersOnly];
        const csc = formText(form, 'csc').trim();
        if (csc && !/^\d{3,4}$/.test(csc)) fieldErrors.csc = [FORM_MESSAGES.numbersOnly];
        if (!gatewayKey)
          return {
            intent,
            feedback: { fieldErrors: {}, generalErrors: ['Cards cannot be added right now.'] },
            values,
            idempotencyKey,
          };
        if (Object.keys(fieldErrors).length)
          return { intent, feedback: { fieldErrors, generalErrors: [] }, values, idempotencyKey };
        await wallet.addCard(
          api,
          {
            gateway: gatewayKey,
            holderName: values.holderName.trim(),
            cardNumber: number,
            expiryMonth: month,
            expiryYear: year,
            ...(csc ? { csc } : {}),
            default: form.get('default') === 'on',
          },
          idempotencyKey,
        );
        return { intent, redirectTo: '/my-account/cards-and-accounts' };
      }
      case 'add-bank-account': {
        const values = {
          accountName: formText(form, 'accountName'),
          bankCode: formText(form, 'bankCode'),
          accountNumber: formText(form, 'accountNumber'),
        };
        const fieldErrors: Record<string, string[]> = {};
        if (!values.accountName.trim()) fieldErrors.accountName = [FORM_MESSAGES.required];
        const bsb = values.bankCode.replace(/[\s-]/g, '');
        const account = values.accountNumber.replace(/[\s-]/g, '');
        if (!bsb) fieldErrors.bankCode = [FORM_MESSAGES.required];
        else if (!/^\d+$/.test(bsb)) fieldErrors.bankCode = [FORM_MESSAGES.numbersOnly];
        if (!account) fieldErrors.accountNumber = [FORM_MESSAGES.required];
        else if (!/^\d+$/.test(account)) fieldErrors.accountNumber = [FORM_MESSAGES.numbersOnly];
        if (Object.keys(fieldErrors).length)
          return { intent, feedback: { fieldErrors, generalErrors: [] }, values, idempotencyKey };
        try {
          await wallet.addBankAccount(
            api,
            {
              accountName: values.accountName.trim(),
              bankCode: bsb,
              accountNumber: account,
              default: form.get('default') === 'on',
            },
            idempotencyKey,
          );
        } catch (error) {
          return { intent, ...failed(mapBankErrors(error), values, idempotencyKey) };
        }
        return { intent, redirectTo: '/my-account/cards-and-accounts' };
      }
      default:
        return {
          intent,
          feedback: { fieldErrors: {}, generalErrors: ['Choose what to do.'] },
          values: {},
          idempotencyKey,
        };
    }
  } catch (error) {
    return { intent, ...failed(error, {}, idempotencyKey) };
  }
}

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
