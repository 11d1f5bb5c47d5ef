import { Alert, Anchor, Button, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useProfile } from '../../components/use-profile';
import { db } from '../../db/db';
import { recentCasesOf } from '../../db/recent-cases';
import { formatFileSize } from '../../domain/file-size';
import { SHARE_REFUSED_MESSAGE } from '../../domain/shared-files';
import { shareOf, takeShare } from '../../sync/shared-files';
import { addToNewCaseDraft, NEW_CASE_PATH, preparedShare } from './share-to-case';

/** Cases offered for "Add to a case". */
const SHOWN = 20;

interface CaseChoice {
  id: string;
  caseNumber: string;
  subject: string;
}

/**
 * The cases the device keeps, the ones opened last first (Recent Cases), then the dealer's
 * list as last fetched, by last activity: all there offline.
 */
function useCaseChoices(userId: string | undefined): CaseChoice[] | undefined {
  return useLiveQuery(async () => {
    if (!userId) return [];
    const [recent, list] = await Promise.all([
      recentCasesOf(userId, SHOWN),
      db.caseLists.get([userId, 'dealer']),
    ]);
    const choices: CaseChoice[] = recent.map((r) => ({
      id: r.id,
      caseNumber: r.referenceNumber,
      subject: r.subject,
    }));
    const seen = new Set(choices.map((c) => c.id));
    for (const c of list?.cases ?? []) {
      if (!seen.has(c.id)) choices.push({ id: c.id, caseNumber: c.caseNumber, subject: c.subject });
    }
    return choices.slice(0, SHOWN);
  }, [userId]);
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
  const cases = useCaseChoices(user?.id);
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
        <Stack gap={4} data-testid="shared-files">
          {share.files.map((f, i) => (
            <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {f.name} · {formatFileSize(f.blob.size)}
            </Text>
          ))}
        </Stack>
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
        {choosing && (
          <Paper withBorder p="sm" component="section" aria-labelledby="share-cases-title">
            <Title order={2} size="h5" id="share-cases-title" mb="xs">
              Choose a case
            </Title>
            {!cases && <Loader size="sm" />}
            {cases?.length === 0 && (
              <Text size="sm">
                No cases on this device yet: open one first, or start a new case.
              </Text>
            )}
            <Stack gap="xs">
              {cases?.map((c) => (
                <Button
                  key={c.id}
                  variant="light"
                  size="md"
                  justify="flex-start"
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  h="auto"
                  mih={44}
                  py={6}
                  onClick={() =>
                    void navigate(`/support/case/${c.id}`, { state: { shareId: share.id } })
                  }
                >
                  {`Case ${c.caseNumber} · ${c.subject}`}
                </Button>
              ))}
            </Stack>
          </Paper>
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
