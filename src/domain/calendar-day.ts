/** Calendar days as the gateway sends them (YYYY-MM-DD), shown M/D/YYYY like the rest of the app. */
export function parseDay(day: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) } : null;
}

/** '2027-01-05' -> '1/5/2027'; an unreadable value is shown as given, empty as ''. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  const p = parseDay(day);
  return p ? `${p.m}/${p.d}/${p.y}` : day;
}
