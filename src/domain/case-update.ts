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
