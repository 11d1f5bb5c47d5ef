/**
 * Where a message leads (product §2 Messages: a message opens what it is about). Pure, so
 * the screens and the service worker's notification click agree.
 */

export interface MessageTarget {
  type: 'Knowledge' | 'Machine' | 'Case' | 'Report';
  knowledgeCategory?: string;
  searchTerm?: string;
  modelNumber?: string;
  serialNumber?: string;
  recordId?: string;
}

/** product §5 Notification form facets, as the knowledge search's tab ids. */
const FACET_TABS: Record<string, string> = {
  General: 'all',
  Manuals: 'manuals',
  Campaigns: 'bulletins',
  Bulletins: 'bulletins',
};

const seg = encodeURIComponent;

/** The in-app path of a message; Messages itself when it names nothing to open. */
export function messagePath(m: MessageTarget): string {
  switch (m.type) {
    case 'Knowledge': {
      const q = new URLSearchParams({
        s: m.searchTerm ?? '',
        c: FACET_TABS[m.knowledgeCategory ?? ''] ?? 'all',
      });
      return `/knowledge?${q}`;
    }
    case 'Machine':
      return m.serialNumber && m.modelNumber
        ? `/support/machine/details/sn-${seg(m.serialNumber)}/mn-${seg(m.modelNumber)}`
        : '/messages';
    case 'Case':
    case 'Report':
      return m.recordId ? `/support/case/${seg(m.recordId)}` : '/messages';
  }
}

/** The label of a message's type in the list (product §3: Machine is "Machine Detail"). */
export function messageTypeLabel(type: MessageTarget['type']): string {
  return type === 'Machine' ? 'Machine Detail' : type;
}

/** product §2 History Timestamp: seconds, minutes or hours ago; approximately N days, months or years ago. */
export function historyTime(epochSeconds: number, nowMs: number = Date.now()): string {
  const s = Math.max(0, Math.floor(nowMs / 1000 - epochSeconds));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (s < 60) return `${plural(s, 'second')} ago`;
  if (s < 3600) return `${plural(Math.floor(s / 60), 'minute')} ago`;
  if (s < 86_400) return `${plural(Math.floor(s / 3600), 'hour')} ago`;
  const days = Math.floor(s / 86_400);
  if (days < 30) return `approximately ${plural(days, 'day')} ago`;
  if (days < 365) return `approximately ${plural(Math.floor(days / 30), 'month')} ago`;
  return `approximately ${plural(Math.floor(days / 365), 'year')} ago`;
}
