import { Text } from '@mantine/core';
import { useState } from 'react';
import type { RecordKind } from '../../../contract/cases';
import { ModelSerialForm, type ModelSerialInput } from '../../components/model-serial-form';
import type { MachineKey } from '../../domain/machine-links';
import { StepButtons } from './wizard-step-buttons';

/** Step 0: which machine, when the path did not say (product §2). */
export function WizardStepMachine({
  kind,
  onFound,
  onPrevious,
}: {
  kind: RecordKind;
  onFound: (machine: MachineKey) => void;
  onPrevious: () => void;
}) {
  const [input, setInput] = useState<ModelSerialInput>({ model: '', serial: '' });
  return (
    <>
      <Text>Which machine is this {kind === 'Report' ? 'report' : 'case'} for?</Text>
      <ModelSerialForm value={input} onChange={setInput} onFound={onFound} />
      <StepButtons onPrevious={onPrevious} />
    </>
  );
}
