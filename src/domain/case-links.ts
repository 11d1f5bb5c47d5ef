/**
 * A case's detail screen, where every case list and notice leads. Apart from machine-links.ts:
 * the shell links to cases (a queued case's notice) and loads none of the machine screens' links.
 */
export function casePath(id: string): string {
  return `/support/case/${encodeURIComponent(id)}`;
}
