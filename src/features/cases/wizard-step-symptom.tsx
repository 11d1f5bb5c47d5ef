import { Alert, Autocomplete, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SUBJECT_REQUIRED_MESSAGE, type DtcCode } from '../../../contract/case-create';
import { LOOKUP_MIN_CHARS } from '../../../contract/cases';
import { dtcCodesFor } from '../../sync/wizard-lookups';
import { StepButtons, type StepMoves } from './wizard-step-buttons';

/** Step 1's fields: Subject and DTC code (the model's DTC values from 3 characters). */
export function SymptomStep({
  ownerUserId,
  model,
  subject,
  dtc,
  error,
  onChange,
}: {
  ownerUserId: string;
  model: string;
  subject: string;
  dtc: string;
  error: string | null;
  onChange: (change: { subject?: string; dtc?: string }) => void;
}) {
  const [codes, setCodes] = useState<DtcCode[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    dtcCodesFor(ownerUserId, model, ctl.signal)
      .then(setCodes)
      .catch(() => setCodes([]));
    return () => ctl.abort();
  }, [ownerUserId, model]);
  const descriptions = new Map(codes.map((c) => [c.code, c.description]));
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <TextInput
        label="Subject"
        required
        value={subject}
        onChange={(e) => onChange({ subject: e.currentTarget.value })}
      />
      <Autocomplete
        label="DTC Code"
        value={dtc}
        data={dtc.trim().length >= LOOKUP_MIN_CHARS ? codes.map((c) => c.code) : []}
        limit={20}
        // The code is what is sent; its description says which fault it is.
        renderOption={({ option }) => (
          <div>
            <Text size="sm">{option.value}</Text>
            {descriptions.get(option.value) && (
              <Text size="xs" c="dimmed">
                {descriptions.get(option.value)}
              </Text>
            )}
          </div>
        )}
        onChange={(value) => onChange({ dtc: value })}
      />
    </Stack>
  );
}

/** Step 1: the symptom (a prediction's too); Next needs a Subject. */
export function WizardStepSymptom({
  onPrevious,
  onNext,
  ...fields
}: StepMoves & Omit<Parameters<typeof SymptomStep>[0], 'error'>) {
  const [error, setError] = useState<string | null>(null);
  const next = () => {
    const missing = fields.subject.trim() === '';
    setError(missing ? SUBJECT_REQUIRED_MESSAGE : null);
    if (!missing) onNext();
  };
  return (
    <>
      <SymptomStep {...fields} error={error} />
      <StepButtons onPrevious={onPrevious} onNext={next} />
    </>
  );
}
