// The login and register steps of the login screen (spec core §4 Login flow steps). Plain posts: both work without
// JavaScript; with it, Conform validates with the same schemas as the action.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { validateForm } from '../../lib/form-validation.ts';
import type { Region } from '@shop/contracts';
import { useMemo } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { CheckboxField, Field, FormAlert, inputClass, SubmitButton } from '../../ui/form-field.tsx';
import { LoginSchema, registerSchema } from './auth-schemas.ts';

function useBusy(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

export function LoginForm(props: {
  lastResult?: SubmissionResult<string[]> | undefined;
  redirectTo?: string | undefined;
  registerHref: string;
}) {
  const busy = useBusy('login');
  const [form, fields] = useForm({
    id: 'login',
    lastResult: props.lastResult,
    onValidate: ({ formData }) => validateForm(formData, { schema: LoginSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <section aria-labelledby="login-title" className="mx-auto w-full max-w-[460px]">
      <h1 id="login-title" className="mb-1 text-2xl font-bold">
        Log in
      </h1>
      <FormAlert id={form.errorId} messages={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="login" />
        {props.redirectTo ? <input type="hidden" name="redirect" value={props.redirectTo} /> : null}
        <Field label="Email" meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="username" className={inputClass} />
        </Field>
        <Field label="Password" meta={fields.password}>
          <input
            {...getInputProps(fields.password, { type: 'password' })}
            autoComplete="current-password"
            className={inputClass}
          />
        </Field>
        <p className="mb-1">
          <Link to="/forgot-password" className="underline">
            Forgot your password?
          </Link>
        </p>
        <SubmitButton busy={busy}>Log in</SubmitButton>
      </Form>
      <p className="mt-1">
        New here?{' '}
        <Link to={props.registerHref} className="font-semibold underline">
          Create an account
        </Link>
      </p>
    </section>
  );
}

export interface RegisterFormOptions {
  minAge: number;
  today: string;
  regions: readonly Region[];
  marketingConsentDefault: boolean;
  termsUrl: string;
}

export function RegisterForm(props: {
  lastResult?: SubmissionResult<string[]> | undefined;
  redirectTo?: string | undefined;
  loginHref: string;
  options: RegisterFormOptions;
}) {
  const { options } = props;
  const busy = useBusy('register');
  const schema = useMemo(
    () =>
      registerSchema({
        minAge: options.minAge,
        today: options.today,
        phoneRequired: true,
        addressRequired: true,
      }),
    [options.minAge, options.today],
  );
  const [form, fields] = useForm({
    id: 'register',
    lastResult: props.lastResult,
    defaultValue: {
      marketingConsent: options.marketingConsentDefault ? 'on' : undefined,
    },
    onValidate: ({ formData }) => validateForm(formData, { schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const text = (
    name: 'firstname' | 'lastname' | 'address' | 'addressLine2' | 'suburb' | 'postcode',
    label: string,
    autoComplete: string,
  ) => (
    <Field label={label} meta={fields[name]}>
      <input {...getInputProps(fields[name], { type: 'text' })} autoComplete={autoComplete} className={inputClass} />
    </Field>
  );
  return (
    <section aria-labelledby="register-title" className="mx-auto w-full max-w-[460px]">
      <h1 id="register-title" className="mb-1 text-2xl font-bold">
        Create an account
      </h1>
      <FormAlert id={form.errorId} messages={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="register" />
        {props.redirectTo ? <input type="hidden" name="redirect" value={props.redirectTo} /> : null}
        {text('firstname', 'First name', 'given-name')}
        {text('lastname', 'Last name', 'family-name')}
        <Field label="Email" meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
        </Field>
        <Field label="Password" hint="At least 8 characters." meta={fields.password}>
          <input
            {...getInputProps(fields.password, { type: 'password' })}
            autoComplete="new-password"
            className={inputClass}
          />
        </Field>
        <Field label="Date of birth" hint={`You must be ${options.minAge} or over.`} meta={fields.dateOfBirth}>
          <input
            {...getInputProps(fields.dateOfBirth, { type: 'date' })}
            autoComplete="bday"
            max={options.today}
            className={inputClass}
          />
        </Field>
        <Field label="Mobile phone" meta={fields.phone}>
          <input {...getInputProps(fields.phone, { type: 'tel' })} autoComplete="tel" className={inputClass} />
        </Field>
        {text('address', 'Address', 'address-line1')}
        {text('addressLine2', 'Address line 2 (optional)', 'address-line2')}
        {text('suburb', 'Suburb', 'address-level2')}
        <Field label="State" meta={fields.state}>
          <select {...getSelectProps(fields.state)} autoComplete="address-level1" className={inputClass}>
            <option value="">Select a state</option>
            {options.regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        {text('postcode', 'Postcode', 'postal-code')}
        <CheckboxField
          label="Send me news, offers and jackpot alerts"
          errorId={fields.marketingConsent.errorId}
          errors={fields.marketingConsent.errors}
        >
          <input {...getInputProps(fields.marketingConsent, { type: 'checkbox' })} className="size-[20px]" />
        </CheckboxField>
        <CheckboxField
          label={
            <>
              I am {options.minAge} or over and agree to the{' '}
              <Link to={options.termsUrl} className="underline">
                terms and conditions
              </Link>
            </>
          }
          errorId={fields.terms.errorId}
          errors={fields.terms.errors}
        >
          <input {...getInputProps(fields.terms, { type: 'checkbox' })} className="size-[20px]" />
        </CheckboxField>
        <SubmitButton busy={busy}>Create account</SubmitButton>
      </Form>
      <p className="mt-1">
        Already have an account?{' '}
        <Link to={props.loginHref} className="font-semibold underline">
          Log in
        </Link>
      </p>
    </section>
  );
}
