import { Button, Group, Text } from '@mantine/core';
import { hideToast, showToast } from './toast';

/** How long a deletion can be undone before it is carried out. */
export const UNDO_MS = 5_000;

/** Deletions still in their undo time, by key; module-level so leaving the screen keeps them. */
const pending = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Deletion with Undo: the caller has already hidden the thing (marked in the database, so a
 * reload finishes it too); a toast says what went and offers Undo for UNDO_MS. Undo calls
 * `undo`; otherwise `commit` carries the deletion out, whichever screen is open by then.
 */
export function offerUndo({
  key,
  message,
  undo,
  commit,
}: {
  key: string;
  message: string;
  undo: () => Promise<unknown>;
  commit: () => Promise<unknown>;
}): void {
  const toastId = `undo-${key}`;
  clearTimeout(pending.get(key));
  pending.set(
    key,
    setTimeout(() => {
      pending.delete(key);
      // A toast held open (a pointer resting on it) no longer offers what cannot be undone.
      hideToast(toastId);
      commit().catch(() => undefined); // left marked: the next start carries it out
    }, UNDO_MS),
  );
  const onUndo = () => {
    const timer = pending.get(key);
    if (timer === undefined) return;
    clearTimeout(timer);
    pending.delete(key);
    hideToast(toastId);
    undo().catch(() => undefined);
  };
  showToast({
    id: toastId,
    autoClose: UNDO_MS,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        {/* A long title wraps; Undo keeps its full width. */}
        <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        <Button size="xs" variant="light" onClick={onUndo} style={{ flexShrink: 0 }}>
          Undo
        </Button>
      </Group>
    ),
  });
}
