import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export const CAMERA_FAILED_MESSAGE =
  'The camera could not be opened. Allow camera access, or type the IMEI instead.';

interface Props {
  /** The decoded text, as the barcode holds it (the IMEI step keeps its digits). */
  onScan(text: string): void;
  onClose(): void;
}

/**
 * product §4 DCU pairing step 1: scan the unit's barcode with the rear camera. @zxing/browser is
 * loaded only when the scanner opens, so the screen does not pay for it up front.
 */
export function BarcodeScanner({ onScan, onClose }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // The latest callback without restarting the camera when the parent re-renders.
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    let stopped = false;
    let stop: (() => void) | undefined;
    void (async () => {
      try {
        const { BrowserMultiFormatReader } = await import('@zxing/browser');
        if (stopped || !video.current) return;
        const reader = new BrowserMultiFormatReader();
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' } },
          video.current,
          (result, _error, ctl) => {
            if (!result || stopped) return;
            stopped = true;
            ctl.stop();
            onScanRef.current(result.getText());
          },
        );
        if (stopped) controls.stop();
        else stop = () => controls.stop();
      } catch {
        if (!stopped) setFailed(true);
      }
    })();
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);

  return (
    <Stack gap="xs" data-testid="dcu-scanner">
      {failed ? (
        <Text c="red.8" role="alert">
          {CAMERA_FAILED_MESSAGE}
        </Text>
      ) : (
        <video
          ref={video}
          muted
          playsInline
          aria-label="Camera preview"
          style={{ width: '100%', maxHeight: 320, background: '#000', borderRadius: 4 }}
        />
      )}
      <Button variant="outline" onClick={onClose}>
        Close Scanner
      </Button>
    </Stack>
  );
}
