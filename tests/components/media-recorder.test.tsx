import './setup-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedMedia } from '../../src/features/cases/feed-media';
import { MediaRecordButtons } from '../../src/features/cases/media-recorder';
import { renderScreen } from './render';

/*
 * The recorder when the device says no, and the feed's player when the browser cannot play a
 * clip. The browser's media APIs are stubbed at their edge (getUserMedia, MediaRecorder,
 * canPlayType); recording for real is the e2e test's (Chromium's fake microphone).
 */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function refusing(name: string) {
  vi.stubGlobal('MediaRecorder', { isTypeSupported: () => true });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.reject(Object.assign(new Error('no'), { name })) },
  });
}

async function record(kind: 'Record sound' | 'Record video') {
  const onRecorded = vi.fn();
  renderScreen(<MediaRecordButtons onRecorded={onRecorded} />);
  fireEvent.click(screen.getByRole('button', { name: kind }));
  const dialog = await screen.findByRole('dialog', { name: kind });
  return { dialog, onRecorded };
}

describe('recording when the device says no', () => {
  it('says the microphone was refused, and Close leaves nothing attached', async () => {
    refusing('NotAllowedError');
    const { dialog, onRecorded } = await record('Record sound');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Torque may not use the microphone. Allow it in the browser's site settings, then try again.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onRecorded).not.toHaveBeenCalled();
  });

  it('says there is no camera', async () => {
    refusing('NotFoundError');
    const { dialog } = await record('Record video');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No camera was found on this device.',
    );
  });

  it('says the browser cannot record where it has no MediaRecorder', async () => {
    vi.stubGlobal('MediaRecorder', undefined);
    const { dialog } = await record('Record sound');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This browser cannot record sound.',
    );
  });
});

describe('sounds and videos in the feed', () => {
  const clip = {
    key: 'f1',
    name: 'sound-20261126-090503.webm',
    type: 'audio/webm',
    size: 41_000,
    src: '/api/v1/case-files/069A',
  };

  it('plays a clip the browser can play', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    const { container } = renderScreen(<FeedMedia clips={[clip]} />);
    const audio = container.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe(clip.src);
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });

  it("offers a download for one it cannot (canPlayType says '')", () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    const { container } = renderScreen(<FeedMedia clips={[{ ...clip, type: 'video/webm' }]} />);
    expect(container.querySelector('audio, video')).toBeNull();
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe(clip.src);
    expect(link.getAttribute('download')).toBe(clip.name);
    expect(screen.getByTestId('feed-clip-download').textContent).toMatch(
      /cannot play it\. Download$/,
    );
  });
});
