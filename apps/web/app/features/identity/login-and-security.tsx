// Login and security (spec features §2 Account security, §8 "authenticator key copied"): change-password link and
// two-factor setup, either an authenticator app (QR code + key with a copy control) or emailed codes, each confirmed
// with a code before it is switched on; switching off asks for the password again.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { validateForm } from '../../lib/form-validation.ts';
import { maskEmail, OtpCode, type TwoFactorMethod } from '@shop/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { Field, FormAlert, inputClass, SubmitButton } from '../../ui/form-field.tsx';
import { showToast } from '../../lib/toasts.ts';

export const KEY_COPIED = 'Authenticator key copied';
export const TWO_FACTOR_ENABLED = 'Two-factor authentication is now on.';
export const TWO_FACTOR_DISABLED = 'Two-factor authentication is now off.';

export const ConfirmTwoFactorSchema = z.object({ otp: OtpCode });
export const DisableTwoFactorSchema = z.object({
  password: z.string({ error: 'This field is required.' }).min(1, 'This field is required.'),
});

export interface SecurityView {
  enabled: boolean;
  method: TwoFactorMethod | null;
  pendingMethod: TwoFactorMethod | null;
  identifier: string | null;
  email: string;
}

export type SecurityActionData =
  | {
      stage: 'authenticator';
      secret: string;
      otpauthUri: string;
      qrSvg: string;
      result?: SubmissionResult<string[]>;
    }
  | { stage: 'email'; result?: SubmissionResult<string[]> }
  | { stage: 'disable'; result: SubmissionResult<string[]> }
  | { stage: 'done'; message: string }
  | { stage: 'error'; messages: string[] };

function CopyKey({ secret }: { secret: string }) {
  return (
    <div className="mb-1">
      <p className="mb-0.5">
        Or enter this key in your app:{' '}
        <code className="break-all font-mono font-bold" data-testid="authenticator-key">
          {secret}
        </code>
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          void navigator.clipboard?.writeText(secret).then(
            // Features §8 success notification: authenticator key copied (the toast is the one message).
            () => showToast({ id: 'authenticator-key-copied', title: KEY_COPIED, level: 'success' }),
            () => undefined,
          );
        }}
      >
        Copy key
      </button>
    </div>
  );
}

function ConfirmCodeForm({
  lastResult,
  method,
  hidden,
}: {
  lastResult?: SubmissionResult<string[]> | undefined;
  method: TwoFactorMethod;
  hidden?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `confirm-2fa-${method}`,
    lastResult,
    onValidate: ({ formData }) => validateForm(formData, { schema: ConfirmTwoFactorSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormAlert id={form.errorId} messages={form.errors} />
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="method" value={method} />
      {Object.entries(hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <Field label="6 digit code" meta={fields.otp}>
        <input
          {...getInputProps(fields.otp, { type: 'text' })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className={inputClass}
        />
      </Field>
      <SubmitButton busy={navigation.state === 'submitting'}>Turn on two-factor authentication</SubmitButton>
    </Form>
  );
}

function DisableForm({ lastResult }: { lastResult?: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'disable-2fa',
    lastResult,
    onValidate: ({ formData }) => validateForm(formData, { schema: DisableTwoFactorSchema }),
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormAlert id={form.errorId} messages={form.errors} />
      <input type="hidden" name="intent" value="disable" />
      <Field label="Password" hint="Enter your password to turn two-factor authentication off." meta={fields.password}>
        <input
          {...getInputProps(fields.password, { type: 'password' })}
          autoComplete="current-password"
          className={inputClass}
        />
      </Field>
      <SubmitButton busy={navigation.state === 'submitting'}>Turn off two-factor authentication</SubmitButton>
    </Form>
  );
}

const METHOD_NAMES: Record<TwoFactorMethod, string> = {
  authenticator: 'an authenticator app',
  email: 'codes sent by email',
};

export function LoginAndSecurity({
  view,
  actionData,
}: {
  view: SecurityView;
  actionData?: SecurityActionData | undefined;
}) {
  const stage = actionData?.stage;
  const pending = stage === 'authenticator' ? 'authenticator' : stage === 'email' ? 'email' : view.pendingMethod;
  const done = actionData?.stage === 'done' ? actionData : null;
  const failed = actionData?.stage === 'error' ? actionData : null;
  const disable = actionData?.stage === 'disable' ? actionData : null;
  const enrolment = actionData?.stage === 'authenticator' ? actionData : null;
  const emailStep = actionData?.stage === 'email' ? actionData : null;
  return (
    <div className="flex flex-col gap-2">
      <section aria-labelledby="password-heading">
        <h2 id="password-heading" className="mb-0.5 text-xl font-bold">
          Password
        </h2>
        <Link to="/my-account/change-Password" className="btn btn-secondary">
          Change password
        </Link>
      </section>
      <section aria-labelledby="two-factor-heading">
        <h2 id="two-factor-heading" className="mb-0.5 text-xl font-bold">
          Two-factor authentication
        </h2>
        {done ? <FormAlert tone="success" messages={[done.message]} /> : null}
        {failed ? <FormAlert messages={failed.messages} /> : null}
        {view.enabled && view.method ? (
          <>
            <p className="mb-1">Two-factor authentication is on, with {METHOD_NAMES[view.method]}.</p>
            <DisableForm lastResult={disable?.result} />
          </>
        ) : enrolment ? (
          <>
            <p className="mb-0.5">
              Scan this QR code with your authenticator app, then enter the 6 digit code it shows.
            </p>
            <div
              className="mb-1 size-[200px] bg-white"
              role="img"
              aria-label="QR code for your authenticator app"
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <CopyKey secret={enrolment.secret} />
            <ConfirmCodeForm
              method="authenticator"
              lastResult={enrolment.result}
              hidden={{
                secret: enrolment.secret,
                otpauthUri: enrolment.otpauthUri,
              }}
            />
          </>
        ) : pending === 'email' ? (
          <>
            <p className="mb-0.5">
              We emailed a 6 digit code to {maskEmail(view.identifier ?? view.email)}. Enter it to turn on two-factor
              authentication.
            </p>
            <ConfirmCodeForm method="email" lastResult={emailStep?.result} />
          </>
        ) : (
          <>
            <p className="mb-1">Protect your account with a 6 digit code each time you log in on a new device.</p>
            <div className="flex flex-wrap gap-0.5">
              <Form method="post">
                <input type="hidden" name="intent" value="start-authenticator" />
                <button type="submit" className="btn btn-primary">
                  Set up an authenticator app
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="start-email" />
                <button type="submit" className="btn btn-secondary">
                  Get codes by email
                </button>
              </Form>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
