import { Alert, Button, CloseButton, FileButton, Group, Loader, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatFileSize } from '../../domain/file-size';
import type { UpdateFile } from '../../sync/feed-post';
import { preparePhoto } from './photo-worker';
import { useObjectUrls } from '../../components/use-object-urls';

/** A file the user picked, ready to queue; the key tells two picks of one file apart. */
export interface PickedFile extends UpdateFile {
  key: string;
}

/**
 * Turns picked files into queued-ready ones (product §5: HEIC/HEIF to JPEG, large photos scaled
 * down). Each photo is prepared in the worker; the others wait their turn there.
 */
export function usePreparedFiles(onReady: (file: PickedFile) => void) {
  const [preparing, setPreparing] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const pick = (chosen: File[]) => {
    setError(null);
    setPreparing((n) => n + chosen.length);
    for (const file of chosen) {
      preparePhoto(file)
        .then((p) =>
          // Random, not counted: a resumed draft's files keep keys from an earlier page load.
          onReady({ key: crypto.randomUUID(), name: p.name, type: p.type, blob: p.blob }),
        )
        .catch(() => setError(`${file.name} could not be read.`))
        .finally(() => setPreparing((n) => n - 1));
    }
  };
  return { preparing, error, clearError: () => setError(null), pick };
}

/** Upload (camera or files, several at once), what is being prepared, and previews to remove. */
export function AttachmentPicker({
  files,
  preparing,
  error,
  pick,
  onRemove,
}: {
  files: readonly PickedFile[];
  preparing: number;
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
      {preparing > 0 && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">Preparing {preparing === 1 ? 'a photo' : `${preparing} photos`}…</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {files.length > 0 && (
        <div className="case-previews" data-testid="upload-previews">
          {files.map((f) => (
            <div key={f.key} className="case-preview" data-testid="upload-preview">
              {previews.get(f.key) ? (
                <img src={previews.get(f.key)} alt={f.name} />
              ) : (
                <Text size="xs" p={4} style={{ overflowWrap: 'anywhere' }}>
                  {f.name} · {formatFileSize(f.blob.size)}
                </Text>
              )}
              <CloseButton
                size="sm"
                variant="filled"
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
