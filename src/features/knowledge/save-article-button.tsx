import { Button, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../components/use-online';
import { saveArticleForOffline } from '../../sync/knowledge-save';
import { relativeTime } from '../../domain/dates';
import { SAVE_NEEDS_CONNECTION } from './texts';

/** "Save for offline" on the article: the article and its attachments' bytes. */
export function SaveArticleButton({
  userId,
  uniqueId,
  savedAt,
}: {
  userId: string;
  uniqueId: string;
  savedAt: number | undefined;
}) {
  const online = useOnline();
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const save = () => {
    if (!online) {
      setMessage({ text: SAVE_NEEDS_CONNECTION, failed: true });
      return;
    }
    const c = new AbortController();
    controller.current = c;
    setSaving(true);
    setMessage(null);
    saveArticleForOffline(userId, uniqueId, c.signal).then(
      (o) => {
        if (c.signal.aborted) return;
        setSaving(false);
        if (o.status === 'ok') setMessage({ text: 'Saved for offline.', failed: false });
        else if (o.status === 'offline') setMessage({ text: SAVE_NEEDS_CONNECTION, failed: true });
        else
          setMessage({
            text: `Not saved: ${o.status === 'error' ? o.message : 'the article was not found'}.`,
            failed: true,
          });
      },
      () => undefined, // aborted: the page was left
    );
  };

  return (
    <>
      <Button variant="light" onClick={save} loading={saving}>
        {savedAt ? 'Save again for offline' : 'Save for offline'}
      </Button>
      {message ? (
        <Text size="sm" role="status" c={message.failed ? 'orange.9' : 'teal.8'}>
          {message.text}
        </Text>
      ) : (
        savedAt && (
          <Text size="sm" c="dimmed" data-testid="saved-at">
            Saved for offline {relativeTime(savedAt)}
          </Text>
        )
      )}
    </>
  );
}
