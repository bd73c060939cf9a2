// The new-password pair every password form shows (change, forced change, reset): the same labels, hints and
// autocomplete everywhere (passwords of at least 8 characters, DESIGN §5).
import type { SchemaFormField } from '../../ui/schema-form.tsx';

export function newPasswordFields(name = 'password'): SchemaFormField[] {
  return [
    { name, label: 'New password', type: 'password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
    { name: 'confirmPassword', label: 'Confirm new password', type: 'password', autoComplete: 'new-password' },
  ];
}
