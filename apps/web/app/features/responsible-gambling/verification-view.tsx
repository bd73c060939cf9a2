// Identity verification screens (spec core §2 verify-account, manual-verification, /account-verification; features §4
// method types and statuses; issue 8 §5): the status of each method, and the forms of the methods the customer can use.
import { AU_STATES, ID_DOCUMENT_TYPES, moneyToCents, type VerificationState } from '@shop/contracts';
import { useState, type ChangeEvent } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { CheckboxField, Field, FormAlert, inputClass } from '../../ui/form-field.tsx';
import type { LimitSite } from './limit-card.tsx';
import { dateTimeLabel } from './limit-card.tsx';
import { amountLabel, methodName, statusName, UPLOAD_ACCEPT, UPLOAD_HINT, uploadProblems } from './rg-rules.ts';

export interface VerifyFormState {
  form: string;
  fieldErrors: Record<string, string[]>;
  generalErrors: string[];
  values: Record<string, string>;
}

export interface VerifyOutcomeView {
  status: string;
  message: string;
}

const DOCUMENT_NAMES: Record<(typeof ID_DOCUMENT_TYPES)[number], string> = {
  drivers_licence: "Driver's licence",
  passport: 'Australian passport',
  medicare: 'Medicare card',
};

const buttonClass =
  'inline-flex min-h-[44px] items-center justify-center rounded-theme bg-brand px-1 font-bold text-white disabled:opacity-60';

function enabled(state: VerificationState, type: string): boolean {
  return state.methods.some((m) => m.type === type && m.status !== 'disabled');
}

export function OutcomeBanner({ outcome }: { outcome: VerifyOutcomeView | null }) {
  if (!outcome) return null;
  const good = outcome.status === 'verified';
  const waiting = outcome.status === 'pending' || outcome.status === 'in_progress';
  const colours = good
    ? 'border-[#1b5e20] bg-[#e8f5e9]'
    : waiting
      ? 'border-[#0d47a1] bg-[#e3f2fd]'
      : 'border-[#b00020] bg-[#fdecee]';
  return (
    <div
      role={good || waiting ? 'status' : 'alert'}
      data-testid="verification-outcome"
      className={`mb-1 rounded-theme border-l-4 p-0.5 text-black ${colours}`}
    >
      {outcome.message}
      {outcome.status === 'documents_required' ? (
        <>
          {' '}
          <Link to="/my-account/manual-verification" className="font-semibold underline">
            Upload your ID
          </Link>
        </>
      ) : null}
    </div>
  );
}

