// The withdraw form (spec features §2 Withdraw, §4 Withdrawals): withdrawable funds, the account to pay into and the
// amount; only withdrawable funds (winnings) can leave the wallet.
import type { Fund, Money } from '@shop/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { Field, FormErrors, IdempotencyKeyInput, type FormFeedback } from './form-parts.tsx';
import { fundLabel, moneyLabel } from './wallet-labels.ts';
import type { WalletLocale } from './wallet-rules.ts';

export interface WithdrawFormProps {
  withdrawable: Money;
  /** The whole wallet balance: said next to the withdrawable part, so a customer sees why they differ. */
  balance: Money;
  funds: Fund[];
  idempotencyKey: string;
  feedback: FormFeedback;
  values: { amount?: string; fund?: string };
  locale: WalletLocale;
}

export function WithdrawForm({
  withdrawable,
  balance,
  funds,
  idempotencyKey,
  feedback,
  values,
  locale,
}: WithdrawFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const preselected = values.fund ?? (funds.find((f) => f.default) ?? funds[0])?.id;
  return (
    <div className="flex max-w-[32rem] flex-col gap-1">
      <p className="text-lg" data-testid="withdrawable-funds">
        Withdrawable funds: <strong>{moneyLabel(withdrawable, locale)}</strong>
      </p>
      <p data-testid="withdraw-rule">
        Only winnings can be withdrawn, to a bank account in your name and from a verified account. Deposits and bonus
        money stay in your wallet to buy tickets
        {balance.amount > withdrawable.amount ? ` (your balance is ${moneyLabel(balance, locale)})` : ''}.
      </p>
      {withdrawable.amount <= 0 ? (
        <div className="flex flex-col gap-0.5" data-testid="nothing-to-withdraw">
          <p>You have no winnings to withdraw yet.</p>
          <Link to="/my-account/transactions" className="btn btn-secondary self-start">
            See your transactions
          </Link>
        </div>
      ) : funds.length === 0 ? (
        <div className="flex flex-col gap-0.5">
          <p>Add a bank account to withdraw your winnings.</p>
          <Link to="/my-account/cards-and-accounts" className="btn btn-primary self-start">
            Add a bank account
          </Link>
        </div>
      ) : (
        <Form method="post" className="flex flex-col gap-1" noValidate aria-busy={submitting}>
          <FormErrors errors={feedback.generalErrors} />
          <IdempotencyKeyInput value={idempotencyKey} />
          <fieldset className="flex flex-col gap-0.5">
            <legend className="mb-0.5 font-bold">Withdraw to</legend>
            {funds.map((f) => (
              <label
                key={f.id}
                className="flex min-h-[44px] items-center gap-0.5 rounded-theme border border-black/20 px-0.5"
              >
                <input type="radio" name="fund" value={f.id} defaultChecked={f.id === preselected} />
                <span>{fundLabel(f)}</span>
              </label>
            ))}
            {feedback.fieldErrors.fund?.length ? (
              <p className="text-sm font-bold text-error">{feedback.fieldErrors.fund[0]}</p>
            ) : null}
          </fieldset>
          <Field
            name="amount"
            label={`Withdrawal amount (${withdrawable.currency === 'GBP' ? '£' : '$'})`}
            inputMode="decimal"
            autoComplete="off"
            defaultValue={values.amount}
            errors={feedback.fieldErrors.amount}
          />
          <button type="submit" className="btn btn-primary self-start" disabled={submitting}>
            {submitting ? 'Withdrawing…' : 'Withdraw'}
          </button>
        </Form>
      )}
    </div>
  );
}
