import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo } from 'react';
import { z } from 'zod/mini';
import type { LayoutField } from '../../../contract/cases';
import { fieldError, type FormValue, type FormValues } from '../../domain/dynamic-form';
import { useStableCallback } from '../../components/use-stable-callback';

/*
 * The wizard's dynamic form (product §2 form pages, §3 Dynamic form field types, §5 Dynamic
 * form): a zod schema generated from the layout's fields (the rules are domain/dynamic-form.ts).
 * Its fields are wizard-form-field.tsx, its pages wizard-form.tsx.
 */

/** The schema of the fields shown: each field checked by the product's rule for its type. */
export function layoutSchema(fields: readonly LayoutField[]) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const field of fields) {
    shape[field.apiName] = z.any().check(
      z.superRefine((value: FormValue | undefined, ctx) => {
        const message = fieldError(field, value);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    );
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
