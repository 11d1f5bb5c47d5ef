import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** product §9 "QR scanner 100 fps, box 250": one decode attempt every 10 ms, a 250 px box. */
const SCAN_INTERVAL_MS = 10;
const BOX = 250;

/**
 * What went wrong with the camera, in plain words, never the browser's own ("Requested device
 * not found"): and that typing works instead.
 */
export function cameraProblem(error: unknown, typeInstead: string): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return `No camera was found on this device. Type ${typeInstead} instead.`;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return `The camera is not allowed for this app. Allow camera access, or type ${typeInstead} instead.`;
  return `The camera could not be opened. Type ${typeInstead} instead.`;
}

interface Props {
  /** QR codes (the machine's serial plate) or any barcode (the DCU's IMEI label). */
  codes: 'qr' | 'any';
  /** What to point the camera at. */
  hint: string;
  /** What the user can type instead, e.g. "the IMEI". */
  typeInstead: string;
  /** The decoded text, as the code holds it. */
  onScan(text: string): void;
  onClose(): void;
}

/**
 * The rear-camera scanner of machine search (product §2) and DCU pairing (product §4).
 * @zxing/browser loads only when it opens; the first code read is handed up once and the camera
 * is released.
 */
export function CameraScanner({ codes, hint, typeInstead, onScan, onClose }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The latest callback without restarting the camera when the parent re-renders.
  const scanned = useRef(onScan);
  useEffect(() => {
    scanned.current = onScan;
  }, [onScan]);

  useEffect(() => {
    let done = false;
    let stop: (() => void) | undefined;
    void (async () => {
      try {
        const zxing = await import('@zxing/browser');
        if (done || !video.current) return;
        const options = { delayBetweenScanAttempts: SCAN_INTERVAL_MS };
        const reader =
          codes === 'qr'
            ? new zxing.BrowserQRCodeReader(undefined, options)
            : new zxing.BrowserMultiFormatReader(undefined, options);
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          video.current,
          (result, _error, ctl) => {
            if (!result || done) return;
            done = true;
            ctl.stop();
            scanned.current(result.getText());
          },
        );
        if (done) controls.stop();
        else stop = () => controls.stop();
      } catch (e) {
        if (!done) setProblem(cameraProblem(e, typeInstead));
      }
    })();
    return () => {
      done = true;
      stop?.();
    };
  }, [codes, typeInstead]);

  return (
    <Paper withBorder p="sm" data-testid="camera-scanner">
      <Stack gap="sm" align="center">
        {problem ? (
          <Alert color="red" role="alert" w="100%">
            {problem}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
            <video
              ref={video}
              muted
              playsInline
              aria-label="Camera"
              style={{ width: BOX, height: BOX, objectFit: 'cover', background: '#000' }}
            />
          </>
        )}
        <Button variant="default" onClick={onClose}>
          Close Scanner
        </Button>
      </Stack>
    </Paper>
  );
}
