// The my-details form: names, phone, address per the configuration, marketing consent. Immutable fields are read only.
import type { SubmissionResult } from '@conform-to/react';
import type { Region } from '@shop/contracts';
import { SchemaForm, type SchemaFormField } from '../../ui/schema-form.tsx';
import { DetailsSchema } from './account-schemas.ts';

export function DetailsForm(props: {
  email: string;
  defaults: Record<string, string | undefined>;
  regions: readonly Region[];
  immutable: readonly string[];
  lastResult?: SubmissionResult<string[]> | undefined;
  submitLabel?: string;
}) {
  const ro = (name: string) => props.immutable.includes(name);
  const fields: SchemaFormField[] = [
    {
      name: 'firstname',
      label: 'First name',
      autoComplete: 'given-name',
      readOnly: ro('firstname'),
    },
    {
      name: 'lastname',
      label: 'Last name',
      autoComplete: 'family-name',
      readOnly: ro('lastname'),
    },
    {
      name: 'phone',
      label: 'Mobile phone',
      type: 'tel',
      autoComplete: 'tel',
      readOnly: ro('phone'),
    },
    {
      name: 'address',
      label: 'Address',
      autoComplete: 'address-line1',
      readOnly: ro('address'),
    },
    {
      name: 'addressLine2',
      label: 'Address line 2 (optional)',
      autoComplete: 'address-line2',
      readOnly: ro('addressLine2'),
    },
    {
      name: 'suburb',
      label: 'Suburb',
      autoComplete: 'address-level2',
      readOnly: ro('suburb'),
    },
    {
      name: 'state',
      label: 'State',
      type: 'select',
      autoComplete: 'address-level1',
      options: props.regions.map((r) => ({ value: r, label: r })),
    },
    {
      name: 'postcode',
      label: 'Postcode',
      autoComplete: 'postal-code',
      readOnly: ro('postcode'),
    },
    {
      name: 'marketingConsent',
      label: 'Send me news, offers and jackpot alerts',
      type: 'checkbox',
    },
  ];
  return (
    <>
      <p className="mb-1">
        Email: <strong className="break-all">{props.email}</strong>
      </p>
      <SchemaForm
        id="my-details"
        schema={DetailsSchema}
        defaultValue={props.defaults}
        lastResult={props.lastResult}
        fields={fields}
        submitLabel={props.submitLabel ?? 'Save details'}
      />
    </>
  );
}
