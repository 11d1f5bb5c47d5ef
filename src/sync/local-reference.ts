/** A short local reference shown until the gateway gives the case number. */
export function localReference(entryId: string): string {
  return `LOCAL-${entryId.slice(0, 8).toUpperCase()}`;
}
