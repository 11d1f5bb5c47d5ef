import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { customerSearchProblem } from '../../../contract/machines';
import {
  customerQueryOf,
  customerSearchString,
  type CustomerSearchInput,
} from '../../domain/machine-search';
import { US_STATES } from '../../domain/us-states';

const stateOptions = US_STATES.map((s) => ({ value: s.code, label: s.name }));

export const EMPTY_CUSTOMER_INPUT: CustomerSearchInput = {
  firstName: '',
  lastName: '',
  city: '',
  state: '',
};

/**
 * Mode Customer (product §2, §5): the rules' messages show before any request; a valid search
 * opens /support/machineResults with the query in the URL (so the list survives a reload).
 */
export function CustomerSearchForm({
  value,
  onChange,
  onSearch,
}: {
  value: CustomerSearchInput;
  onChange: (value: CustomerSearchInput) => void;
  onSearch: (search: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof CustomerSearchInput) => (v: string) => {
    setProblem(null);
    onChange({ ...value, [key]: v });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = customerSearchProblem(value);
    setProblem(found);
    if (!found) onSearch(customerSearchString(customerQueryOf(value)));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="First Name"
          value={value.firstName}
          onChange={(e) => set('firstName')(e.currentTarget.value)}
        />
        <TextInput
          label="Last Name"
          value={value.lastName}
          onChange={(e) => set('lastName')(e.currentTarget.value)}
        />
        <TextInput
          label="City"
          value={value.city}
          onChange={(e) => set('city')(e.currentTarget.value)}
        />
        <Select
          label="State"
          data={stateOptions}
          value={value.state || null}
          onChange={(v) => set('state')(v ?? '')}
          searchable
          clearable
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit">Search</Button>
      </Stack>
    </form>
  );
}
