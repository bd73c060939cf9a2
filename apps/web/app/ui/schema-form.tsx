// A plain-post form driven by a zod schema: Conform validates in the browser with the schema the action parses with,
// and the action's submission result (field errors, form errors) comes back through lastResult. Works without JS.
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { validateForm } from '../lib/form-validation.ts';
import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import type { z } from 'zod';
import { CheckboxField, Field, FormAlert, inputClass, SubmitButton } from './form-field.tsx';

export interface SchemaFormField {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'date' | 'checkbox' | 'select';
  autoComplete?: string;
  hint?: string;
  options?: readonly { value: string; label: string }[];
  readOnly?: boolean;
}

export function SchemaForm(props: {
  id: string;
  schema: z.ZodType<Record<string, unknown>>;
  fields: readonly SchemaFormField[];
  submitLabel: string;
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, string | undefined>;
  hidden?: Record<string, string>;
  /** Shown above the form after a successful submit. */
  success?: string | null | undefined;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, unknown>>({
    id: props.id,
    lastResult: props.lastResult ?? undefined,
    defaultValue: props.defaultValue,
    onValidate: ({ formData }) => validateForm(formData, { schema: props.schema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      {props.success ? <FormAlert tone="success" messages={[props.success]} /> : null}
      <FormAlert id={form.errorId} messages={form.errors} />
      {Object.entries(props.hidden ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {props.fields.map((f) => {
        const meta = fields[f.name as keyof typeof fields];
        if (!meta) return null;
        if (f.type === 'checkbox') {
          return (
            <CheckboxField key={f.name} label={f.label} errorId={meta.errorId} errors={meta.errors}>
              <input {...getInputProps(meta, { type: 'checkbox' })} className="size-[20px]" />
            </CheckboxField>
          );
        }
        if (f.type === 'select') {
          return (
            <Field key={f.name} label={f.label} hint={f.hint} meta={meta}>
              <select {...getSelectProps(meta)} autoComplete={f.autoComplete} className={inputClass}>
                <option value="">Select</option>
                {f.options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </Field>
          );
        }
        return (
          <Field key={f.name} label={f.label} hint={f.hint} meta={meta}>
            <input
              {...getInputProps(meta, { type: f.type ?? 'text' })}
              autoComplete={f.autoComplete}
              readOnly={f.readOnly}
              className={inputClass}
            />
          </Field>
        );
      })}
      {props.children}
      <SubmitButton busy={navigation.state === 'submitting'}>{props.submitLabel}</SubmitButton>
    </Form>
  );
}
