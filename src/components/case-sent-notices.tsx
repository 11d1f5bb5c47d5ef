import { useEffect, useRef } from 'react';
import { showToast } from './toast';
import { useProfile } from './use-profile';
import { useQueuedCases } from './use-queued-cases';

/** The words of the notice: which case, and the number it now has. */
export function caseSentMessage(kind: 'Case' | 'Report', subject: string, caseNumber: string) {
  return {
    title: `${kind} sent`,
    message: `"${subject}" reached the TSC as ${kind.toLowerCase()} ${caseNumber}.`,
  };
}

/**
 * Tells the user, wherever they are in the app, when a case that could not be sent at once
 * (offline, signed out) got its number (product §4 Wizard). One sent right away needs no
 * notice: the wizard's confirmation already shows its number.
 */
export function CaseSentNotices() {
  const user = useProfile();
  const queued = useQueuedCases(user?.id);
  const heldUp = useRef(new Set<string>());
  useEffect(() => {
    for (const q of queued) {
      if (q.heldUp) heldUp.current.add(q.entryId);
      else if (q.serverId && heldUp.current.delete(q.entryId)) {
        showToast({ ...caseSentMessage(q.kind, q.subject, q.caseNumber), color: 'green' });
      }
    }
  }, [queued]);
  return null;
}
