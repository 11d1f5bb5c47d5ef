import { useEffect, useMemo, useRef, useState } from 'react';
import type { LayoutField, RecordKind } from '../../../contract/cases';
import { initialPicklistState, type PicklistState } from '../../domain/dependent-picklists';
import { layoutFields, pageFields, type FormValues } from '../../domain/dynamic-form';
import { caseDefinitionFor, type CaseDefinition } from '../../sync/wizard-lookups';
import { useWizardForm, type WizardForm } from './use-wizard-form';

/** The record type's layout and picklists: from the gateway, or kept from an earlier visit. */
function useDefinition(kind: RecordKind, ownerUserId: string | undefined) {
  const [def, setDef] = useState<CaseDefinition | null | 'failed'>(null);
  useEffect(() => {
    if (!ownerUserId) return;
    const ctl = new AbortController();
    caseDefinitionFor(ownerUserId, kind, ctl.signal).then(
      (found) => setDef(found ?? 'failed'),
      () => undefined, // aborted: the wizard left
    );
    return () => ctl.abort();
  }, [kind, ownerUserId]);
  return def;
}

export interface WizardFields {
  /** Null while it loads. */
  def: CaseDefinition | null | 'failed';
  form: WizardForm;
  /** Both pages of the form, each with the fields it shows now. */
  pages: readonly (readonly LayoutField[])[];
  picklistState: PicklistState | null;
  setPicklistState: (state: PicklistState) => void;
}

/**
 * The form of steps 4 and 4.1: its layout, the uncontrolled form started from the draft's
 * values once both are there, and the picklists' state. `saved` is the form as the draft last
 * took it; `onTyped` hears every change of the form, which renders nothing.
 */
export function useWizardFields(
  kind: RecordKind,
  ownerUserId: string | undefined,
  saved: FormValues | undefined,
  imei: string | null,
  onTyped: () => void,
): WizardFields {
  const def = useDefinition(kind, ownerUserId);
  const [picklistState, setPicklistState] = useState<PicklistState | null>(null);
  const pages = useMemo(
    () =>
      ([0, 1] as const).map((page) =>
        def && def !== 'failed' && saved ? pageFields(def.layout, kind, page, saved) : [],
      ),
    [def, saved, kind],
  );
  const allFields = useMemo(
    () => (def && def !== 'failed' ? [...layoutFields(def.layout).values()] : []),
    [def],
  );
  const form = useWizardForm(allFields, saved ?? {}, onTyped);

  const started = useRef(false);
  useEffect(() => {
    if (!def || def === 'failed' || !saved || started.current) return;
    started.current = true;
    const ps = initialPicklistState(def.picklists, saved as Record<string, string>);
    setPicklistState(ps);
    form.setValues({ ...saved, ...ps.values });
  }, [def, saved, form]);
  // The read-only IMEI Number shows the machine's, which is the one the new record carries.
  useEffect(() => {
    if (!picklistState || !imei || form.getValues().IMEI_Number__c === imei) return;
    form.setFieldValue('IMEI_Number__c', imei);
  }, [picklistState, imei, form]);

  return { def, form, pages, picklistState, setPicklistState };
}
