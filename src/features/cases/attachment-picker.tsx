import './attachment-picker.css';
import { Alert, Button, CloseButton, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { isHeic } from '../../domain/case-images';
import { formatFileSize } from '../../domain/file-size';
import type { UpdateFile } from '../../sync/feed-post';
import { preparePhoto } from './photo-worker';
import { useObjectUrls } from '../../components/use-object-urls';

/** A file the user picked, ready to queue; the key tells two picks of one file apart. */
export interface PickedFile extends UpdateFile {
  key: string;
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
  const pick = (chosen: File[]) => {
    setError(null);
    const picked = chosen.map((file) => ({ id: crypto.randomUUID(), file }));
    setPending((ps) => [
      ...ps,
      ...picked.map(({ id, file }) => ({ id, name: file.name, type: file.type })),
    ]);
    for (const { id, file } of picked) {
      preparePhoto(file)
        .then((p) =>
          // Random, not counted: a resumed draft's files keep keys from an earlier page load.
          onReady({ key: crypto.randomUUID(), name: p.name, type: p.type, blob: p.blob }),
        )
        .catch(() => setError(`${file.name} could not be read.`))
        .finally(() => setPending((ps) => ps.filter((f) => f.id !== id)));
    }
  };
  return {
    preparing: pending.length,
    waiting: waitingText(pending),
    error,
    clearError: () => setError(null),
    pick,
  };
}

/**
 * Upload (camera or files, several at once), what is being prepared, and thumbnails in a grid,
 * each with its remove button on it, large enough for a finger.
 */
export function AttachmentPicker({
  files,
  waiting,
  error,
  pick,
  onRemove,
}: {
  files: readonly PickedFile[];
  waiting: string | null;
  error: string | null;
  pick: (chosen: File[]) => void;
  onRemove: (key: string) => void;
}) {
  const previews = useObjectUrls(
    useMemo(
      () => new Map(files.filter((f) => f.type.startsWith('image/')).map((f) => [f.key, f.blob])),
      [files],
    ),
  );
  return (
    <Stack gap="sm">
      <FileButton
        onChange={pick}
        accept="image/*,.heic,.heif,application/pdf,text/plain,.csv"
        multiple
      >
        {(props) => (
          <Button variant="default" {...props}>
            Upload
          </Button>
        )}
      </FileButton>
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
                <Text size="xs" p={4} style={{ overflowWrap: 'anywhere' }}>
                  {f.name} · {formatFileSize(f.blob.size)}
                </Text>
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
    </Stack>
  );
}
