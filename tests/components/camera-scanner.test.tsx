import './setup-dom';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraScanner } from '../../src/components/camera-scanner';

function withCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia, enumerateDevices: async () => [] },
    configurable: true,
  });
}
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function open(onClose = vi.fn()) {
  render(
    <MantineProvider env="test">
      <CameraScanner
        codes="any"
        hint="Point the rear camera at the DCU's IMEI barcode."
        typeInstead="the IMEI"
        onScan={vi.fn()}
        onClose={onClose}
      />
    </MantineProvider>,
  );
}

describe('CameraScanner', () => {
  it('says in plain words that no camera was found and that typing works', async () => {
    withCamera(() =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    );
    const onClose = vi.fn();
    open(onClose);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('No camera was found on this device. Type the IMEI instead.');
    expect(alert.textContent).not.toContain('Requested device');
    fireEvent.click(screen.getByRole('button', { name: 'Close Scanner' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('asks for camera access when it was refused', async () => {
    withCamera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The camera is not allowed for this app. Allow camera access, or type the IMEI instead.',
    );
  });
});
