import type { KnowledgeTab } from '../../contract/knowledge';
import type { RemoteConfig } from '../../contract';

/** When the cached configuration has no knowledge part (an older cache): one "All" tab. */
export const FALLBACK_TABS: readonly Pick<KnowledgeTab, 'id' | 'label'>[] = [
  { id: 'all', label: 'All' },
];

export function knowledgeTabsOf(
  config: RemoteConfig | null | undefined,
): readonly Pick<KnowledgeTab, 'id' | 'label'>[] {
  const tabs = config?.knowledge?.tabs;
  return tabs && tabs.length > 0 ? tabs : FALLBACK_TABS;
}

/** The tab the URL names, else the first one (an unknown `c` from an old link is not an error). */
export function currentTabId(
  tabs: readonly Pick<KnowledgeTab, 'id'>[],
  c: string | null | undefined,
): string {
  return tabs.find((t) => t.id === c)?.id ?? tabs[0]?.id ?? 'all';
}

/** `search|{tab}|{term, lower case}|{page}`: the knowledgeResults key of one search page. */
export function searchResultsKey(tab: string, term: string, page: number): string {
  return `search|${tab}|${term.trim().toLocaleLowerCase()}|${page}`;
}

/** The article view's route for a document (what the gateway's clickUri looks like). */
export function articlePath(uniqueId: string, title: string): string {
  return `/knowledge/answer?${new URLSearchParams({ uniqueID: uniqueId, title })}`;
}

/** Splits an excerpt into plain and marked parts from [start, end) ranges, never HTML. */
export function highlightParts(
  text: string,
  ranges: readonly (readonly [number, number])[],
): { text: string; marked: boolean }[] {
  const sorted = ranges
    .map(([a, b]) => [Math.max(0, a), Math.min(text.length, b)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [a, b] of sorted) {
    const start = Math.max(a, at);
    if (b <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, b), marked: true });
    at = b;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return parts;
}
