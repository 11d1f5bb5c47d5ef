import { Alert, Autocomplete, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import {
  DEVICE_MATCH_LIMIT,
  NO_DEVICE_MATCH,
  NO_MACHINES_ON_DEVICE,
  searchingDevice,
} from '../domain/device-machine-search';
import { useEffect, useRef, type FormEvent } from 'react';
import { MACHINE_NOT_FOUND_MESSAGE } from '../../contract/machines';
import { useModelTypeahead, type TypeaheadState } from './use-model-typeahead';

export interface ModelSerialInput {
  model: string;
  serial: string;
}

/**
 * Mode ModelSerial (product §2), shared by Machine search and the wizard's machine step: serial number plus a model typeahead. One matching model is
 * picked by itself and opens the machine; several are offered. Search opens what was typed
 * as is, which also finds a machine stored on the device while offline.
 */
export function ModelSerialForm({
  value,
  onChange,
  onFound,
}: {
  value: ModelSerialInput;
  onChange: (value: ModelSerialInput) => void;
  onFound: (m: { model: string; serial: string }) => void;
}) {
  const typeahead = useModelTypeahead(value.model, value.serial);
  const opened = useRef<string | null>(null);
  const foundRef = useRef(onFound);
  useEffect(() => {
    foundRef.current = onFound;
  }, [onFound]);

  // product §4: exactly one model matches -> auto-select it and open the detail (once).
  useEffect(() => {
    if (typeahead.status !== 'done' || typeahead.models.length !== 1) return;
    const model = typeahead.models[0]!.materialNumber;
    const key = `${model}|${value.serial.trim()}`;
    if (opened.current === key) return;
    opened.current = key;
    foundRef.current({ model, serial: value.serial.trim() });
  }, [typeahead, value.serial]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.model.trim() && value.serial.trim()) {
      onFound({ model: value.model.trim(), serial: value.serial.trim() });
    }
  };

  const options = typeahead.status === 'done' ? typeahead.models : [];
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Serial Number"
          value={value.serial}
          autoComplete="off"
          onChange={(e) => onChange({ ...value, serial: e.currentTarget.value })}
        />
        <Autocomplete
          label="Model Number"
          value={value.model}
          autoComplete="off"
          data={options.map((m) => ({ value: m.materialNumber, label: m.materialNumber }))}
          // Every offered model is a match for the serial: the gateway filtered already.
          filter={({ options: all }) => all}
          onChange={(model) => onChange({ ...value, model })}
          onOptionSubmit={(model) => onFound({ model, serial: value.serial.trim() })}
          rightSection={typeahead.status === 'loading' ? <Loader size="xs" /> : null}
        />
        {typeahead.status === 'done' && typeahead.models.length > 1 && (
          <Text size="sm" c="dimmed">
            {typeahead.models.length} models have this serial number: pick one.
          </Text>
        )}
        {typeahead.status === 'done' && typeahead.models.length === 0 && (
          <Alert color="red" role="alert">
            {MACHINE_NOT_FOUND_MESSAGE}
          </Alert>
        )}
        {(typeahead.status === 'failure' || typeahead.status === 'error') && (
          <Alert color="red" role="alert">
            {typeahead.message}
          </Alert>
        )}
        {typeahead.status === 'device' && (
          <DeviceMatches
            state={typeahead}
            typed={Boolean(value.model.trim() || value.serial.trim())}
            onPick={onFound}
          />
        )}
        <Button type="submit" disabled={!value.model.trim() || !value.serial.trim()}>
          Search
        </Button>
      </Stack>
    </form>
  );
}

function DeviceMatches({
  state,
  typed,
  onPick,
}: {
  state: Extract<TypeaheadState, { status: 'device' }>;
  typed: boolean;
  onPick: (m: { model: string; serial: string }) => void;
}) {
  if (state.onDevice === 0) {
    return (
      <Text c="orange.9" role="status">
        {NO_MACHINES_ON_DEVICE}
      </Text>
    );
  }
  const shown = state.matches.slice(0, DEVICE_MATCH_LIMIT);
  return (
    <Stack gap="xs">
      <Text c="orange.9" role="status">
        {searchingDevice(state.onDevice)}
      </Text>
      {typed && shown.length === 0 && <Text size="sm">{NO_DEVICE_MATCH}</Text>}
      {typed && shown.length > 0 && (
        <Stack gap={4}>
          {shown.map((m) => (
            <Button
              key={m.inventoryId}
              variant="subtle"
              justify="flex-start"
              h="auto"
              py={6}
              onClick={() => onPick({ model: m.materialNumber, serial: m.serialNumber })}
            >
              <Text size="sm" ta="left">
                <Text span fw={600} size="sm">
                  {m.materialNumber} · {m.serialNumber}
                </Text>
                {m.endCustomerName ? ` · ${m.endCustomerName}` : ''}
              </Text>
            </Button>
          ))}
          {state.matches.length > shown.length && (
            <Text size="sm" c="dimmed">
              {state.matches.length - shown.length} more: type more of the model or serial.
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
