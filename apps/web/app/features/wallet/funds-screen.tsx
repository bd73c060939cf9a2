// Cards and accounts (spec features §2, §3 Payments, §4 Funding-source verification, §5): saved funds with the default
// flag and verification status, set default, delete, add a card with the test gateway form, add a bank account.
import type { Fund } from '@shop/contracts';
import { Form } from 'react-router';
import { TestCardList } from '../../ui/card-payment.tsx';
import { Field, FormErrors, IdempotencyKeyInput, NO_FEEDBACK, type FormFeedback } from './form-parts.tsx';
import { fundLabel } from './wallet-labels.ts';

export interface FundsScreenProps {
  funds: Fund[];
  gateway: { key: string; name: string; cscRequired: boolean; testCards: { number: string; outcome: string }[] } | null;
  /** Which form the last post came from and what it showed. */
  result: { intent: string; feedback: FormFeedback; values: Record<string, string> } | null;
  keys: { card: string; bank: string };
}

function FundRow({ fund }: { fund: Fund }) {
  const label = fundLabel(fund);
  return (
    <li
      className="flex flex-wrap items-center gap-0.5 rounded-theme border border-black/20 p-0.5"
      data-testid="saved-fund"
    >
      <span className="grow">
        {label}
        {fund.default ? <strong className="ml-0.5">Default</strong> : null}
        <span className="block text-sm">{fund.verification}</span>
      </span>
      {!fund.default ? (
        <Form method="post">
          <input type="hidden" name="intent" value="set-default" />
          <input type="hidden" name="fundId" value={fund.id} />
          <button type="submit" className="btn btn-secondary" aria-label={`Make ${label} the default`}>
            Make default
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="fundId" value={fund.id} />
        <button type="submit" className="btn btn-secondary" aria-label={`Delete ${label}`}>
          Delete
        </button>
      </Form>
    </li>
  );
}

export function FundsScreen({ funds, gateway, result, keys }: FundsScreenProps) {
  const cards = funds.filter((f) => f.type !== 'bank');
  const banks = funds.filter((f) => f.type === 'bank');
  const card = result?.intent === 'add-card' ? result : null;
  const bank = result?.intent === 'add-bank-account' ? result : null;
  const other = result && !card && !bank ? result.feedback : NO_FEEDBACK;
  return (
    <div className="flex flex-col gap-2">
      <FormErrors errors={other.generalErrors} />
      <section aria-labelledby="saved-cards" className="flex flex-col gap-0.5">
        <h2 id="saved-cards" className="text-xl font-bold">
          Cards
        </h2>
        {cards.length ? (
          <ul className="flex flex-col gap-0.5">
            {cards.map((f) => (
              <FundRow key={f.id} fund={f} />
            ))}
          </ul>
        ) : (
          <p>You have no saved cards.</p>
        )}
      </section>
      <section aria-labelledby="saved-accounts" className="flex flex-col gap-0.5">
        <h2 id="saved-accounts" className="text-xl font-bold">
          Bank accounts
        </h2>
        {banks.length ? (
          <ul className="flex flex-col gap-0.5">
            {banks.map((f) => (
              <FundRow key={f.id} fund={f} />
            ))}
          </ul>
        ) : (
          <p>You have no saved bank accounts.</p>
        )}
      </section>

      {gateway ? <AddCardForm gateway={gateway} result={card} idempotencyKey={keys.card} /> : null}

      <section aria-labelledby="add-bank-account" className="flex max-w-[32rem] flex-col gap-0.5">
        <h2 id="add-bank-account" className="text-xl font-bold">
          Add a bank account
        </h2>
        <Form method="post" className="flex flex-col gap-1" noValidate>
          <input type="hidden" name="intent" value="add-bank-account" />
          <IdempotencyKeyInput value={keys.bank} />
          <FormErrors errors={bank?.feedback.generalErrors ?? []} />
          <Field
            idPrefix="bank"
            name="accountName"
            label="Account name"
            autoComplete="name"
            defaultValue={bank?.values.accountName}
            errors={bank?.feedback.fieldErrors.accountName}
          />
          <Field
            idPrefix="bank"
            name="bankCode"
            label="BSB"
            inputMode="numeric"
            defaultValue={bank?.values.bankCode}
            errors={bank?.feedback.fieldErrors.bankCode}
          />
          <Field
            idPrefix="bank"
            name="accountNumber"
            label="Account number"
            inputMode="numeric"
            defaultValue={bank?.values.accountNumber}
            errors={bank?.feedback.fieldErrors.accountNumber}
          />
          <label className="flex min-h-[44px] items-center gap-0.5">
            <input type="checkbox" name="default" /> Make this my default account
          </label>
          <button type="submit" className="btn btn-primary self-start">
            Save bank account
          </button>
        </Form>
      </section>
    </div>
  );
}

/** The add-card form of the test gateway (also on the payment-resolution screen, which posts it to its own action). */
export function AddCardForm({
  gateway,
  result,
  idempotencyKey,
}: {
  gateway: NonNullable<FundsScreenProps['gateway']>;
  result: FundsScreenProps['result'];
  idempotencyKey: string;
}) {
  const card = result?.intent === 'add-card' ? result : null;
  return (
    <section aria-labelledby="add-card" className="flex max-w-[32rem] flex-col gap-0.5">
      <h2 id="add-card" className="text-xl font-bold">
        Add a card
      </h2>
      <Form method="post" className="flex flex-col gap-1" noValidate>
        <input type="hidden" name="intent" value="add-card" />
        <IdempotencyKeyInput value={idempotencyKey} />
        <FormErrors errors={card?.feedback.generalErrors ?? []} />
        <Field
          idPrefix="card"
          name="holderName"
          label="Name on card"
          autoComplete="cc-name"
          defaultValue={card?.values.holderName}
          errors={card?.feedback.fieldErrors.holderName}
        />
        <Field
          idPrefix="card"
          name="cardNumber"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          defaultValue={card?.values.cardNumber}
          errors={card?.feedback.fieldErrors.cardNumber}
        />
        <div className="grid grid-cols-2 items-end gap-0.5">
          <Field
            idPrefix="card"
            name="expiryMonth"
            label="Expiry month (MM)"
            inputMode="numeric"
            autoComplete="cc-exp-month"
            maxLength={2}
            defaultValue={card?.values.expiryMonth}
            errors={card?.feedback.fieldErrors.expiryMonth}
          />
          <Field
            idPrefix="card"
            name="expiryYear"
            label="Expiry year (YY)"
            inputMode="numeric"
            autoComplete="cc-exp-year"
            maxLength={4}
            defaultValue={card?.values.expiryYear}
            errors={card?.feedback.fieldErrors.expiryYear}
          />
        </div>
        <Field
          idPrefix="card"
          name="csc"
          label="Card security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          errors={card?.feedback.fieldErrors.csc}
        />
        <label className="flex min-h-[44px] items-center gap-0.5">
          <input type="checkbox" name="default" /> Make this my default card
        </label>
        <TestCardList gateway={gateway} />
        <button type="submit" className="btn btn-primary self-start">
          Save card
        </button>
      </Form>
    </section>
  );
}
