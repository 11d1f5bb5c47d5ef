import { CASE_STATUS_DEFAULT, CASE_STATUS_OPTIONS } from './case-list';

/*
 * The dealer case list keeps its Status selection, search text and page in the address, so
 * Back from a case, or a reload, shows the list the case was opened from (product §2).
 */

export const CASE_LIST_STATUS_PARAM = 'status';
export const CASE_LIST_TEXT_PARAM = 'q';
export const CASE_LIST_PAGE_PARAM = 'page';

/** What the address holds of the list besides its page. */
export interface CaseListView {
  statuses: string[];
  text: string;
}

const canonical = new Map<string, string>(CASE_STATUS_OPTIONS.map((s) => [s.toLowerCase(), s]));

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((s) => b.includes(s));

/**
 * The Status selection an address asks for. No status in the address is the default
 * selection; an empty `status=` is no selection (every status). A value that is not a status
 * (a hand-edited or old address) is ignored, and an address with nothing but such values is
 * read as the default. All beside other statuses means every status, as the box makes it.
 */
export function caseListStatusesFrom(params: URLSearchParams): string[] {
  const asked = params.getAll(CASE_LIST_STATUS_PARAM);
  if (asked.length === 0) return [...CASE_STATUS_DEFAULT];
  const known = [
    ...new Set(asked.map((s) => canonical.get(s.trim().toLowerCase())).filter((s) => !!s)),
  ] as string[];
  if (known.length === 0) return asked.every((s) => s === '') ? [] : [...CASE_STATUS_DEFAULT];
  const all = CASE_STATUS_OPTIONS[0];
  return known.includes(all) ? [all] : known;
}

/** The Status selection and search text an address asks for. */
export function caseListViewFrom(params: URLSearchParams): CaseListView {
  return {
    statuses: caseListStatusesFrom(params),
    text: params.get(CASE_LIST_TEXT_PARAM) ?? '',
  };
}

/** The page an address asks for (1 when none or not a number). */
export function caseListPageFrom(params: URLSearchParams): number {
  return Math.max(1, Math.floor(Number(params.get(CASE_LIST_PAGE_PARAM))) || 1);
}

/**
 * The address's query once the user changes the view: the default selection and an empty text
 * are left out, so the list as it opens has a clean address, and the page goes back to 1 (it
 * belonged to the old results). Everything is written each time, not only what changed: the
 * address given may be a render behind the box.
 */
export function withCaseListView(params: URLSearchParams, view: CaseListView): URLSearchParams {
  const out = new URLSearchParams(params);
  out.delete(CASE_LIST_STATUS_PARAM);
  if (!sameSet(view.statuses, CASE_STATUS_DEFAULT)) {
    if (view.statuses.length === 0) out.append(CASE_LIST_STATUS_PARAM, '');
    for (const s of view.statuses) out.append(CASE_LIST_STATUS_PARAM, s);
  }
  if (view.text) out.set(CASE_LIST_TEXT_PARAM, view.text);
  else out.delete(CASE_LIST_TEXT_PARAM);
  out.delete(CASE_LIST_PAGE_PARAM);
  return out;
}
