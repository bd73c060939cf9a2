// Small form pieces shared by the wallet forms: the shop's labelled field for plain forms, the form-level error list and the
// hidden Idempotency-Key of a money-moving form.
import type { InputHTMLAttributes, ReactNode } from 'react';
import { inputClass, Field as UiField } from '../../ui/form-field.tsx';

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

/** The shop's labelled field (ui/form-field) for the wallet's plain forms, which carry their errors themselves. */
export function Field({ name, label, errors = [], hint, idPrefix = 'wallet', ...input }: FieldProps) {
  const meta = { id: `${idPrefix}-${name}`, errorId: `${idPrefix}-${name}-error`, errors };
  const describedBy =
    [hint ? `${meta.id}-hint` : null, errors.length ? meta.errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <UiField label={label} hint={hint} meta={meta}>
      <input
        id={meta.id}
        name={name}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        {...input}
      />
    </UiField>
  );
}

export function IdempotencyKeyInput({ value }: { value: string }) {
  return <input type="hidden" name="idempotencyKey" value={value} />;
}
