// The two-factor verification form (spec features §2, §4, §5, §8): one 6-digit input named otp with the paste rule,
// Continue (Enter submits too), a resend control locked for 60 seconds after use, the remember-device option, the
// account-locked alert with a contact-support link, and the title for the delivery method.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { validateForm } from '../../lib/form-validation.ts';
import { TWO_FACTOR_RESEND_LOCK_SECONDS, TWO_FACTOR_TEXTS, type TwoFactorMethod } from '@shop/contracts';
import { useEffect, useState, type ClipboardEvent, type FormEvent } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { CheckboxField, FieldErrors, FormAlert, inputClass, SubmitButton } from '../../ui/form-field.tsx';
import { OtpSchema } from './auth-schemas.ts';
import { normaliseOtpPaste, twoFactorTitle } from './two-factor.ts';

export interface TwoFactorState {
  token: string;
  method: TwoFactorMethod;
  identifier: string;
  /** The last verify submission (field errors, the incorrect-code message). */
  result?: SubmissionResult<string[]> | undefined;
  locked?: boolean | undefined;
  /** Set when a code was just resent: the resend control stays disabled for the lock. */
  resent?: boolean | undefined;
  /** A message about the resend itself (e.g. asked again too soon). */
  resendError?: string | undefined;
}

function useCountdown(start: boolean, seconds: number): number {
  const [left, setLeft] = useState(start ? seconds : 0);
  useEffect(() => {
    if (start) setLeft(seconds);
  }, [start, seconds]);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return left;
}

export function TwoFactorForm(props: {
  state: TwoFactorState;
  rememberDays: number;
  supportUrl: string;
  redirectTo?: string | undefined;
  /** The autologin screen's heading; the method's title follows it. */
  heading?: string;
}) {
  const { state } = props;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm({
    id: `two-factor-${state.token.slice(0, 8)}`,
    lastResult: state.result,
    onValidate: ({ formData }) => validateForm(formData, { schema: OtpSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  const resendLeft = useCountdown(!!state.resent, TWO_FACTOR_RESEND_LOCK_SECONDS);
  const locked = !!state.locked;
  const title = twoFactorTitle(state.method, state.identifier);

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    event.currentTarget.value = normaliseOtpPaste(event.clipboardData.getData('text'));
    event.currentTarget.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const cleaned = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
    if (cleaned !== event.currentTarget.value) event.currentTarget.value = cleaned;
  };

  const otpProps = getInputProps(fields.otp, { type: 'text' });
  return (
    <section aria-labelledby="two-factor-title" className="mx-auto w-full max-w-[460px]">
      {props.heading ? <h1 className="mb-0.5 text-2xl font-bold wrap-anywhere">{props.heading}</h1> : null}
      {props.heading ? (
        <h2 id="two-factor-title" className="mb-1 text-lg font-semibold wrap-anywhere">
          {title}
        </h2>
      ) : (
        <h1 id="two-factor-title" className="mb-1 text-2xl font-bold wrap-anywhere">
          {title}
        </h1>
      )}
      {locked ? (
        <FormAlert title={TWO_FACTOR_TEXTS.lockedTitle} messages={[TWO_FACTOR_TEXTS.locked]}>
          <Link to={props.supportUrl} className="font-semibold underline">
            Contact support
          </Link>
        </FormAlert>
      ) : (
        <FormAlert id={form.errorId} messages={form.errors} />
      )}
      {state.resent ? <FormAlert tone="success" messages={['We have sent you a new code.']} /> : null}
      {state.resendError ? <FormAlert messages={[state.resendError]} /> : null}
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="verify-2fa" />
        <input type="hidden" name="token" value={state.token} />
        <input type="hidden" name="method" value={state.method} />
        <input type="hidden" name="identifier" value={state.identifier} />
        {props.redirectTo ? <input type="hidden" name="redirect" value={props.redirectTo} /> : null}
        <div className="mb-1">
          <label htmlFor={fields.otp.id} className="mb-[4px] block font-semibold">
            6 digit code
          </label>
          <input
            {...otpProps}
            key={otpProps.key}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            pattern="[0-9]{6}"
            autoFocus
            disabled={locked}
            onPaste={onPaste}
            onInput={onInput}
            className={`${inputClass} tracking-[0.5em]`}
          />
          <FieldErrors id={fields.otp.errorId} errors={fields.otp.errors} />
        </div>
        <CheckboxField
          label={TWO_FACTOR_TEXTS.remember(props.rememberDays)}
          errorId={fields.rememberDevice.errorId}
          errors={fields.rememberDevice.errors}
        >
          <input
            {...getInputProps(fields.rememberDevice, { type: 'checkbox' })}
            className="size-[20px]"
            disabled={locked}
          />
        </CheckboxField>
        <SubmitButton busy={busy} disabled={locked}>
          Continue
        </SubmitButton>
      </Form>
      {/* An authenticator app makes its own codes: there is nothing to resend, and the API refuses it. */}
      {state.method === 'email' ? (
        <Form method="post" className="mt-1">
          <input type="hidden" name="intent" value="resend-2fa" />
          <input type="hidden" name="token" value={state.token} />
          <input type="hidden" name="method" value={state.method} />
          <input type="hidden" name="identifier" value={state.identifier} />
          {props.redirectTo ? <input type="hidden" name="redirect" value={props.redirectTo} /> : null}
          <button
            type="submit"
            disabled={locked || resendLeft > 0 || busy}
            className="min-h-[44px] font-semibold text-action-secondary underline disabled:cursor-not-allowed disabled:opacity-60"
          >
            {resendLeft > 0 ? `Resend code (${resendLeft}s)` : 'Resend code'}
          </button>
        </Form>
      ) : null}
      <p className="mt-1">
        <Link to={props.supportUrl} className="underline">
          {TWO_FACTOR_TEXTS.support}
        </Link>
      </p>
    </section>
  );
}
