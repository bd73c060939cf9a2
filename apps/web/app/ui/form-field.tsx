// Form primitives: a labelled field with its errors, a checkbox, an alert and a submit button. Errors are tied to the
// control with aria-describedby so screen readers read them with the field.
import { useEffect, useRef, type ReactNode } from 'react';

export interface FieldErrorsProps {
  id: string;
  errors?: readonly string[] | undefined;
}

export function FieldErrors({ id, errors }: FieldErrorsProps) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-[4px] text-sm font-semibold text-[#b00020]">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

export const inputClass =
  'block w-full min-h-[44px] rounded-theme border border-[#767676] bg-white px-0.5 text-base text-black focus:outline-2 focus:outline-offset-1 focus:outline-brand aria-[invalid=true]:border-[#b00020]';

/** What a form library knows of a field: the control's id, its errors' id and the errors (Conform's field metadata). */
export interface FieldMeta {
  id: string;
  errorId: string;
  errors?: readonly string[] | undefined;
}

/** A labelled control; pass the control as children so any input type (text, date, select) fits. */
export function Field(props: {
  label: string;
  meta: FieldMeta;
  /** Help under the label; its id is `${meta.id}-hint`, for the control's aria-describedby. */
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mb-1">
      <label htmlFor={props.meta.id} className="mb-[4px] block font-semibold">
        {props.label}
      </label>
      {props.hint ? (
        <p id={`${props.meta.id}-hint`} className="mb-[4px] text-sm text-[#4a4a4a]">
          {props.hint}
        </p>
      ) : null}
      {props.children}
      <FieldErrors id={props.meta.errorId} errors={props.meta.errors} />
    </div>
  );
}

export function CheckboxField(props: {
  label: ReactNode;
  errorId: string;
  errors?: readonly string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div className="mb-1">
      <label className="flex min-h-[44px] items-center gap-0.5">
        {props.children}
        <span>{props.label}</span>
      </label>
      <FieldErrors id={props.errorId} errors={props.errors} />
    </div>
  );
}

/** Errors about the whole form, above it, announced when they appear. */
export function FormAlert({
  id,
  title,
  messages,
  tone = 'error',
  children,
}: {
  id?: string;
  title?: string;
  messages?: readonly string[] | undefined;
  tone?: 'error' | 'success' | 'info';
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const said = `${title ?? ''}|${messages?.join('|') ?? ''}`;
  // An error that is not about one field sits above the form: after a post from the bottom of a long form (a phone's
  // sign-up) it would change nothing the customer can see, so it is brought into view.
  useEffect(() => {
    const el = ref.current;
    if (tone !== 'error' || !el || said === '|') return;
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest' });
  }, [said, tone]);
  if (!messages?.length && !children && !title) return null;
  const colours =
    tone === 'error'
      ? 'border-[#b00020] bg-[#fdecee]'
      : tone === 'success'
        ? 'border-[#1b5e20] bg-[#e8f5e9]'
        : 'border-[#0d47a1] bg-[#e3f2fd]';
  return (
    <div
      ref={ref}
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`mb-1 rounded-theme border-l-4 p-0.5 text-black ${colours}`}
    >
      {title ? <p className="font-bold">{title}</p> : null}
      {messages?.map((m) => (
        <p key={m}>{m}</p>
      ))}
      {children}
    </div>
  );
}

export function SubmitButton({
  children,
  busy,
  disabled,
  name,
  value,
}: {
  children: ReactNode;
  busy?: boolean;
  disabled?: boolean;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className="inline-flex min-h-[44px] w-full items-center justify-center rounded-theme bg-brand px-1 font-bold text-white disabled:cursor-not-allowed disabled:opacity-60"
    >
      {children}
    </button>
  );
}
