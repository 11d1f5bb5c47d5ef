import { useEffect, useMemo, useState } from 'react';

/** Object URLs for Blobs kept on the device, revoked when the Blobs change or the screen goes. */
export function useObjectUrls(blobs: ReadonlyMap<string, Blob>): Map<string, string> {
  const urls = useMemo(
    () => new Map([...blobs].map(([id, blob]) => [id, URL.createObjectURL(blob)])),
    [blobs],
  );
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/** An image's source: a URL, a Blob kept on the device, or nothing to show. */
export type ImageSource = string | Blob | null;

/**
 * A URL for `src`: a Blob's object URL is made after the image's first render and revoked
 * when it goes, so a long feed pays only for the images it has on the page, and none of
 * them before its first paint (each object URL costs about a millisecond on a phone).
 */
export function useImageUrl(src: ImageSource): string | null {
  const [made, setMade] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!(src instanceof Blob)) return;
    const url = URL.createObjectURL(src);
    setMade({ blob: src, url });
    return () => URL.revokeObjectURL(url);
  }, [src]);
  if (!(src instanceof Blob)) return src;
  return made?.blob === src ? made.url : null;
}
