import { useEffect, useState } from 'react';
import { useImageUrl } from '../../components/use-object-urls';
import type { MarkupPicture } from '../../workers/photo-markup';
import { markupPicture } from './markup-worker';

/**
 * The long side of the picture shown under the finger: sharp on a phone's screen (412 CSS px at
 * about 2.6 device pixels each). The marks' canvas over it is at most this size, and no larger
 * than it is shown.
 */
const DRAWING_LONG = 1280;

/** The small picture, made in the worker. */
export function usePicture(photo: Blob) {
  const [picture, setPicture] = useState<MarkupPicture | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    markupPicture(photo, DRAWING_LONG).then(
      (p) => live && setPicture(p),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [photo]);
  return { picture, failed, url: useImageUrl(picture?.blob ?? null) };
}

interface CanvasSize {
  width: number;
  height: number;
}

/**
 * The marks' canvas in device pixels as it is shown, at most the picture's size: a pointer move
 * then repaints and hands the compositor no more pixels than the screen has (the picture under
 * it is an image, decoded off the main thread). Null until it has been laid out.
 */
export function useShownSize(
  el: HTMLCanvasElement | null,
  picture: MarkupPicture | null,
): CanvasSize | null {
  const [size, setSize] = useState<CanvasSize | null>(null);
  useEffect(() => {
    if (!el || !picture) return;
    const { pictureWidth, pictureHeight } = picture;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const shown = entry.contentRect.width * (window.devicePixelRatio || 1);
      const f = Math.min(1, shown / pictureWidth);
      const next = {
        width: Math.max(1, Math.round(pictureWidth * f)),
        height: Math.max(1, Math.round(pictureHeight * f)),
      };
      setSize((s) => (s && s.width === next.width && s.height === next.height ? s : next));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, picture]);
  return size;
}
