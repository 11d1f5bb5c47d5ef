import { Alert, Loader } from '@mantine/core';
import { CASE_CREATION_ERROR_MESSAGE } from '../../../contract/case-create';
import type { RecordKind } from '../../../contract/cases';
import type { PicklistState } from '../../domain/dependent-picklists';
import { FORM_PAGES, formErrors } from '../../domain/dynamic-form';
import type { WizardFields } from './use-wizard-fields';
import { StepButtons, type StepMoves } from './wizard-step-buttons';
import { WizardFormPages } from './wizard-form';

/**
 * Steps 4 and 4.1: the form's two pages (both mounted, the current one shown). Next checks the
 * page shown; whatever was typed goes to the draft (`onKeep`) before any move.
 */
export function WizardStepForm({
  kind,
  fields,
  page,
  nextLabel,
  onKeep,
  onPrevious,
  onNext,
}: StepMoves & {
  kind: RecordKind;
  fields: WizardFields;
  page: 0 | 1;
  nextLabel: string;
  onKeep: () => void;
}) {
  const { def, form, pages, picklistState, setPicklistState } = fields;
  if (def === null) return <Loader aria-label="Loading the form" />;
  if (def === 'failed' || !picklistState) {
    return <Alert color="red">{CASE_CREATION_ERROR_MESSAGE}</Alert>;
  }
  const next = () => {
    const errors = formErrors(pages[page]!, form.getValues());
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      // product §5: any error blocks and scrolls to the top.
      window.scrollTo?.({ top: 0 });
      return;
    }
    onKeep();
    onNext();
  };
  return (
    <>
      <WizardFormPages
        headings={FORM_PAGES[kind].map((p) => p.heading)}
        fields={pages}
        current={page}
        form={form}
        picklists={def.picklists}
        picklistState={picklistState}
        onPicklistState={(ps: PicklistState) => {
          setPicklistState(ps);
          onKeep();
        }}
      />
      <StepButtons
        onPrevious={() => {
          onKeep();
          onPrevious();
        }}
        onNext={next}
        nextLabel={nextLabel}
      />
    </>
  );
}
