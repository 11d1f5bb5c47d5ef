import { describe, expect, it } from 'vitest';
import { mediaKind } from '../../src/domain/case-feed';
import {
  clock,
  RECORDING,
  recordingError,
  recordingName,
  recordingType,
} from '../../src/domain/media-recording';

describe('recording a sound or a clip', () => {
  it('records the first type the browser takes: Opus in WebM, else MP4 (Safari)', () => {
    const chromium = (t: string) => t.startsWith('audio/webm') || t.startsWith('video/webm');
    const safari = (t: string) => t === 'audio/mp4' || t === 'video/mp4';
    expect(recordingType(RECORDING.sound.types, chromium)).toBe('audio/webm;codecs=opus');
    expect(recordingType(RECORDING.sound.types, safari)).toBe('audio/mp4');
    expect(recordingType(RECORDING.video.types, safari)).toBe('video/mp4');
    // None named: the browser's own choice; no recorder at all: null.
    expect(recordingType(RECORDING.sound.types, () => false)).toBe('');
    expect(recordingType(RECORDING.sound.types, undefined)).toBeNull();
  });

  it('stops a sound at 30 s and a video at 15 s, the video at a phone-friendly size', () => {
    expect(RECORDING.sound.maxSeconds).toBe(30);
    expect(RECORDING.video.maxSeconds).toBe(15);
    const video = RECORDING.video.constraints.video as MediaTrackConstraints;
    expect(video.width).toEqual({ ideal: 640 });
    // 15 s at the bitrates asked for stays far under the gateway's 20 MB.
    const { videoBitsPerSecond = 0, audioBitsPerSecond } = RECORDING.video.options;
    expect(((videoBitsPerSecond + audioBitsPerSecond) * 15) / 8).toBeLessThan(2_000_000);
  });

  it('names a recording by kind, time and container', () => {
    const at = new Date(2026, 10, 26, 9, 5, 3);
    expect(recordingName('sound', 'audio/webm;codecs=opus', at)).toBe('sound-20261126-090503.webm');
    expect(recordingName('sound', 'audio/mp4', at)).toBe('sound-20261126-090503.m4a');
    expect(recordingName('video', 'video/mp4;codecs=avc1', at)).toBe('video-20261126-090503.mp4');
    expect(clock(7.9)).toBe('0:07');
    expect(clock(30)).toBe('0:30');
  });

  it('says what is wrong when the device is refused or missing', () => {
    expect(recordingError('sound', { name: 'NotAllowedError' })).toBe(
      "Torque may not use the microphone. Allow it in the browser's site settings, then try again.",
    );
    expect(recordingError('video', { name: 'NotFoundError' })).toBe(
      'No camera was found on this device.',
    );
    expect(recordingError('sound', { name: 'NotSupportedError' })).toBe(
      'This browser cannot record sound.',
    );
  });

  it('plays sounds and videos in the feed, not other files', () => {
    expect(mediaKind('audio/webm')).toBe('audio');
    expect(mediaKind('video/mp4')).toBe('video');
    expect(mediaKind('application/pdf')).toBeNull();
  });
});
