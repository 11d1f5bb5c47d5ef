import { useEffect, useMemo, useState } from 'react';

/**
 * Object URLs for Blobs kept on the device, by key: made after the first render (the map is
 * empty until then), revoked when the Blobs change or the screen goes. Made in an effect, not during
 * render, so a render that is thrown away leaves no URL behind, and a remount (StrictMode)
 * makes new ones instead of keeping revoked ones.
 */
export function useObjectUrls(blobs: ReadonlyMap<string, Blob>): ReadonlyMap<string, string> {
  const [made, setMade] = useState<{
    blobs: ReadonlyMap<string, Blob>;
    urls: Map<string, string>;
  } | null>(null);
  useEffect(() => {
    // Environments without object URLs (a test DOM) link to the network copies instead.
    if (blobs.size === 0 || typeof URL.createObjectURL !== 'function') return;
    const urls = new Map([...blobs].map(([key, blob]) => [key, URL.createObjectURL(blob)]));
    setMade({ blobs, urls });
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, [blobs]);
  return made?.blobs === blobs ? made.urls : NONE;
}

const NONE: ReadonlyMap<string, string> = new Map();

/** An image's source: a URL, a Blob kept on the device, or nothing to show. */
export type ImageSource = string | Blob | null;

/**
 * A URL for `src`: a Blob's object URL is made after the image's first render and revoked
 * when it goes, so a long feed pays only for the images it has on the page, and none of
 * them before its first paint (each object URL costs about a millisecond on a phone).
 */
export function useImageUrl(src: ImageSource): string | null {
  const blob = src instanceof Blob ? src : null;
  const urls = useObjectUrls(useMemo(() => new Map(blob ? [['image', blob]] : []), [blob]));
  return blob ? (urls.get('image') ?? null) : (src as string | null);
}
