import { Stack, Text, Title } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import type { LayoutField, Picklist } from '../../../contract/cases';
import {
  changePicklist,
  waitingForController,
  type PicklistState,
} from '../../domain/dependent-picklists';
import { useStableCallback } from '../../components/use-stable-callback';
import type { WizardForm } from './use-wizard-form';
import { FormField, showsValue } from './wizard-form-field';

/* The wizard's dynamic form, page by page (product §2 form pages). */

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
