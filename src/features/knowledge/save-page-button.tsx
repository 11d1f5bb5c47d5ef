import { Button, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../components/use-online';
import type { SearchAsk } from '../../sync/knowledge';
import { saveResultsPageForOffline, type SaveProgress } from '../../sync/knowledge-save';
import { SAVE_NEEDS_CONNECTION } from './texts';

type Status =
  | { kind: 'idle' }
  | { kind: 'saving'; progress: SaveProgress }
  | { kind: 'done'; message: string; failed: boolean };

/** "Save for offline" on a results page: every article of the page and its attachments. */
export function SavePageButton({
  userId,
  ask,
  uniqueIds,
}: {
  userId: string;
  ask: SearchAsk;
  uniqueIds: string[];
}) {
  const online = useOnline();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const save = () => {
    if (!online) {
      setStatus({ kind: 'done', message: SAVE_NEEDS_CONNECTION, failed: true });
      return;
    }
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setStatus({ kind: 'saving', progress: { done: 0, total: uniqueIds.length } });
    saveResultsPageForOffline(
      userId,
      ask,
      uniqueIds,
      (progress) => !c.signal.aborted && setStatus({ kind: 'saving', progress }),
      c.signal,
    ).then(
      (r) => {
        if (c.signal.aborted) return;
        const n = `${r.saved} article${r.saved === 1 ? '' : 's'}`;
        if (r.status === 'ok')
          setStatus({ kind: 'done', message: `Saved ${n} for offline.`, failed: false });
        else if (r.status === 'offline')
          setStatus({
            kind: 'done',
            message: `${SAVE_NEEDS_CONNECTION} Saved ${n}.`,
            failed: true,
          });
        else
          setStatus({
            kind: 'done',
            message: `Saving stopped after ${n}: ${'message' in r ? r.message : 'an article was not found'}.`,
            failed: true,
          });
      },
      () => undefined, // aborted: the page was left
    );
  };

  return (
    <Stack gap={4}>
      <Button
        variant="light"
        size="xs"
        onClick={save}
        loading={status.kind === 'saving'}
        disabled={uniqueIds.length === 0}
        style={{ alignSelf: 'flex-start' }}
      >
        Save this page for offline
      </Button>
      {status.kind === 'saving' && (
        <>
          <Progress
            value={(100 * status.progress.done) / Math.max(1, status.progress.total)}
            aria-label="Saving for offline"
          />
          <Text size="xs" role="status">
            Saving {status.progress.done} of {status.progress.total}…
          </Text>
        </>
      )}
      {status.kind === 'done' && (
        <Text size="xs" role="status" c={status.failed ? 'orange.9' : 'teal.8'}>
          {status.message}
        </Text>
      )}
    </Stack>
  );
}
