import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  clock,
  RECORDING,
  recordingError,
  recordingName,
  recordingType,
  type RecordingKind,
} from '../../domain/media-recording';
import type { UpdateFile } from '../../sync/feed-post';

type Phase =
  | { at: 'starting' }
  | { at: 'recording'; stream: MediaStream; startedAt: number }
  | { at: 'failed'; message: string };

/** Thrown where the browser has no recorder at all (getUserMedia's own name for it). */
const notSupported = () =>
  Object.assign(new Error('MediaRecorder missing'), { name: 'NotSupportedError' });

/**
 * Records from the moment it is mounted until Stop, the time limit, or unmount (which drops
 * the recording). `onDone` gets the recorded file; nothing is kept when it is cut short.
 */
function useRecording(kind: RecordingKind, onDone: (file: UpdateFile) => void) {
  const [phase, setPhase] = useState<Phase>({ at: 'starting' });
  const [elapsed, setElapsed] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const spec = RECORDING[kind];
    let live = true;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stopTracks = () => stream?.getTracks().forEach((t) => t.stop());
    const start = async () => {
      const type = recordingType(spec.types, globalThis.MediaRecorder?.isTypeSupported);
      if (type === null || !navigator.mediaDevices?.getUserMedia) throw notSupported();
      stream = await navigator.mediaDevices.getUserMedia(spec.constraints);
      if (!live) return stopTracks();
      const rec = new MediaRecorder(stream, {
        ...spec.options,
        ...(type ? { mimeType: type } : {}),
      });
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
      rec.onstop = () => {
        clearInterval(timer);
        stopTracks();
        if (!live) return;
        const recorded = rec.mimeType || type || chunks[0]?.type || '';
        const blob = new Blob(chunks, { type: recorded });
        const base = recorded.split(';')[0]!;
        done.current({ name: recordingName(kind, recorded, new Date()), type: base, blob });
      };
      // Chunks every second: a recording stopped at once still holds what was said.
      rec.start(1000);
      recorder.current = rec;
      const startedAt = performance.now();
      timer = setInterval(() => {
        const seconds = (performance.now() - startedAt) / 1000;
        setElapsed(seconds);
        if (seconds >= spec.maxSeconds && rec.state === 'recording') rec.stop();
      }, 250);
      setPhase({ at: 'recording', stream, startedAt });
    };
    start().catch((error: unknown) => {
      stopTracks();
      if (live) setPhase({ at: 'failed', message: recordingError(kind, error) });
    });
    return () => {
      live = false;
      clearInterval(timer);
      if (recorder.current?.state === 'recording') recorder.current.stop();
      recorder.current = null;
      stopTracks();
    };
  }, [kind]);

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };
  return { phase, elapsed, stop };
}

/** The camera's picture while a video records, so the user aims at the fault. */
function LivePreview({ stream }: { stream: MediaStream }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return <video ref={video} autoPlay muted playsInline className="media-recorder-preview" />;
}

function Recording({
  kind,
  onDone,
  onCancel,
}: {
  kind: RecordingKind;
  onDone: (file: UpdateFile) => void;
  onCancel: () => void;
}) {
  const { phase, elapsed, stop } = useRecording(kind, onDone);
  const max = RECORDING[kind].maxSeconds;
  if (phase.at === 'failed') {
    return (
      <Stack gap="sm">
        <Alert color="red" role="alert">
          {phase.message}
        </Alert>
        <Button variant="default" className="media-record-button" onClick={onCancel}>
          Close
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {kind === 'video' && phase.at === 'recording' && <LivePreview stream={phase.stream} />}
      <Group justify="space-between" role="timer" aria-live="off" aria-label="Recording time">
        <Text fw={600} data-testid="recording-elapsed">
          {phase.at === 'starting' ? 'Starting…' : `Recording ${clock(elapsed)}`}
        </Text>
        <Text c="dimmed">{`of ${clock(max)}`}</Text>
      </Group>
      <Progress value={Math.min(100, (elapsed / max) * 100)} aria-hidden />
      <Group grow>
        <Button variant="default" className="media-record-button" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          color="red"
          className="media-record-button"
          onClick={stop}
          disabled={phase.at !== 'recording'}
        >
          Stop
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Record sound" and "Record video": each opens the recorder, which starts at once; Stop (or
 * the time limit) attaches the recording, Cancel drops it.
 */
export function MediaRecordButtons({ onRecorded }: { onRecorded: (file: UpdateFile) => void }) {
  const [kind, setKind] = useState<RecordingKind | null>(null);
  return (
    <>
      <Button variant="default" className="media-record-button" onClick={() => setKind('sound')}>
        Record sound
      </Button>
      <Button variant="default" className="media-record-button" onClick={() => setKind('video')}>
        Record video
      </Button>
      <Modal
        opened={kind !== null}
        onClose={() => setKind(null)}
        title={kind === 'video' ? 'Record video' : 'Record sound'}
        centered
      >
        {kind && (
          <Recording
            kind={kind}
            onCancel={() => setKind(null)}
            onDone={(file) => {
              setKind(null);
              onRecorded(file);
            }}
          />
        )}
      </Modal>
    </>
  );
}
