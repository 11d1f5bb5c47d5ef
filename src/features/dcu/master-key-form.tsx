import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { masterKeySerialProblem } from '../../../contract/dcu';
import { masterKeySubmitProblem } from '../../domain/dcu-input';

interface Props {
  serial: string;
  onSerialChange(serial: string): void;
  onSubmit(serial: string): void;
  loading: boolean;
  /** Why the last lookup failed (offline, rate limit, server text). */
  error: string | null;
}

/**
 * product §5 master key serial: empty is allowed until submit, then 6-11 digits; the field shows
 * the first rule broken as the user types, and Submit is blocked while it does.
 */
export function MasterKeyForm({ serial, onSerialChange, onSubmit, loading, error }: Props) {
  const [submitted, setSubmitted] = useState(false);
  const problem = submitted ? masterKeySubmitProblem(serial) : masterKeySerialProblem(serial);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (masterKeySubmitProblem(serial) === null) onSubmit(serial);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="DCU Module Serial Number"
          value={serial}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => onSerialChange(e.currentTarget.value)}
          error={problem}
        />
        {error && (
          <Text c="red.8" role="alert" data-testid="master-key-error">
            {error}
          </Text>
        )}
        <Button type="submit" disabled={problem !== null} loading={loading}>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
