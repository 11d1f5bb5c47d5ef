import { TextInput } from '@mantine/core';
import type { NewContactErrors, NewContactInput } from '../domain/new-contact';

const FIELDS: readonly (readonly [keyof NewContactInput, string])[] = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['phone', 'Phone Number'],
  ['email', 'Email'],
];

/**
 * A new contact's four inputs (product §2 "Create New Contact?", §5 New contact): in the
 * wizard, and again on Offline & sync when the gateway refused the contact and it is fixed there.
 */
export function NewContactFields({
  value,
  errors,
  onChange,
}: {
  value: NewContactInput;
  errors: NewContactErrors | undefined;
  onChange: (next: NewContactInput) => void;
}) {
  return FIELDS.map(([key, label]) => (
    <TextInput
      key={key}
      label={label}
      required
      value={value[key]}
      error={errors?.[key]}
      onChange={(e) => onChange({ ...value, [key]: e.currentTarget.value })}
    />
  ));
}
