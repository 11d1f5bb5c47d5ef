import './attachment-picker.css';
import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { lazy, startTransition, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { isGridImage, isHeic, jpegName } from '../../domain/case-images';
import type { Mark } from '../../domain/photo-markup';
import { formatFileSize } from '../../domain/file-size';
import type { UpdateFile } from '../../sync/feed-post';
import { preparePhoto } from './photo-worker';
import { useObjectUrls } from '../../components/use-object-urls';
import { MediaRecordButtons } from './media-recorder';
import { isPlayable, MediaPlaybackModal } from './media-playback';
import type { PhotoMarkupModal as MarkupScreen } from './photo-markup-modal';

/** A file the user picked, ready to queue; the key tells two picks of one file apart. */
export interface PickedFile extends UpdateFile {
  key: string;
  /** A marked-up photo's photo as chosen, kept on the device until it is sent. */
  original?: UpdateFile;
  /** The marks on it, to go on from when it is marked up again. */
  marks?: readonly Mark[];
}

// The markup screen and its canvas code load once a photo that can be marked up is listed, while
// the page is idle: evaluating them and adding their styles on the tap that opens the screen
// would hold it up.
let markupModule: { PhotoMarkupModal: typeof MarkupScreen } | null = null;
const loadMarkup = () =>
  import('./photo-markup-modal').then((m) => {
    markupModule = m;
    return m;
  });
const LazyPhotoMarkupModal = lazy(() =>
  loadMarkup().then((m) => ({ default: m.PhotoMarkupModal })),
);

function useMarkupPreload(wanted: boolean) {
  useEffect(() => {
    if (!wanted || markupModule) return;
    const load = () => void loadMarkup().catch(() => undefined); // the tap tries again
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(load, 500);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load, { timeout: 2000 });
    return () => cancelIdleCallback(idle);
  }, [wanted]);
}

/** Photos that can be drawn on (a GIF may move, and a drawn frame would stop it). */
function canMarkUp(file: PickedFile): boolean {
  const type = (file.original ?? file).type;
  return isGridImage(type) && type !== 'image/gif';
}

/**
 * The picked file after marking up: the marked-up JPEG in its place, the photo as chosen beside
 * it; with every mark taken away, the photo as chosen again.
 */
export function markedUp(
  file: PickedFile,
  result: { photo: { blob: Blob } | null; marks: readonly Mark[] },
): PickedFile {
  const original = file.original ?? { name: file.name, type: file.type, blob: file.blob };
  if (!result.photo) return { key: file.key, ...original };
  return {
    key: file.key,
    name: jpegName(original.name),
    type: 'image/jpeg',
    blob: result.photo.blob,
    original,
    marks: result.marks,
  };
}

/**
 * What a button waiting for the picked files says: a HEIC conversion takes seconds, so the user
 * reads that it is under way rather than a bare spinner. Null when nothing is being prepared.
 */
export function waitingText(pending: readonly { name: string; type: string }[]): string | null {
  if (pending.length === 0) return null;
  const verb = pending.some((f) => isHeic(f.type, f.name)) ? 'Converting' : 'Preparing';
  return `${verb} ${pending.length === 1 ? 'photo' : `${pending.length} photos`}…`;
}

/**
 * Turns picked files into queued-ready ones (product §5: HEIC/HEIF to JPEG, large photos scaled
 * down). Each photo is prepared in the worker; the others wait their turn there.
 */
