import { CASE_STATUSES, DEFAULT_CASE_STATUS_FILTER } from '../../contract/cases';

/** Product §2 dealer case list: the Status filter's options, in their order, and its default. */
export const CASE_STATUS_ALL = 'All';
export const CASE_STATUS_OPTIONS = [CASE_STATUS_ALL, ...CASE_STATUSES] as const;
export const CASE_STATUS_DEFAULT: readonly string[] = DEFAULT_CASE_STATUS_FILTER;

/** Product §9: the filter multi-select's dropdown height limit, and the search's threshold. */
export const CASE_STATUS_DROPDOWN_HEIGHT = 224;
export const CASE_LIST_FUZZY_THRESHOLD = 0.3;

/** What the list filter needs of a case row. */
export interface FilterableCase {
  caseNumber: string;
  subject: string;
  status: string;
  serialNumber: string | null;
  modelNumber: string | null;
}

/**
 * The multi-select's next value. Picking All clears the others (it means every status);
 * picking a status while All is selected replaces All.
 */
export function nextStatusSelection(previous: readonly string[], next: string[]): string[] {
  const added = next.filter((s) => !previous.includes(s));
  if (added.includes(CASE_STATUS_ALL)) return [CASE_STATUS_ALL];
  if (next.length > 1 && next.includes(CASE_STATUS_ALL)) {
    return next.filter((s) => s !== CASE_STATUS_ALL);
  }
  return next;
}

/** Status is free text from the CRM: compared without regard to case or outer spaces. */
const norm = (s: string) => s.trim().toLowerCase();

/** Whether a case's status is among the selected ones (none or All: every status). */
export function statusMatcher(statuses: readonly string[]): (c: FilterableCase) => boolean {
  const every = statuses.length === 0 || statuses.includes(CASE_STATUS_ALL);
  const wanted = new Set(statuses.map(norm));
  return (c) => every || wanted.has(norm(c.status));
}
