import { useEffect, useMemo } from 'react';

/** Object URLs for Blobs kept on the device, revoked when the Blobs change or the screen goes. */
export function useObjectUrls(blobs: ReadonlyMap<string, Blob>): Map<string, string> {
  const urls = useMemo(
    () => new Map([...blobs].map(([id, blob]) => [id, URL.createObjectURL(blob)])),
    [blobs],
  );
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}
