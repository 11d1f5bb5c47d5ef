import {
  CLOSED_STATUS,
  FORCED_CLOSED_STATUS,
  REOPENED_STATUS,
  type RecordKind,
} from '../../contract/cases';

/** What the user gave in Post an update. */
export interface CaseUpdateDraft {
  text: string;
  fileCount: number;
  close: boolean;
}

/** Product §5: thread text is trimmed. */
export function threadText(text: string): string {
  return text.trim();
}

/** An update with nothing in it is not sent: no text, no file and no close. */
export function isEmptyUpdate(draft: CaseUpdateDraft): boolean {
  return threadText(draft.text) === '' && draft.fileCount === 0 && !draft.close;
}

/** Whether an update posts a feed item (a close alone does not). */
export function postsFeedItem(draft: CaseUpdateDraft): boolean {
  return threadText(draft.text) !== '' || draft.fileCount > 0;
}

/** What the Offline & sync page calls the parts of an update. */
export function caseUpdateSummaries(caseNumber: string) {
  return {
    file: (name: string) => `Upload ${name} to case ${caseNumber}`,
    feedItem: `Post an update to case ${caseNumber}`,
    close: `Close case ${caseNumber}`,
  };
}

/** Closed statuses of the CRM (free text, docs/product.md): every other status counts as open. */
export function isClosedStatus(status: string): boolean {
  const s = status.trim().toLowerCase();
  return s === 'resolved' || s === 'forced closed' || s === 'closed';
}

const recordWord = (kind: RecordKind) => (kind === 'Report' ? 'report' : 'case');

/** The question Save Changes asks before it closes: a close is not taken back with one tap. */
export function closeQuestion(kind: RecordKind, caseNumber: string): string {
  return `Close ${recordWord(kind)} ${caseNumber}?`;
}

/** The confirm button of that question. */
export function closeAction(kind: RecordKind): string {
  return `Close ${recordWord(kind)}`;
}

/** Said on the form of a Resolved record before an update is sent (the gateway reopens it). */
export function reopenNotice(kind: RecordKind): string {
  return `This ${recordWord(kind)} is ${CLOSED_STATUS}. Saving an update reopens it (status ${REOPENED_STATUS}).`;
}

/** Said on the form of a Forced Closed record: an update is posted, the status stays the TSC's. */
export function forcedClosedNotice(kind: RecordKind): string {
  return `This ${recordWord(kind)} is ${FORCED_CLOSED_STATUS}. An update is added to its feed; the ${recordWord(kind)} stays closed.`;
}

/** A queued write of a case, as the shown status needs it. */
export interface StatusWrite {
  kind: string;
  status: string;
  createdAt: number;
}

/** A feed item or a close: the writes that change a case's status. */
export const changesStatus = (w: Pick<StatusWrite, 'kind'>) =>
  w.kind === 'case-close' || w.kind === 'case-feed-item';

/**
 * The status the case will have once its queued writes are sent: a close resolves it, an update
 * to a Resolved case reopens it, and a Forced Closed case keeps its status (as the gateway does).
 * Writes of one update share a time; its close comes after its feed item.
 */
export function statusAfterWrites(status: string, writes: readonly StatusWrite[]): string {
  const rank = (w: StatusWrite) => (w.kind === 'case-close' ? 1 : 0);
  const pending = writes
    .filter((w) => w.status !== 'done' && changesStatus(w))
    .sort((a, b) => a.createdAt - b.createdAt || rank(a) - rank(b));
  if (status === FORCED_CLOSED_STATUS) return status;
  let shown = status;
  for (const w of pending) {
    if (w.kind === 'case-close') shown = CLOSED_STATUS;
    else if (shown === CLOSED_STATUS) shown = REOPENED_STATUS;
  }
  return shown;
}
