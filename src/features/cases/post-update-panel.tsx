import { Alert, Button, Checkbox, Loader, Paper, Stack, Textarea, Title } from '@mantine/core';
import { CLOSED_STATUS, FORCED_CLOSED_STATUS } from '../../../contract/cases';
import { useEffect, useRef, useState } from 'react';
import type { RecordKind } from '../../../contract/cases';
import {
  forcedClosedNotice,
  isClosedStatus,
  isEmptyUpdate,
  reopenNotice,
} from '../../domain/case-update';
import { postCaseUpdate } from '../../sync/case-update';
import { keepUpdateDraft, updateDraftOf } from '../../sync/update-drafts';
import { AttachmentPicker, usePreparedFiles, type PickedFile } from './attachment-picker';
import { CloseConfirmModal } from './close-confirm-modal';
import { useSharedIntoUpdate } from './use-shared-into-update';

/** Typed text is kept on the device as it is typed, at most this often. */
const DRAFT_DELAY_MS = 300;

/**
 * The panel's text, kept as the case's draft: restored when the case opens again, written
 * shortly after each change and at once when the user leaves the case.
 */
function useUpdateDraft(caseId: string) {
  const [text, setText] = useState('');
  const unsaved = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void updateDraftOf(caseId).then(
      // What was typed before the draft arrived wins.
      (draft) => live && draft && setText((typed) => typed || draft),
      () => undefined,
    );
    return () => {
      live = false;
      clearTimeout(timer.current);
      if (unsaved.current !== null) void keepUpdateDraft(caseId, unsaved.current).catch(() => {});
      unsaved.current = null;
    };
  }, [caseId]);

  const change = (next: string) => {
    setText(next);
    unsaved.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      unsaved.current = null;
      void keepUpdateDraft(caseId, next).catch(() => undefined);
    }, DRAFT_DELAY_MS);
  };
  // After a save the box empties; the queued update already took the draft away.
  const saved = () => {
    clearTimeout(timer.current);
    unsaved.current = null;
    setText('');
  };
  return { text, change, saved };
}

/**
 * Product §2: the Post an update panel (text, Upload, close checkbox, Save Changes). The checkbox
 * names the record: a report is closed as a report. Saving with the close ticked asks first;
 * on a Resolved record the panel says that an update reopens it.
 */
export function PostUpdatePanel({
  caseId,
  caseNumber,
  kind,
  status,
}: {
  caseId: string;
  caseNumber: string;
  kind: RecordKind;
  /** The status once the queued writes are sent. */
  status: string;
}) {
  const closed = isClosedStatus(status);
  const { text, change: setText, saved } = useUpdateDraft(caseId);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const attach = usePreparedFiles((f) => setFiles((fs) => [...fs, f]));
  useSharedIntoUpdate(attach.pick);
  const [close, setClose] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const draft = { text, fileCount: files.length, close };
  const save = async () => {
    setConfirming(false);
    setSaving(true);
    setError(null);
    attach.clearError();
    try {
      await postCaseUpdate({ caseId, caseNumber, text, files, close });
      saved();
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
        <AttachmentPicker
          files={files}
          {...attach}
          onRemove={(key) => setFiles((fs) => fs.filter((f) => f.key !== key))}
          onReplace={(file) => setFiles((fs) => fs.map((f) => (f.key === file.key ? file : f)))}
        />
        {status === CLOSED_STATUS && (
          <Alert color="orange" data-testid="reopen-notice">
            {reopenNotice(kind)}
          </Alert>
        )}
        {status === FORCED_CLOSED_STATUS && (
          <Alert color="gray" data-testid="forced-closed-notice">
            {forcedClosedNotice(kind)}
          </Alert>
        )}
        {!closed && (
          <Checkbox
            label={`Close this ${kind === 'Report' ? 'report' : 'case'}`}
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
          // The close is ticked on purpose, then confirmed: Cancel keeps everything typed.
          onClick={() => (close ? setConfirming(true) : void save())}
          loading={saving}
          disabled={attach.preparing > 0 || isEmptyUpdate(draft)}
          leftSection={attach.waiting ? <Loader size="xs" /> : undefined}
        >
          {attach.waiting ?? 'Save Changes'}
        </Button>
      </Stack>
      <CloseConfirmModal
        kind={kind}
        caseNumber={caseNumber}
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
      />
    </Paper>
  );
}