export function VerificationSummary({ state, site }: { state: VerificationState; site: LimitSite }) {
  const cap = amountLabel(moneyToCents(state.unverifiedSpendCap), state.unverifiedSpendCap.currency, site.locale);
  const left = state.unverifiedSpendRemaining
    ? amountLabel(moneyToCents(state.unverifiedSpendRemaining), state.unverifiedSpendRemaining.currency, site.locale)
    : null;
  return (
    <section className="mb-1" aria-labelledby="verification-status-heading">
      <h2 id="verification-status-heading" className="mb-0.5 text-2xl font-bold">
        Your status
      </h2>
      {state.isVerified ? (
        <p
          className="mb-1 rounded-theme border-l-4 border-[#1b5e20] bg-[#e8f5e9] p-0.5 font-semibold text-black"
          data-testid="verified"
        >
          Your account is verified.
        </p>
      ) : (
        <p
          className="mb-1 rounded-theme border-l-4 border-[#0d47a1] bg-[#e3f2fd] p-0.5 text-black"
          data-testid="not-verified"
        >
          Your account is not verified yet. Until it is, you can spend up to {cap} in total
          {left ? ` (${left} left)` : ''} and you cannot withdraw winnings.
        </p>
      )}
      {state.lastOutcome ? (
        <p className="mb-1 text-sm text-[#4a4a4a]">
          Last attempt ({methodName(state.lastOutcome.method)}, {dateTimeLabel(state.lastOutcome.at, site)}):{' '}
          {state.lastOutcome.message}
        </p>
      ) : null}
      <table className="w-full border-collapse text-left" data-testid="verification-methods">
        <caption className="sr-only">Verification methods and their status</caption>
        <thead>
          <tr className="border-b border-[#c4c4c4]">
            <th scope="col" className="py-0.5 pr-0.5">
              Method
            </th>
            <th scope="col" className="py-0.5">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {state.methods.map((m) => (
            <tr key={m.type} className="border-b border-[#e0e0e0]" data-method={m.type}>
              <td className="py-0.5 pr-0.5">{methodName(m.type)}</td>
              <td className="py-0.5">{statusName(m.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function errorsOf(state: VerifyFormState | null, form: string, field: string): string[] {
  return state?.form === form ? (state.fieldErrors[field] ?? []) : [];
}

function generalOf(state: VerifyFormState | null, form: string): string[] {
  return state?.form === form ? state.generalErrors : [];
}

function valueOf(state: VerifyFormState | null, form: string, field: string, fallback = ''): string {
  return state?.form === form ? (state.values[field] ?? fallback) : fallback;
}

function describedBy(id: string, errors: readonly string[], hint = false): string | undefined {
  return [hint ? `${id}-hint` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function OnlineCheckForm({ state }: { state: VerifyFormState | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'auto';
  const typeErrors = errorsOf(state, 'auto', 'documentType');
  const numberErrors = errorsOf(state, 'auto', 'documentNumber');
  const consentErrors = errorsOf(state, 'auto', 'consent');
  return (
    <section className="mb-2 rounded-theme border border-[#c4c4c4] p-1" aria-labelledby="verify-auto-heading">
      <h3 id="verify-auto-heading" className="mb-0.5 text-xl font-bold">
        {methodName('auto_verification')}
      </h3>
      <p className="mb-1">
        We check your name, date of birth and address from{' '}
        <Link to="/my-account/my-details" className="underline">
          your details
        </Link>{' '}
        together with one identity document against official records. Most checks finish in seconds.
      </p>
      <FormAlert messages={generalOf(state, 'auto')} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="auto" />
        <Field
          label="Document"
          meta={{ id: 'auto-documentType', errorId: 'auto-documentType-error', errors: typeErrors }}
        >
          <select
            id="auto-documentType"
            name="documentType"
            defaultValue={valueOf(state, 'auto', 'documentType', 'drivers_licence')}
            className={inputClass}
          >
            {ID_DOCUMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {DOCUMENT_NAMES[t]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Document number"
          meta={{ id: 'auto-documentNumber', errorId: 'auto-documentNumber-error', errors: numberErrors }}
        >
          <input
            id="auto-documentNumber"
            name="documentNumber"
            autoComplete="off"
            defaultValue={valueOf(state, 'auto', 'documentNumber')}
            aria-invalid={numberErrors.length ? true : undefined}
            aria-describedby={describedBy('auto-documentNumber', numberErrors)}
            className={inputClass}
          />
        </Field>
        <CheckboxField
          label="I agree to my details being checked with the issuer or official record holder."
          errorId="auto-consent-error"
          errors={consentErrors}
        >
          <input
            type="checkbox"
            name="consent"
            value="on"
            className="size-[24px]"
            aria-invalid={consentErrors.length ? true : undefined}
            aria-describedby={consentErrors.length ? 'auto-consent-error' : undefined}
          />
        </CheckboxField>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass}>
          Check my details
        </button>
      </Form>
    </section>
  );
}

function LicenceForm({ state }: { state: VerifyFormState | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'licence';
  const numberErrors = errorsOf(state, 'licence', 'licenceNumber');
  const stateErrors = errorsOf(state, 'licence', 'state');
  const cardErrors = errorsOf(state, 'licence', 'cardNumber');
  return (
    <section className="mb-2 rounded-theme border border-[#c4c4c4] p-1" aria-labelledby="verify-licence-heading">
      <h3 id="verify-licence-heading" className="mb-0.5 text-xl font-bold">
        {methodName('drivers_licence')}
      </h3>
      <FormAlert messages={generalOf(state, 'licence')} />
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="licence" />
        <Field
          label="Licence number"
          meta={{ id: 'licence-number', errorId: 'licence-number-error', errors: numberErrors }}
        >
          <input
            id="licence-number"
            name="licenceNumber"
            autoComplete="off"
            defaultValue={valueOf(state, 'licence', 'licenceNumber')}
            aria-invalid={numberErrors.length ? true : undefined}
            aria-describedby={describedBy('licence-number', numberErrors)}
            className={inputClass}
          />
        </Field>
        <Field
          label="State or territory of issue"
          meta={{ id: 'licence-state', errorId: 'licence-state-error', errors: stateErrors }}
        >
          <select
            id="licence-state"
            name="state"
            defaultValue={valueOf(state, 'licence', 'state', 'NSW')}
            aria-invalid={stateErrors.length ? true : undefined}
            className={inputClass}
          >
            {AU_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label="Card number (optional)"
          hint="Printed on the licence card; some states ask for it."
          meta={{ id: 'licence-card', errorId: 'licence-card-error', errors: cardErrors }}
        >
          <input
            id="licence-card"
            name="cardNumber"
            autoComplete="off"
            defaultValue={valueOf(state, 'licence', 'cardNumber')}
            aria-invalid={cardErrors.length ? true : undefined}
            aria-describedby={describedBy('licence-card', cardErrors, true)}
            className={inputClass}
          />
        </Field>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass}>
          Check my licence
        </button>
      </Form>
    </section>
  );
}

function ConnectIdForm({ state }: { state: VerifyFormState | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'connectid';
  return (
    <section className="mb-2 rounded-theme border border-[#c4c4c4] p-1" aria-labelledby="verify-connectid-heading">
      <h3 id="verify-connectid-heading" className="mb-0.5 text-xl font-bold">
        {methodName('connect_id')}
      </h3>
      <p className="mb-1">
        Sign in with your bank and let it confirm who you are. You come back here when you are done.
      </p>
      <FormAlert messages={generalOf(state, 'connectid')} />
      <Form method="post">
        <input type="hidden" name="intent" value="connectid" />
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass}>
          Verify with ConnectID
        </button>
      </Form>
    </section>
  );
}

export function VerifyAccountView(props: {
  state: VerificationState;
  site: LimitSite;
  form: VerifyFormState | null;
  outcome: VerifyOutcomeView | null;
}) {
  const { state } = props;
  return (
    <>
      <OutcomeBanner outcome={props.outcome} />
      <p className="mb-1">
        The law asks us to confirm that every customer is 18 or over and is who they say they are. Choose any one of the
        ways below.
      </p>
      <VerificationSummary state={state} site={props.site} />
      {state.isVerified ? null : (
        <>
          <h2 className="mb-0.5 text-2xl font-bold">Verify now</h2>
          {enabled(state, 'auto_verification') ? <OnlineCheckForm state={props.form} /> : null}
          {enabled(state, 'drivers_licence') ? <LicenceForm state={props.form} /> : null}
          {enabled(state, 'connect_id') ? <ConnectIdForm state={props.form} /> : null}
          <section className="mb-2 rounded-theme border border-[#c4c4c4] p-1" aria-labelledby="verify-manual-heading">
            <h3 id="verify-manual-heading" className="mb-0.5 text-xl font-bold">
              Send us your documents
            </h3>
            <p className="mb-1">
              If the online checks cannot confirm your identity, upload a photo of your ID and our team will check it by
              hand.
            </p>
            <Link to="/my-account/manual-verification" className="btn btn-primary underline">
              Verify with documents
            </Link>
          </section>
        </>
      )}
    </>
  );
}

function UploadForm({ state }: { state: VerifyFormState | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [problems, setProblems] = useState<string[]>([]);
  const serverErrors = errorsOf(state, 'upload', 'documents');
  const errors = [...problems, ...serverErrors];
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []).map((f) => ({
      name: f.name,
      size: f.size,
      type: f.type,
    }));
    setProblems(uploadProblems(files));
  };
  return (
    <section className="mb-2 rounded-theme border border-[#c4c4c4] p-1" aria-labelledby="upload-heading">
      <h2 id="upload-heading" className="mb-0.5 text-xl font-bold">
        {methodName('photo_id_upload')}
      </h2>
      <FormAlert messages={generalOf(state, 'upload')} />
      <Form method="post" encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="upload" />
        <Field
          label="Your ID documents"
          hint={UPLOAD_HINT}
          meta={{ id: 'upload-documents', errorId: 'upload-documents-error', errors }}
        >
          <input
            id="upload-documents"
            name="documents"
            type="file"
            multiple
            accept={UPLOAD_ACCEPT}
            onChange={onChange}
            aria-invalid={errors.length ? true : undefined}
            aria-describedby={describedBy('upload-documents', errors, true)}
            className={`${inputClass} py-0.5`}
          />
        </Field>
        <button
          type="submit"
          disabled={busy || problems.length > 0}
          aria-busy={busy || undefined}
          className={buttonClass}
        >
          Upload documents
        </button>
      </Form>
    </section>
  );
}

export function ManualVerificationView(props: {
  state: VerificationState;
  site: LimitSite;
  form: VerifyFormState | null;
  outcome: VerifyOutcomeView | null;
}) {
  const { state } = props;
  const canUpload = enabled(state, 'photo_id_upload');
  const pending = state.methods.some(
    (m) =>
      (m.type === 'photo_id_upload' || m.type === 'pdf_form') && (m.status === 'pending' || m.status === 'in_progress'),
  );
  return (
    <>
      <OutcomeBanner outcome={props.outcome} />
      <p className="mb-1">
        When the online checks cannot confirm who you are, our team checks your documents by hand. Send a clear photo or
        scan of one of these:
      </p>
      <ul className="mb-1 list-disc pl-1.5">
        <li>the front and back of your driver&apos;s licence;</li>
        <li>the photo page of your passport;</li>
        <li>a proof-of-age or photo card issued by a state or territory.</li>
      </ul>
      <p className="mb-1">
        Every corner must be visible and the text readable. We keep your documents securely, use them only to verify
        your identity, and usually finish within 2 business days. We email you when we are done.
      </p>
      {state.isVerified ? (
        <p className="mb-1 rounded-theme border-l-4 border-[#1b5e20] bg-[#e8f5e9] p-0.5 font-semibold text-black">
          Your account is verified.
        </p>
      ) : pending ? (
        <p
          className="mb-1 rounded-theme border-l-4 border-[#0d47a1] bg-[#e3f2fd] p-0.5 text-black"
          data-testid="manual-pending"
        >
          We have your documents and are checking them. You can still send more if we ask for them.
        </p>
      ) : null}
      {!state.isVerified && canUpload ? <UploadForm state={props.form} /> : null}
      {!state.isVerified && enabled(state, 'pdf_form') ? (
        <section className="mb-2 rounded-theme border border-[#c4c4c4] p-1" aria-labelledby="pdf-heading">
          <h2 id="pdf-heading" className="mb-0.5 text-xl font-bold">
            {methodName('pdf_form')}
          </h2>
          <p>
            Print the verification form, have it signed by an authorised witness, then scan it and upload it above with
            your ID.
          </p>
        </section>
      ) : null}
      <p>
        <Link to="/my-account/verify-account" className="underline">
          Back to the ways to verify
        </Link>
      </p>
    </>
  );
}
