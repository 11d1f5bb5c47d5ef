/** A size as people read it (attachments, storage used): 512 B, 1.2 MB, 14 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // One decimal below 10 (1.2 MB); above, a decimal is noise (14 MB).
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
