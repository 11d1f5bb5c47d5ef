import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { customerSearchProblem } from '../../../contract/machines';
import { StateSelect } from '../../components/state-select';
import {
  customerQueryOf,
  customerSearchString,
  type CustomerSearchInput,
} from '../../domain/machine-search';

const EMPTY_CUSTOMER_INPUT: CustomerSearchInput = {
  firstName: '',
  lastName: '',
  city: '',
  state: '',
};

export type CustomerSearchFormState = UseFormReturnType<CustomerSearchInput>;

/** The form's values, held by the search screen so they outlive a switch of modes. */
export function useCustomerSearchForm(): CustomerSearchFormState {
  return useForm<CustomerSearchInput>({ initialValues: EMPTY_CUSTOMER_INPUT });
}

/**
 * Mode Customer (product §2, §5): the rules' messages show before any request; a valid search
 * opens /support/machineResults with the query in the URL (so the list survives a reload).
 */
export function CustomerSearchForm({
  form,
  onSearch,
}: {
  form: CustomerSearchFormState;
  onSearch: (search: string) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  // Any edit takes the message away until the next search.
  const field = (key: keyof CustomerSearchInput) => {
    const props = form.getInputProps(key);
    return {
      ...props,
      onChange: (v: unknown) => {
        setProblem(null);
        props.onChange(v);
      },
    };
  };

  const submit = form.onSubmit((value) => {
    const found = customerSearchProblem(value);
    setProblem(found);
    if (!found) onSearch(customerSearchString(customerQueryOf(value)));
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="First Name" {...field('firstName')} />
        <TextInput label="Last Name" {...field('lastName')} />
        <TextInput label="City" {...field('city')} />
        <StateSelect value={form.values.state} onChange={field('state').onChange} />
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
