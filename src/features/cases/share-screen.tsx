import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useProfile } from '../../components/use-profile';
import { useObjectUrls } from '../../components/use-object-urls';
import { isGridImage } from '../../domain/case-images';
import type { SharedFile } from '../../domain/shared-files';
import { formatFileSize } from '../../domain/file-size';
import { SHARE_REFUSED_MESSAGE } from '../../domain/shared-files';
import { shareOf, takeShare } from '../../sync/shared-files';
import { ShareCaseChoice } from './share-case-choice';
import { addToNewCaseDraft, NEW_CASE_PATH, preparedShare } from './share-to-case';

/** The shared files, each photo as a thumbnail beside its name and size. */
function SharedFiles({ files }: { files: readonly SharedFile[] }) {
  const previews = useObjectUrls(
    useMemo(
      () =>
        new Map(
          files.flatMap((f, i) => (isGridImage(f.type) ? [[String(i), f.blob] as const] : [])),
        ),
      [files],
    ),
  );
  return (
    <Stack gap="xs" data-testid="shared-files">
      {files.map((f, i) => (
        <Group key={i} gap="sm" wrap="nowrap">
          {previews.get(String(i)) && (
            <img
              src={previews.get(String(i))}
              alt={f.name}
              width={56}
              height={56}
              style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }}
            />
          )}
          <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {f.name} · {formatFileSize(f.blob.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Nothing({ children }: { children: string }) {
  return (
    <Stack gap="sm">
      <Alert color="gray">{children}</Alert>
      <Anchor component={Link} to="/home">
        Home
      </Anchor>
    </Stack>
  );
}

/**
 * What was shared into the app (photos, sounds, videos from the phone's gallery) and where it
 * goes: "Add to a case" (the case's Post an update, with the files attached) or "Start a new
 * case" (the files in the wizard's draft). The files stay on the device until one is chosen.
 */
export function ShareScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const user = useProfile();
  const share = useLiveQuery(async () => (id ? ((await shareOf(id)) ?? null) : null), [id]);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const startCase = async () => {
    if (!user || !id) return;
    setBusy(true);
    setError(null);
    try {
      const files = await preparedShare(await takeShare(id));
      await addToNewCaseDraft(user, files);
      void navigate(NEW_CASE_PATH);
    } catch {
      setError('The shared files could not be added. Please share them again.');
      setBusy(false);
    }
  };

  let body;
  if (share === undefined) body = <Loader size="sm" />;
  else if (share === null) {
    body = (
      <Nothing>
        {params.has('elsewhere')
          ? SHARE_REFUSED_MESSAGE
          : params.has('none')
            ? 'Nothing shared could be added: a case takes photos, sound recordings and videos.'
            : 'The shared files were added already, or are no longer on this device.'}
      </Nothing>
    );
  } else {
    body = (
      <Stack gap="md">
        <SharedFiles files={share.files} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button size="md" mih={44} onClick={() => setChoosing(true)} disabled={busy}>
          Add to a case
        </Button>
        <Button
          size="md"
          mih={44}
          variant="default"
          onClick={() => void startCase()}
          loading={busy}
        >
          Start a new case
        </Button>
        {choosing && user && (
          <ShareCaseChoice
            userId={user.id}
            onChoose={(caseId) =>
              void navigate(`/support/case/${caseId}`, { state: { shareId: share.id } })
            }
          />
        )}
      </Stack>
    );
  }

  return (
    <Container size="sm" py="md">
      <Stack gap="md">
        <Title order={1} size="h3">
          Add to Torque
        </Title>
        {body}
      </Stack>
    </Container>
  );
}
