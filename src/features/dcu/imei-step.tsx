import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { imeiProblem, isImeiComplete, keepImeiDigits } from '../../domain/dcu-input';
import type { DcuCheckState } from './use-dcu-check';

// The scanner (and @zxing/browser behind it) loads only when the user asks to scan.
const CameraScanner = lazy(() =>
  import('../../components/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);

interface Props {
  imei: string;
  onImeiChange(imei: string): void;
  check: DcuCheckState;
  onCheck(imei: string): void;
}

/** Step 1 (product §4, §5): scan or type the IMEI, then Check DCU Status. */
export function ImeiStep({ imei, onImeiChange, check, onCheck }: Props) {
  const [scanning, setScanning] = useState(false);
  const problem = imeiProblem(imei);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (isImeiComplete(imei)) onCheck(imei);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fw={700}>Step 1: scan or type the DCU&apos;s IMEI</Text>
        {scanning ? (
          <Suspense fallback={<Text c="dimmed">Opening the camera…</Text>}>
            <CameraScanner
              codes="any"
              hint="Point the rear camera at the DCU's IMEI barcode."
              typeInstead="the IMEI"
              onScan={(text) => {
                setScanning(false);
                onImeiChange(keepImeiDigits(text));
              }}
              onClose={() => setScanning(false)}
            />
          </Suspense>
        ) : (
          <Button variant="outline" onClick={() => setScanning(true)}>
            Scan
          </Button>
        )}
        <TextInput
          label="IMEI"
          value={imei}
          inputMode="numeric"
          autoComplete="off"
          // No maxLength: a pasted "IMEI: 35…" would be cut before its digits are kept.
          onChange={(e) => onImeiChange(keepImeiDigits(e.currentTarget.value))}
          error={problem}
        />
        {check.status === 'failed' && (
          <Text c="red.8" role="alert" data-testid="dcu-check-error">
            {check.message}
          </Text>
        )}
        <Group>
          <Button
            type="submit"
            disabled={!isImeiComplete(imei)}
            loading={check.status === 'checking'}
          >
            Check DCU Status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