export function usePreparedFiles(onReady: (file: PickedFile) => void) {
  const [pending, setPending] = useState<readonly { id: string; name: string; type: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Photos are prepared side by side, a small one sooner than a large one, but join the list
  // one after another in the order picked (across picks too): the previews and the update show
  // them as the user chose them.
  const joined = useRef<Promise<void>>(Promise.resolve());
  const pick = (chosen: File[]) => {
    setError(null);
    const picked = chosen.map((file) => ({ id: crypto.randomUUID(), file }));
    setPending((ps) => [
      ...ps,
      ...picked.map(({ id, file }) => ({ id, name: file.name, type: file.type })),
    ]);
    for (const { id, file } of picked) {
      const prepared = preparePhoto(file);
      joined.current = joined.current.then(() =>
        prepared
          .then((p) =>
            // Random, not counted: a resumed draft's files keep keys from an earlier page load.
            onReady({ key: crypto.randomUUID(), name: p.name, type: p.type, blob: p.blob }),
          )
          .catch(() => setError(`${file.name} could not be read.`))
          .finally(() => setPending((ps) => ps.filter((f) => f.id !== id))),
      );
    }
  };
  return {
    preparing: pending.length,
    waiting: waitingText(pending),
    error,
    clearError: () => setError(null),
    pick,
    // A recording is ready as it is: nothing to convert or scale.
    add: (file: UpdateFile) => onReady({ key: crypto.randomUUID(), ...file }),
  };
}

/**
 * Upload (camera or files, several at once), Record sound and Record video, what is being
 * prepared, and thumbnails in a grid, each with its remove button on it, large enough for a
 * finger.
 */
export function AttachmentPicker({
  files,
  waiting,
  error,
  pick,
  add,
  onRemove,
  onReplace,
}: {
  files: readonly PickedFile[];
  waiting: string | null;
  error: string | null;
  pick: (chosen: File[]) => void;
  add: (file: UpdateFile) => void;
  onRemove: (key: string) => void;
  /** A photo marked up: `file` takes the place of the one with the same key. */
  onReplace: (file: PickedFile) => void;
}) {
  const [marking, setMarking] = useState<PickedFile | null>(null);
  const [playing, setPlaying] = useState<PickedFile | null>(null);
  useMarkupPreload(files.some(canMarkUp));
  // Loaded ahead, the screen renders at once; before that, it is lazy. Chosen as it opens and kept
  // while it is open: a change of component would start it again and drop the marks.
  const open = marking !== null;
  const PhotoMarkupModal = useMemo(
    () => (open && markupModule ? markupModule.PhotoMarkupModal : LazyPhotoMarkupModal),
    [open],
  );
  const previews = useObjectUrls(
    useMemo(
      () => new Map(files.filter((f) => f.type.startsWith('image/')).map((f) => [f.key, f.blob])),
      [files],
    ),
  );
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <FileButton
          onChange={pick}
          accept="image/*,.heic,.heif,audio/*,video/*,application/pdf,text/plain,.csv"
          multiple
        >
          {(props) => (
            <Button variant="default" className="media-record-button" {...props}>
              Upload
            </Button>
          )}
        </FileButton>
        <MediaRecordButtons onRecorded={add} />
      </Group>
      {waiting && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{waiting}</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {files.length > 0 && (
        <div className="upload-previews" data-testid="upload-previews">
          {files.map((f) => (
            <div key={f.key} className="upload-preview" data-testid="upload-preview">
              {previews.get(f.key) ? (
                <img src={previews.get(f.key)} alt={f.name} />
              ) : (
                <Text
                  size="xs"
                  className="upload-preview-file"
                  data-playable={isPlayable(f.type) || undefined}
                >
                  {f.name} · {formatFileSize(f.blob.size)}
                </Text>
              )}
              {isPlayable(f.type) && (
                <UnstyledButton
                  className="upload-preview-markup"
                  aria-label={`Play ${f.name}`}
                  onClick={() => setPlaying(f)}
                >
                  Play
                </UnstyledButton>
              )}
              {canMarkUp(f) && (
                <UnstyledButton
                  className="upload-preview-markup"
                  aria-label={`Mark up ${f.name}`}
                  // A transition: the markup screen renders in slices the page can answer
                  // between, rather than in one task that holds it.
                  onClick={() => startTransition(() => setMarking(f))}
                >
                  Mark up
                </UnstyledButton>
              )}
              <CloseButton
                size="xl"
                variant="transparent"
                className="upload-preview-remove"
                aria-label={`Remove ${f.name}`}
                onClick={() => onRemove(f.key)}
              />
            </div>
          ))}
        </div>
      )}
      {playing && (
        <MediaPlaybackModal
          name={playing.name}
          blob={playing.blob}
          onClose={() => setPlaying(null)}
        />
      )}
      {marking && (
        <Suspense fallback={<Loader size="sm" />}>
          <PhotoMarkupModal
            name={marking.name}
            photo={(marking.original ?? marking).blob}
            marks={marking.marks ?? []}
            onCancel={() => setMarking(null)}
            onApply={(result) => {
              onReplace(markedUp(marking, result));
              setMarking(null);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
