import { Checkbox, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { memo, startTransition, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import type { LayoutField, Picklist } from '../../../contract/cases';
import {
  NONE_VALUE,
  changePicklist,
  picklistOptions,
  waitingForController,
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
import { useStableCallback } from '../../components/use-stable-callback';

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
 * without a render, for what must follow the typing (the draft). Its rules and listener keep
 * their identity from render to render, so do the form's setters: a field that did not render
 * again still holds working handlers.
 */
export function useWizardForm(
  fields: readonly LayoutField[],
  initial: FormValues,
  onValuesChange?: (values: FormValues) => void,
): WizardForm {
  const validate = useMemo(() => zod4Resolver(layoutSchema(fields)), [fields]);
  const heard = useStableCallback((values: FormValues) => onValuesChange?.(values));
  return useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: initial,
    validate,
    onValuesChange: heard,
  });
}

interface FieldProps {
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
function showsValue(field: LayoutField): boolean {
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
const FormField = memo(function FormField(props: FieldProps) {
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

interface PageProps {
  form: WizardForm;
  picklists: Readonly<Record<string, Picklist>>;
  picklistState: PicklistState;
  onPicklistState: (state: PicklistState) => void;
}

/**
 * The form's pages, the current one shown. The other stays mounted but hidden (out of sight,
 * of the accessibility tree and of the tab order): a step between them shows and hides, it
 * builds no inputs. The other page is first built once the current one is on screen, in a
 * transition, so arriving at the form costs one page.
 */
export function WizardFormPages({
  headings,
  fields,
  current,
  ...page
}: PageProps & {
  headings: readonly string[];
  fields: readonly (readonly LayoutField[])[];
  current: number;
}) {
  const [allBuilt, setAllBuilt] = useState(false);
  useEffect(() => startTransition(() => setAllBuilt(true)), []);
  return headings.map(
    (heading, i) =>
      (allBuilt || i === current) && (
        <div key={heading} hidden={i !== current}>
          <WizardFormPage heading={heading} fields={fields[i] ?? []} {...page} />
        </div>
      ),
  );
}

/** A page of the form: heading and its fields. */
export function WizardFormPage({
  heading,
  fields,
  form,
  picklists,
  picklistState,
  onPicklistState,
}: PageProps & {
  heading: string;
  fields: readonly LayoutField[];
}) {
  // The same function at every render, so the fields need not render again for it.
  const onPicklistChange = useStableCallback((apiName: string, value: string) => {
    const next = changePicklist(picklists, picklistState, apiName, value);
    for (const [name, v] of Object.entries(next.values)) {
      if (form.getValues()[name] !== v) form.setFieldValue(name, v);
    }
    onPicklistState(next);
  });
  const values = form.getValues();
  return (
    <Stack gap="sm" data-testid="wizard-form-page">
      <Title order={2} size="h4">
        {heading}
      </Title>
      {fields.length === 0 && <Text c="dimmed">Nothing to fill in here.</Text>}
      {fields.map((f) => {
        const controller = picklists[f.apiName]?.controllerName;
        return (
          <FormField
            key={f.apiName}
            field={f}
            form={form}
            inputKey={form.key(f.apiName)}
            error={form.errors[f.apiName] as string | undefined}
            value={showsValue(f) ? values[f.apiName] : undefined}
            controllerValue={controller ? (values[controller] as string | undefined) : undefined}
            picklists={picklists}
            disabled={picklistState.disabled.has(f.apiName)}
            waitingFor={
              controller
                ? waitingForController(
                    fields.find((c) => c.apiName === controller)?.label,
                    controller,
                  )
                : undefined
            }
            onPicklistChange={onPicklistChange}
          />
        );
      })}
    </Stack>
  );
}
