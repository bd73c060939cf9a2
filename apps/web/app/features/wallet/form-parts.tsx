// Small form pieces shared by the wallet forms: a labelled field with its error, the form-level error list and the
// hidden Idempotency-Key of a money-moving form.
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface FormFeedback {
  fieldErrors: Record<string, string[]>;
  generalErrors: string[];
}

export const NO_FEEDBACK: FormFeedback = { fieldErrors: {}, generalErrors: [] };

export function FormErrors({ errors, title }: { errors: readonly string[]; title?: string }) {
  if (!errors.length) return null;
  return (
    <div role="alert" className="rounded-theme border border-error bg-error/10 p-1" data-testid="form-errors">
      {title ? <p className="font-bold">{title}</p> : null}
      <ul className="list-none">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  errors?: readonly string[];
  hint?: ReactNode;
  idPrefix?: string;
}

export function Field({ name, label, errors = [], hint, idPrefix = 'wallet', ...input }: FieldProps) {
  const id = `${idPrefix}-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, errors.length ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-[4px]">
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-[44px] rounded-theme border border-black/40 px-[10px] aria-invalid:border-error"
        {...input}
      />
      {errors.length ? (
        <p id={errorId} className="text-sm font-bold text-error">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

export function IdempotencyKeyInput({ value }: { value: string }) {
  return <input type="hidden" name="idempotencyKey" value={value} />;
}
