import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { isEmptyUpdate } from '../../domain/case-update';
import { formatFileSize } from '../../domain/file-size';
import { postCaseUpdate, type UpdateFile } from '../../sync/case-update';
import { preparePhoto } from './photo-worker';
import { useObjectUrls } from './use-object-urls';

interface Picked extends UpdateFile {
  key: string;
}

let pickCounter = 0;

/** Product §2: the Post an update panel (text, Upload, close-case checkbox, Save Changes). */
export function PostUpdatePanel({
  caseId,
  caseNumber,
  closed,
}: {
  caseId: string;
  caseNumber: string;
  closed: boolean;
}) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Picked[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [close, setClose] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const previews = useObjectUrls(
    useMemo(
      () => new Map(files.filter((f) => f.type.startsWith('image/')).map((f) => [f.key, f.blob])),
      [files],
    ),
  );

  const pick = (chosen: File[]) => {
    setError(null);
    setPreparing((n) => n + chosen.length);
    for (const file of chosen) {
      // Each photo is converted and scaled in the worker; the others wait their turn there.
      preparePhoto(file)
        .then((p) =>
          setFiles((fs) => [
            ...fs,
            { key: `pick-${++pickCounter}`, name: p.name, type: p.type, blob: p.blob },
          ]),
        )
        .catch(() => setError(`${file.name} could not be read.`))
        .finally(() => setPreparing((n) => n - 1));
    }
  };

  const draft = { text, fileCount: files.length, close };
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await postCaseUpdate({ caseId, caseNumber, text, files, close });
      setText('');
      setFiles([]);
      setClose(false);
    } catch {
      setError('The update could not be stored on this device. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" component="aside" aria-labelledby="post-update-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="post-update-title">
          Post an update
        </Title>
        <Textarea
          label="Update"
          rows={4}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
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
                  onClick={() => setFiles((fs) => fs.filter((x) => x.key !== f.key))}
                />
              </div>
            ))}
          </div>
        )}
        {!closed && (
          <Checkbox
            label="Close this case"
            checked={close}
            onChange={(e) => setClose(e.currentTarget.checked)}
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button
          onClick={() => void save()}
          loading={saving}
          disabled={preparing > 0 || isEmptyUpdate(draft)}
        >
          Save Changes
        </Button>
      </Stack>
    </Paper>
  );
}
