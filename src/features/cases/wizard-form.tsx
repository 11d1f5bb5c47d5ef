import { Checkbox, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { memo, useMemo, useRef } from 'react';
import { z } from 'zod';
import type { LayoutField, Picklist } from '../../../contract/cases';
import {
  NONE_VALUE,
  changePicklist,
  picklistOptions,
  type PicklistState,
} from '../../domain/dependent-picklists';
import {
  digitsOnly,
  fieldError,
  readOnlyText,
  type FormValue,
  type FormValues,
} from '../../domain/dynamic-form';
import { DATE_INPUT_FORMAT, typedDate } from '../../domain/wizard-dates';

/*
 * The wizard's dynamic form (product §2 form pages, §3 Dynamic form field types, §5 Dynamic
 * form): a zod schema generated from the layout's fields (the rules are domain/dynamic-form.ts),
 * one component per field type.
 */

/** The schema of the fields shown: each field checked by the product's rule for its type. */
export function layoutSchema(fields: readonly LayoutField[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    shape[field.apiName] = z.any().superRefine((value: FormValue | undefined, ctx) => {
      const message = fieldError(field, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
  }
  return z.object(shape);
}

export type WizardForm = UseFormReturnType<FormValues>;

/**
 * The form is uncontrolled (a keystroke renders nothing); `onValuesChange` hears every change
 * without a render, for what must follow the typing (the draft).
 */
export function useWizardForm(
  fields: readonly LayoutField[],
  initial: FormValues,
  onValuesChange?: (values: FormValues) => void,
): WizardForm {
  const schema = useMemo(() => layoutSchema(fields), [fields]);
  return useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: initial,
    validate: zod4Resolver(schema),
    onValuesChange,
  });
}

interface FieldProps {
  field: LayoutField;
  form: WizardForm;
  picklists: Readonly<Record<string, Picklist>>;
  disabled: boolean;
  onPicklistChange: (apiName: string, value: string) => void;
}

function PicklistField({ field, form, picklists, disabled, onPicklistChange }: FieldProps) {
  const values = form.getValues();
  const options = picklistOptions(picklists, field.apiName, values as Record<string, string>);
  const props = form.getInputProps(field.apiName);
  return (
    <Select
      label={field.label}
      required={field.required}
      disabled={disabled}
      allowDeselect={false}
      data={[NONE_VALUE, ...options.map((o) => o.value)]}
      key={form.key(field.apiName)}
      value={(values[field.apiName] as string | undefined) ?? NONE_VALUE}
      error={props.error as string | undefined}
      onChange={(value) => onPicklistChange(field.apiName, value ?? NONE_VALUE)}
    />
  );
}

/** One field, by type (product §3). Not editable: read-only, N/A when empty. */
const FormField = memo(function FormField(props: FieldProps) {
  const { field, form } = props;
  const input = form.getInputProps(field.apiName);
  // Uncontrolled @mantine/form inputs remount on reset through their key, which React wants
  // given directly, not spread.
  const key = form.key(field.apiName);
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
        value={readOnlyText(form.getValues()[field.apiName])}
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
          key={key}
          {...common}
          {...form.getInputProps(field.apiName, { type: 'checkbox' })}
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
          onChange={(e) => form.setFieldValue(field.apiName, digitsOnly(e.currentTarget.value))}
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
          onChange={(e) => form.setFieldValue(field.apiName, typedDate(e.currentTarget.value))}
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
    case 'Reference': {
      const value = form.getValues()[field.apiName];
      return (
        <TextInput
          label={field.label}
          readOnly
          value={readOnlyText(value)}
          data-field={field.apiName}
        />
      );
    }
    default:
      return <TextInput key={key} {...common} {...input} />;
  }
});

/** A page of the form: heading and its fields. */
export function WizardFormPage({
  heading,
  fields,
  form,
  picklists,
  picklistState,
  onPicklistState,
}: {
  heading: string;
  fields: readonly LayoutField[];
  form: WizardForm;
  picklists: Readonly<Record<string, Picklist>>;
  picklistState: PicklistState;
  onPicklistState: (state: PicklistState) => void;
}) {
  const stateRef = useRef(picklistState);
  stateRef.current = picklistState;
  const onPicklistChange = (apiName: string, value: string) => {
    const next = changePicklist(picklists, stateRef.current, apiName, value);
    for (const [name, v] of Object.entries(next.values)) {
      if (form.getValues()[name] !== v) form.setFieldValue(name, v);
    }
    onPicklistState(next);
  };
  return (
    <Stack gap="sm" data-testid="wizard-form-page">
      <Title order={2} size="h4">
        {heading}
      </Title>
      {fields.length === 0 && <Text c="dimmed">Nothing to fill in here.</Text>}
      {fields.map((f) => (
        <FormField
          key={f.apiName}
          field={f}
          form={form}
          picklists={picklists}
          disabled={picklistState.disabled.has(f.apiName)}
          onPicklistChange={onPicklistChange}
        />
      ))}
    </Stack>
  );
}
