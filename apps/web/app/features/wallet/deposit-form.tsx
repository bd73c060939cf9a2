// The deposit form (spec features §2 Deposit, §4 Deposit forms, §5 card deposits and amount messages): amount with
// presets, the source to fund from, the card security code when the gateway asks for it, and the 3-D Secure browser
// data, read in the browser just before the form is sent.
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { BrowserDataInputs, fillBrowserData } from '../../ui/card-payment.tsx';
import { Field, FormErrors, IdempotencyKeyInput, type FormFeedback } from './form-parts.tsx';
import type { DepositSource, WalletButton } from './wallet-labels.ts';
import { amountLabel, challengeWindowSize, type WalletLocale } from './wallet-rules.ts';

export interface DepositFormProps {
  sources: DepositSource[];
  idempotencyKey: string;
  feedback: FormFeedback;
  values: { amount?: string; source?: string };
  presets: number[];
  currency: 'AUD' | 'GBP';
  locale: WalletLocale;
  weeklyLimitHelp?: boolean;
  /** Apple Pay and Google Pay buttons: they deposit the amount above through the wallet's payment sheet. */
  wallets?: WalletButton[];
}

type ApplePayWindow = { ApplePaySession?: { canMakePayments?: () => boolean } };

/** Apple Pay is offered only where the browser says it can pay (never on the server render, nor in Chromium). */
export function browserSupports(
  api: string | null,
  win: ApplePayWindow | undefined = typeof window === 'undefined' ? undefined : (window as ApplePayWindow),
): boolean {
  if (!api) return true;
  if (!win || api !== 'ApplePaySession') return false;
  try {
    return win.ApplePaySession?.canMakePayments?.() === true;
  } catch {
    return false;
  }
}

/** 3-D Secure's challenge window size: only the deposit form asks the gateway for one that fits the screen. */
const CHALLENGE_WINDOW_FIELD = 'browserChallengeWindowSize';

function useSupportedWallets(wallets: WalletButton[]): WalletButton[] {
  // Starts with what the server can know (no browser-only wallets), so hydration matches; the browser adds the rest.
  const [supported, setSupported] = useState(() => wallets.filter((w) => !w.requiresBrowserSupport));
  useEffect(() => {
    setSupported(wallets.filter((w) => browserSupports(w.requiresBrowserSupport)));
  }, [wallets]);
  return supported;
}

export function DepositForm({
  sources,
  idempotencyKey,
  feedback,
  values,
  presets,
  currency,
  locale,
  weeklyLimitHelp,
  wallets = [],
}: DepositFormProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const [sourceId, setSourceId] = useState(values.source ?? sources[0]?.id ?? '');
  const [amount, setAmount] = useState(values.amount ?? '');
  const formRef = useRef<HTMLFormElement>(null);
  const source = sources.find((s) => s.id === sourceId) ?? sources[0];
  const walletsShown = useSupportedWallets(wallets);

  if (!sources.length && !wallets.length) {
    return (
      <div className="flex flex-col gap-1">
        <p>Add a card to deposit into your account.</p>
        <Link to="/my-account/cards-and-accounts" className="btn btn-primary self-start">
          Add a card
        </Link>
      </div>
    );
  }

  const rules = source?.method.rules ?? wallets[0]?.method.rules;
  const min = rules ? Math.max(Math.round(rules.minAmount.amount * 100), 1) : 1;
  const max = rules ? Math.round(rules.maxAmount.amount * 100) : null;
  const limits = `Minimum ${amountLabel(min, currency, locale)}${max ? `, maximum ${amountLabel(max, currency, locale)}` : ''}.`;

  return (
    <Form
      method="post"
      ref={formRef}
      className="flex max-w-[32rem] flex-col gap-1"
      noValidate
      onSubmit={(e) =>
        fillBrowserData(e.currentTarget, { [CHALLENGE_WINDOW_FIELD]: challengeWindowSize(window.innerWidth) })
      }
      aria-busy={submitting}
    >
      <FormErrors
        errors={feedback.generalErrors}
        title={feedback.generalErrors.length ? 'Your deposit failed' : undefined}
      />
      <IdempotencyKeyInput value={idempotencyKey} />
      <BrowserDataInputs extra={[CHALLENGE_WINDOW_FIELD]} />

      {sources.length ? (
        <fieldset className="flex flex-col gap-0.5">
          <legend className="mb-0.5 font-bold">Deposit from</legend>
          {sources.map((s) => (
            <label
              key={s.id}
              className="flex min-h-[44px] items-center gap-0.5 rounded-theme border border-black/20 px-0.5"
            >
              <input
                type="radio"
                name="source"
                value={s.id}
                checked={s.id === source?.id}
                onChange={() => setSourceId(s.id)}
              />
              <span>{s.label}</span>
            </label>
          ))}
          {feedback.fieldErrors.source?.length ? (
            <p className="text-sm font-bold text-error">{feedback.fieldErrors.source[0]}</p>
          ) : null}
        </fieldset>
      ) : null}

      <div className="flex flex-wrap gap-0.5" role="group" aria-label="Choose an amount">
        {presets.map((cents) => (
          <button
            key={cents}
            type="button"
            className="btn btn-secondary"
            aria-pressed={amount === String(cents / 100)}
            onClick={() => setAmount(String(cents / 100))}
          >
            {amountLabel(cents, currency, locale)}
          </button>
        ))}
      </div>
      <Field
        name="amount"
        label={`Deposit amount (${currency === 'GBP' ? '£' : '$'})`}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.currentTarget.value)}
        errors={feedback.fieldErrors.amount}
        hint={limits}
      />
      {source?.cscRequired ? (
        <Field
          name="csc"
          label="Card security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          errors={feedback.fieldErrors.csc}
        />
      ) : null}
      {weeklyLimitHelp ? (
        <p className="text-sm">Weekly deposit limit: the maximum deposit in any 7-day period.</p>
      ) : null}
      {sources.length ? (
        <button type="submit" className="btn btn-primary self-start" disabled={submitting}>
          {submitting ? 'Depositing…' : 'Deposit'}
        </button>
      ) : null}
      {walletsShown.length ? (
        <div className="flex flex-wrap items-center gap-0.5" role="group" aria-label="Pay with a digital wallet">
          {sources.length ? <span className="text-sm">or pay with</span> : null}
          {walletsShown.map((w) => (
            <button
              key={w.code}
              type="submit"
              name="wallet"
              value={w.code}
              className="btn btn-secondary"
              disabled={submitting}
              data-testid={`wallet-${w.code}`}
            >
              {w.name}
            </button>
          ))}
        </div>
      ) : null}
    </Form>
  );
}
