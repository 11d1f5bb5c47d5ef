import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { RecordKind } from '../../contract/cases';
import { db } from '../db/db';
import { recentCasesOf } from '../db/recent-cases';
import { byLastActivity, lastActivityOf } from '../domain/case-activity';
import { useLocalCaseActivity } from './use-local-case-activity';

/** Recent cases looked at besides the dealer's list (another dealer's, opened by staff). */
const RECENT = 50;

export interface KeptCase {
  id: string;
  caseNumber: string;
  subject: string;
  status: string;
  modelNumber: string | null;
  serialNumber: string | null;
  /** Known from the dealer's list; a case only opened on this device does not say. */
  recordType?: RecordKind;
  lastActivityAt?: string;
}

/**
 * Every case the device keeps for `userId`, newest activity first: the dealer's list as last
 * fetched, and the cases opened on this device that it does not hold. All there offline.
 */
export function useKeptCases(userId: string): readonly KeptCase[] | undefined {
  const local = useLocalCaseActivity(userId);
  const kept = useLiveQuery(async () => {
    const [list, recent] = await Promise.all([
      db.caseLists.get([userId, 'dealer']),
      recentCasesOf(userId, RECENT),
    ]);
    const choices: KeptCase[] = [...(list?.cases ?? [])];
    const listed = new Set(choices.map((c) => c.id));
    for (const r of recent) {
      if (listed.has(r.id)) continue;
      choices.push({
        ...r,
        caseNumber: r.referenceNumber,
        modelNumber: r.modelNumber ?? null,
        serialNumber: r.serialNumber ?? null,
      });
    }
    return choices;
  }, [userId]);
  return useMemo(
    () =>
      kept &&
      // byLastActivity keeps a list as given unless this device moved a row: sorted here first.
      byLastActivity(
        [...kept].sort((a, b) => lastActivityOf(b) - lastActivityOf(a)),
        local,
      ),
    [kept, local],
  );
}
