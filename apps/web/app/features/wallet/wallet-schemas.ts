// The wallet's forms as zod schemas (docs/storefront.md, Forms): the actions parse posts with Conform against these,
// with the messages of spec features §5. The limits come from the payment methods the API lists, so each schema is
// built for the methods the page showed.
import { moneyToCents, type PaymentMethod } from '@shop/contracts';
import { z } from 'zod';
import type { DepositSource, WalletButton } from './wallet-labels.ts';
import { cardHolderNameError, checkAmount, FORM_MESSAGES, type AmountRules } from './wallet-rules.ts';

/** An amount field checked against a method's limits; its value is in cents. */
function amountIssue(raw: string, rules: AmountRules, ctx: z.RefinementCtx): number | null {
  const amount = checkAmount(raw, rules);
  if ('error' in amount) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: amount.error });
    return null;
  }
  return amount.cents;
}

const text = () => z.string().trim().default('');

/** The deposit form: a source (a saved fund, or a method without one), an amount within its limits, and the card
 * security code when the gateway asks for it. */
export function depositFormSchema(sources: readonly DepositSource[], site: Pick<AmountRules, 'currency' | 'locale'>) {
  return z.object({ source: text(), amount: text(), csc: text() }).transform((v, ctx) => {
    const source = sources.find((s) => s.id === v.source);
    if (!source) ctx.addIssue({ code: 'custom', path: ['source'], message: FORM_MESSAGES.required });
    const cents = amountIssue(
      v.amount,
      {
        currency: source?.method.rules.minAmount.currency ?? site.currency,
        locale: site.locale,
        minCents: source ? moneyToCents(source.method.rules.minAmount) : null,
        maxCents: source ? moneyToCents(source.method.rules.maxAmount) : null,
      },
      ctx,
    );
    if (source?.cscRequired && !/^\d{3,4}$/.test(v.csc))
      ctx.addIssue({
        code: 'custom',
        path: ['csc'],
        message: v.csc ? FORM_MESSAGES.numbersOnly : FORM_MESSAGES.required,
      });
    if (!source || cents === null) return z.NEVER;
    return { source, amountCents: cents, csc: source.cscRequired ? v.csc : undefined };
  });
}

/** An Apple Pay or Google Pay button's post: an amount within that method's limits. */
export function walletDepositFormSchema(button: WalletButton, site: Pick<AmountRules, 'locale'>) {
  const rules = button.method.rules;
  return z.object({ amount: text() }).transform((v, ctx) => {
    const cents = amountIssue(
      v.amount,
      {
        currency: rules.minAmount.currency,
        locale: site.locale,
        minCents: moneyToCents(rules.minAmount),
        maxCents: moneyToCents(rules.maxAmount),
      },
      ctx,
    );
    return cents === null ? z.NEVER : { amountCents: cents };
  });
}

/** The "Link PayPal" form: the PayPal account's email. */
export const LinkPayPalForm = z.object({
  paypalEmail: z
    .string({ error: FORM_MESSAGES.required })
    .trim()
    .min(1, FORM_MESSAGES.required)
    .email(FORM_MESSAGES.email),
});

/** The withdraw form: a fund of a withdrawal method, an amount within its limits and the withdrawable funds. */
export function withdrawFormSchema(
  methods: readonly PaymentMethod[],
  withdrawableCents: number,
  site: Pick<AmountRules, 'currency' | 'locale'>,
) {
  return z.object({ fund: text(), amount: text() }).transform((v, ctx) => {
    const method = methods.find((m) => m.withdrawalPath && m.funds.some((f) => f.id === v.fund));
    if (!method) ctx.addIssue({ code: 'custom', path: ['fund'], message: FORM_MESSAGES.required });
    const cents = amountIssue(
      v.amount,
      {
        currency: site.currency,
        locale: site.locale,
        minCents: method ? moneyToCents(method.rules.minAmount) : null,
        maxCents: method ? Math.min(moneyToCents(method.rules.maxAmount), withdrawableCents) : withdrawableCents,
      },
      ctx,
    );
    if (!method || cents === null) return z.NEVER;
    return { method, fund: method.funds.find((f) => f.id === v.fund)!, amountCents: cents };
  });
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** The cards-and-accounts forms, told apart by intent: make a fund the default, delete it, add a card or an account. */
export function fundsFormSchema(savedFundIds: ReadonlySet<string>) {
  const GONE = 'That card or account is no longer saved.';
  const known = z.string({ error: GONE }).refine((id) => savedFundIds.has(id), GONE);
  return z.discriminatedUnion('intent', [
    z.object({ intent: z.literal('set-default'), fundId: known }),
    z.object({ intent: z.literal('delete'), fundId: known }),
    z
      .object({
        intent: z.literal('add-card'),
        holderName: text(),
        cardNumber: text(),
        expiryMonth: text(),
        expiryYear: text(),
        csc: text(),
        default: z.boolean().default(false),
      })
      .transform((v, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        const nameError = cardHolderNameError(v.holderName);
        if (nameError) issue('holderName', nameError);
        const number = digitsOnly(v.cardNumber);
        if (!number) issue('cardNumber', FORM_MESSAGES.required);
        else if (!/^\d{12,19}$/.test(number)) issue('cardNumber', 'Please enter a valid card number.');
        const month = Number(v.expiryMonth);
        if (!v.expiryMonth || !Number.isInteger(month) || month < 1 || month > 12)
          issue('expiryMonth', 'Please enter a valid expiry month.');
        if (!v.expiryYear) issue('expiryYear', FORM_MESSAGES.required);
        else if (!/^\d+$/.test(v.expiryYear)) issue('expiryYear', FORM_MESSAGES.numbersOnly);
        else if (!/^\d{2}(\d{2})?$/.test(v.expiryYear)) issue('expiryYear', 'Please enter a valid expiry year.');
        if (v.csc && !/^\d+$/.test(v.csc)) issue('csc', FORM_MESSAGES.numbersOnly);
        else if (v.csc && !/^\d{3,4}$/.test(v.csc)) issue('csc', 'The security code is 3 or 4 digits.');
        const year = v.expiryYear.length === 2 ? 2000 + Number(v.expiryYear) : Number(v.expiryYear);
        // A card past its expiry month is told with the other fields, not after they pass.
        const now = new Date();
        if (
          Number.isInteger(month) &&
          month >= 1 &&
          month <= 12 &&
          /^\d{2}(\d{2})?$/.test(v.expiryYear) &&
          (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
        )
          issue('expiryYear', 'This card has expired.');
        return { ...v, cardNumber: number, expiryMonth: month, expiryYear: year };
      }),
    z
      .object({
        intent: z.literal('add-bank-account'),
        accountName: text(),
        bankCode: text(),
        accountNumber: text(),
        default: z.boolean().default(false),
      })
      .transform((v, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
        if (!v.accountName) issue('accountName', FORM_MESSAGES.required);
        const bsb = digitsOnly(v.bankCode);
        const account = digitsOnly(v.accountNumber);
        if (!bsb) issue('bankCode', FORM_MESSAGES.required);
        else if (!/^\d+$/.test(bsb)) issue('bankCode', FORM_MESSAGES.numbersOnly);
        if (!account) issue('accountNumber', FORM_MESSAGES.required);
        else if (!/^\d+$/.test(account)) issue('accountNumber', FORM_MESSAGES.numbersOnly);
        return { ...v, bankCode: bsb, accountNumber: account };
      }),
  ]);
}
