/*
 * Recording a machine's sound or a short clip for a case: what is recorded, for how long and
 * at what size, and what a refused or missing device is told. The gateway's limits (5 MB of
 * sound, 20 MB of video) sit far above what these settings make.
 */

export type RecordingKind = 'sound' | 'video';

export interface RecordingSpec {
  /** Longest recording: it stops by itself then. */
  maxSeconds: number;
  /** Formats in order of preference: the first the browser records is used. */
  types: readonly string[];
  constraints: MediaStreamConstraints;
  options: { audioBitsPerSecond: number; videoBitsPerSecond?: number };
}

export const RECORDING: Record<RecordingKind, RecordingSpec> = {
  sound: {
    maxSeconds: 30,
    // Opus in WebM (Chromium, Firefox); MP4 with AAC where that is what the browser records (Safari).
    types: ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'],
    // A machine's noise is the point: no noise suppression or gain control taking it away.
    constraints: {
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    },
    options: { audioBitsPerSecond: 64_000 },
  },
  video: {
    maxSeconds: 15,
    types: ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'],
    // A phone-friendly size from the back camera: about 2 MB for 15 s.
    constraints: {
      audio: true,
      video: {
        facingMode: 'environment',
        width: { ideal: 640 },
        height: { ideal: 480 },
        frameRate: { ideal: 24, max: 30 },
      },
    },
    options: { audioBitsPerSecond: 64_000, videoBitsPerSecond: 900_000 },
  },
};

/** The first of `types` the browser records, '' for its own choice, null when it records none. */
export function recordingType(
  types: readonly string[],
  isTypeSupported: ((type: string) => boolean) | undefined,
): string | null {
  if (!isTypeSupported) return null;
  return types.find((t) => isTypeSupported(t)) ?? '';
}

/** The container a recorded type is, as a file extension. */
export function recordingExtension(type: string, kind: RecordingKind): string {
  const base = type.split(';')[0]!.trim().toLowerCase();
  if (base.endsWith('/mp4')) return kind === 'sound' ? 'm4a' : 'mp4';
  if (base.endsWith('/ogg')) return 'ogg';
  return 'webm';
}

const two = (n: number) => String(n).padStart(2, '0');

/** e.g. "sound-20261126-141503.webm": sorted by time, told apart from photos at a glance. */
export function recordingName(kind: RecordingKind, type: string, at: Date): string {
  const stamp =
    `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}-` +
    `${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
  return `${kind}-${stamp}.${recordingExtension(type, kind)}`;
}

/** "0:07": the elapsed time beside the limit. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** What the user reads when the recording cannot start, by the browser's error name. */
export function recordingError(kind: RecordingKind, error: unknown): string {
  const device = kind === 'sound' ? 'microphone' : 'camera';
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return `Torque may not use the ${device}. Allow it in the browser's site settings, then try again.`;
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return `No ${device} was found on this device.`;
  }
  if (name === 'NotReadableError') {
    return `The ${device} is in use by another app. Close it, then try again.`;
  }
  if (name === 'NotSupportedError') {
    return `This browser cannot record ${kind === 'sound' ? 'sound' : 'video'}.`;
  }
  return `The ${device} could not be started. Please try again.`;
}
