/*
 * The cases a prediction can be linked to from its detail (product §2 Prediction detail): the
 * cases the device keeps, the prediction's own machine first. A report is not offered: a
 * prediction belongs with a case, and a dealer's technician never holds reports anyway.
 */

export interface LinkableCase {
  id: string;
  caseNumber: string;
  subject: string;
  modelNumber: string | null;
  serialNumber: string | null;
  recordType?: 'Case' | 'Report';
}

export interface CaseChoiceGroup<T extends LinkableCase> {
  group: string;
  cases: T[];
}

export const SAME_MACHINE_GROUP = 'This machine';
export const OTHER_CASES_GROUP = 'Other cases';

/** Model and serial compared as people type them: case and surrounding spaces do not count. */
function same(a: string | null, b: string): boolean {
  return a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * `cases` split into the machine's own and the others, each in the order given (newest
 * activity first); empty groups left out.
 */
export function caseChoicesFor<T extends LinkableCase>(
  machine: { modelNumber: string; serialNumber: string },
  cases: readonly T[],
): CaseChoiceGroup<T>[] {
  const mine: T[] = [];
  const others: T[] = [];
  for (const c of cases) {
    if (c.recordType === 'Report') continue;
    const ofMachine =
      same(c.modelNumber, machine.modelNumber) && same(c.serialNumber, machine.serialNumber);
    (ofMachine ? mine : others).push(c);
  }
  return [
    { group: SAME_MACHINE_GROUP, cases: mine },
    { group: OTHER_CASES_GROUP, cases: others },
  ].filter((g) => g.cases.length > 0);
}

/** How a case reads in the choice: its number and subject. */
export function caseChoiceLabel(c: { caseNumber: string; subject: string }): string {
  return c.subject ? `${c.caseNumber} · ${c.subject}` : c.caseNumber;
}
