import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ENGINE_HOURS_MAX_LENGTH, engineHoursProblem } from '../../../contract/dcu';

/**
 * Edit of a queued DCU pairing: only the engine hours are the technician's to correct (the
 * machine and the unit are what the pairing is about). Same rule as the pairing screen.
 */
export function EditEngineHoursModal({
  initial,
  opened,
  onCancel,
  onSave,
}: {
  initial: string;
  opened: boolean;
  onCancel: () => void;
  onSave: (hours: string) => void;
}) {
  const [hours, setHours] = useState(initial);
  const problem = hours.length === 0 ? null : engineHoursProblem(hours);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (engineHoursProblem(hours) === null) onSave(hours);
  };

  return (
    <Modal opened={opened} onClose={onCancel} title="Edit engine hours" centered>
      <form onSubmit={submit}>
        <TextInput
          label="Engine hours"
          value={hours}
          inputMode="decimal"
          maxLength={ENGINE_HOURS_MAX_LENGTH}
          onChange={(e) => setHours(e.currentTarget.value.slice(0, ENGINE_HOURS_MAX_LENGTH))}
          error={problem}
          data-autofocus
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={engineHoursProblem(hours) !== null}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
