import { Progress, Stack, Text } from '@mantine/core';
import type { RecordKind } from '../../../contract/cases';
import { FORM_PAGES } from '../../domain/dynamic-form';
import {
  stepName,
  stepPosition,
  type WizardFlow,
  type WizardStep,
} from '../../domain/wizard-steps';

/**
 * Where the user is in the wizard: "Step 2 of 6 · Knowledge Suggestions" and a bar. The bar is
 * one progressbar for assistive technology, its value said in the same words as on screen.
 */
export function WizardProgress({
  flow,
  kind,
  step,
  machineFromRoute,
}: {
  flow: WizardFlow;
  kind: RecordKind;
  step: WizardStep;
  machineFromRoute: boolean;
}) {
  const position = stepPosition(flow, step, machineFromRoute);
  if (!position) return null;
  const headings = FORM_PAGES[kind].map((p) => p.heading) as [string, string];
  const where = `Step ${position.number} of ${position.count}`;
  const name = stepName(step, headings, flow);
  return (
    <Stack gap={4} data-testid="wizard-progress">
      <Text size="sm" c="dimmed">
        {where} · {name}
      </Text>
      <div
        role="progressbar"
        aria-label="Wizard progress"
        aria-valuemin={1}
        aria-valuemax={position.count}
        aria-valuenow={position.number}
        aria-valuetext={`${where}: ${name}`}
      >
        <Progress.Root size="sm">
          <Progress.Section value={(position.number / position.count) * 100} withAria={false} />
        </Progress.Root>
      </div>
    </Stack>
  );
}
