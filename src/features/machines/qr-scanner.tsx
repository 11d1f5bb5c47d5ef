import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/** product §9 "QR scanner 100 fps, box 250": one decode attempt every 10 ms, a 250 px box. */
const SCAN_INTERVAL_MS = 10;
const BOX = 250;

/**
 * The rear-camera QR scanner (product §2). @zxing/browser is loaded only when the scanner
 * opens. The first code read is handed up once and the camera is released.
 */
export function QrScanner({
  onScan,
  onClose,
}: {
  onScan: (text: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const scanned = useRef(onScan);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    scanned.current = onScan;
  }, [onScan]);

  useEffect(() => {
    let done = false;
    let stop: (() => void) | undefined;
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (done || !video.current) return;
        const reader = new BrowserQRCodeReader(undefined, {
          delayBetweenScanAttempts: SCAN_INTERVAL_MS,
        });
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
        if (!done) {
          setError(
            `The camera could not be opened${e instanceof Error && e.message ? `: ${e.message}` : '.'}`,
          );
        }
      }
    })();
    return () => {
      done = true;
      stop?.();
    };
  }, []);

  return (
    <Paper withBorder p="sm" data-testid="qr-scanner">
      <Stack gap="sm" align="center">
        <Text size="sm" c="dimmed">
          Point the rear camera at the machine's serial number code.
        </Text>
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera"
          style={{ width: BOX, height: BOX, objectFit: 'cover', background: '#000' }}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button variant="default" onClick={onClose}>
          Close Scanner
        </Button>
      </Stack>
    </Paper>
  );
}
