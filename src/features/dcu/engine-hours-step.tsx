import { Button, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { ENGINE_HOURS_MAX_LENGTH } from '../../../contract/dcu';
import {
  canCommitEngineHours,
  engineHoursFieldProblem,
  limitEngineHours,
} from '../../domain/dcu-input';

interface Props {
  hours: string;
  onHoursChange(hours: string): void;
  onCommit(): void;
  committing: boolean;
  /** Why the commit could not even be queued (product §8's network message), if it could not. */
  error: string | null;
}

/** Step 2 (product §4, §5): engine hours, numeric with optional decimals, then Commit. */
export function EngineHoursStep({ hours, onHoursChange, onCommit, committing, error }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canCommitEngineHours(hours)) onCommit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fw={700}>Step 2: enter the engine hours and commit</Text>
        <TextInput
          label="Engine Hours"
          value={hours}
          inputMode="decimal"
          autoComplete="off"
          maxLength={ENGINE_HOURS_MAX_LENGTH}
          onChange={(e) => onHoursChange(limitEngineHours(e.currentTarget.value))}
          error={engineHoursFieldProblem(hours)}
        />
        {error && (
          <Text c="red.8" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" disabled={!canCommitEngineHours(hours)} loading={committing}>
          Commit
        </Button>
      </Stack>
    </form>
  );
}
