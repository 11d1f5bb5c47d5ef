import { Checkbox, Select, TextInput, Textarea } from '@mantine/core';
import { memo, type ChangeEvent } from 'react';
import type { LayoutField, Picklist } from '../../../contract/cases';
import { NONE_VALUE, picklistOptions } from '../../domain/dependent-picklists';
import { digitsOnly, readOnlyText, type FormValue } from '../../domain/dynamic-form';
import { DATE_INPUT_FORMAT, typedDate } from '../../domain/wizard-dates';
import type { WizardForm } from './use-wizard-form';

/* One component per field type of the wizard's dynamic form (product §3, §5). */

export interface FieldProps {
  field: LayoutField;
  /** The form of any render: only its setters and current values are used (see sameField). */
  form: WizardForm;
  /** form.key(): a new key remounts the uncontrolled input with the form's value. */
  inputKey: string;
  error: string | undefined;
  /** The value, for the fields that show it from the form (picklists, read-only fields). */
  value: FormValue | undefined;
  /** A dependent picklist's controlling value, which decides its options. */
  controllerValue: string | undefined;
  picklists: Readonly<Record<string, Picklist>>;
  disabled: boolean;
  /** Why a disabled dependent picklist waits (its controller's label), shown under it. */
  waitingFor: string | undefined;
  onPicklistChange: (apiName: string, value: string) => void;
}

/**
 * What a field shows depends only on these; the form object is new at every render of the
 * page while its setters stay the same, so a field renders again only when it changes: a step
 * change or a keystroke elsewhere leaves it alone.
 */
function sameField(a: FieldProps, b: FieldProps): boolean {
  return (
    a.field === b.field &&
    a.inputKey === b.inputKey &&
    a.error === b.error &&
    a.value === b.value &&
    a.controllerValue === b.controllerValue &&
    a.picklists === b.picklists &&
    a.disabled === b.disabled &&
    a.waitingFor === b.waitingFor &&
    a.onPicklistChange === b.onPicklistChange
  );
}

/** Fields whose input shows the form's value as it is now rather than keeping its own. */
export function showsValue(field: LayoutField): boolean {
  return !field.editableForNew || field.type === 'Picklist' || field.type === 'Reference';
}

function PicklistField({
  field,
  inputKey,
  error,
  value,
  controllerValue,
  picklists,
  disabled,
  waitingFor,
  onPicklistChange,
}: FieldProps) {
  const controller = picklists[field.apiName]?.controllerName;
  const options = picklistOptions(
    picklists,
    field.apiName,
    controller && controllerValue !== undefined ? { [controller]: controllerValue } : {},
  );
  return (
    <Select
      label={field.label}
      required={field.required}
      disabled={disabled}
      description={disabled && controller ? waitingFor : undefined}
      allowDeselect={false}
      data={[NONE_VALUE, ...options.map((o) => o.value)]}
      key={inputKey}
      value={(value as string | undefined) ?? NONE_VALUE}
      error={error}
      onChange={(v) => onPicklistChange(field.apiName, v ?? NONE_VALUE)}
    />
  );
}

/**
 * A change handler that keeps only what `clean` allows. The cleaned text is written into the
 * input itself and stored without `forceUpdate`: an uncontrolled field whose key changed would
 * remount at every keystroke, losing the focus (and a phone's keyboard) after each key.
 */
function cleanedChange(form: WizardForm, apiName: string, clean: (text: string) => string) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const text = clean(input.value);
    if (input.value !== text) input.value = text;
    form.setFieldValue(apiName, text, { forceUpdate: false });
  };
}

/** One field, by type (product §3). Not editable: read-only, N/A when empty. */
export const FormField = memo(function FormField(props: FieldProps) {
  const { field, form, inputKey: key, error } = props;
  const input = { ...form.getInputProps(field.apiName, { withError: false }), error };
  const common = {
    label: field.label,
    required: field.required,
    'data-field': field.apiName,
  };
  if (!field.editableForNew) {
    return (
      <TextInput
        label={field.label}
        readOnly
        value={readOnlyText(props.value)}
        data-field={field.apiName}
      />
    );
  }
  switch (field.type) {
    case 'Picklist':
      return <PicklistField {...props} />;
    case 'Boolean':
      return (
        <Checkbox
          // Uncontrolled @mantine/form inputs remount on reset through their key, which React
          // wants given directly, not spread.
          key={key}
          {...common}
          {...form.getInputProps(field.apiName, { type: 'checkbox', withError: false })}
          error={error}
        />
      );
    case 'TextArea':
      return <Textarea key={key} {...common} {...input} rows={3} />;
    case 'Double':
    case 'Percent':
    case 'Currency':
      return (
        <TextInput
          key={key}
          {...common}
          {...input}
          inputMode="numeric"
          leftSection={field.type === 'Currency' ? '$' : undefined}
          rightSection={field.type === 'Percent' ? '%' : undefined}
          // product §5: numeric types keep digits only.
          onChange={cleanedChange(form, field.apiName, digitsOnly)}
        />
      );
    case 'DateTime':
      return (
        <TextInput
          key={key}
          {...common}
          {...input}
          placeholder={DATE_INPUT_FORMAT}
          inputMode="numeric"
          // product §5: dates are typed MM/DD/YYYY; the slashes come by themselves.
          onChange={cleanedChange(form, field.apiName, typedDate)}
        />
      );
    case 'Time':
      return <TextInput key={key} {...common} {...input} placeholder="HH:MM" />;
    case 'Email':
      return <TextInput key={key} {...common} {...input} type="email" />;
    case 'Phone':
      return <TextInput key={key} {...common} {...input} type="tel" />;
    case 'URL':
      return <TextInput key={key} {...common} {...input} type="url" />;
    case 'Reference':
      return (
        <TextInput
          label={field.label}
          readOnly
          value={readOnlyText(props.value)}
          data-field={field.apiName}
        />
      );
    default:
      return <TextInput key={key} {...common} {...input} />;
  }
}, sameField);
