import { Select } from '@mantine/core';
import { US_STATES } from '../domain/us-states';

const stateOptions = US_STATES.map((s) => ({ value: s.code, label: s.name }));

/** The State field of the search forms: the US list including DC, '' when none is chosen. */
export function StateSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <Select
      label="State"
      data={stateOptions}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      clearable
    />
  );
}
