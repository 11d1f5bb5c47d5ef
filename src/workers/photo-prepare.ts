import {
  downscaledSize,
  isHeic,
  jpegName,
  UPLOAD_JPEG_QUALITY,
  UPLOAD_LONG_SIDE,
} from '../domain/case-images';

/**
 * Makes a chosen photo ready to queue (product §5): HEIC and HEIF become JPEG, and a photo
 * larger than the upload size is scaled down. Runs in photo-prepare.worker.ts so a 12 MP
 * decode never blocks the screen; where a browser (or a test) lacks what it needs, the photo
 * is passed on as chosen and the gateway keeps it as it is.
 */

export interface PreparedPhoto {
  name: string;
  type: string;
  blob: Blob;
  width?: number;
  height?: number;
  /** What was done, for the bench and the tests. */
  converted: boolean;
  scaled: boolean;
}

export interface PhotoPrepareApi {
  prepare(blob: Blob, name: string, longSide?: number): Promise<PreparedPhoto>;
}

type Heic2Any = (options: {
  blob: Blob;
  toType: string;
  quality: number;
}) => Promise<Blob | Blob[]>;
let heic2any: Promise<Heic2Any> | null = null;

/**
 * heic2any is written for a window: it starts its decoder worker on `window` and encodes on a
 * `document` canvas. Inside a worker, `self` stands in for the window and an OffscreenCanvas
 * with a `toBlob` for the canvas, so the whole conversion stays off the main thread.
 */
function loadHeic2Any(): Promise<Heic2Any> {
  heic2any ??= (async () => {
    const g = globalThis as unknown as Record<string, unknown>;
    if (typeof g.window === 'undefined') g.window = globalThis;
    if (typeof g.document === 'undefined' && typeof OffscreenCanvas !== 'undefined') {
      g.document = {
        title: '',
        createElement: () => {
          const canvas = new OffscreenCanvas(1, 1) as OffscreenCanvas & {
            toBlob?: (cb: (b: Blob | null) => void, type?: string, quality?: number) => void;
          };
          canvas.toBlob = (cb, type, quality) => {
            canvas.convertToBlob({ type, quality }).then(cb, () => cb(null));
          };
          return canvas;
        },
      };
    }
    const mod = (await import('heic2any')) as unknown as { default: Heic2Any };
    return mod.default;
  })();
  return heic2any;
}

async function toJpeg(blob: Blob): Promise<Blob> {
  const convert = await loadHeic2Any();
  const out = await convert({ blob, toType: 'image/jpeg', quality: UPLOAD_JPEG_QUALITY });
  return Array.isArray(out) ? out[0]! : out;
}

async function scaleDown(
  blob: Blob,
  longSide: number,
): Promise<{ blob: Blob; width: number; height: number; scaled: boolean } | null> {
  if (typeof createImageBitmap === 'undefined' || typeof OffscreenCanvas === 'undefined') {
    return null;
  }
  // 'from-image' applies the EXIF orientation, so the scaled pixels stand the way the photo
  // was taken (the re-encoded JPEG carries no EXIF to turn it again).
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  try {
    const size = downscaledSize(bitmap.width, bitmap.height, longSide);
    if (!size.scaled) return { blob, width: bitmap.width, height: bitmap.height, scaled: false };
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const out = await canvas.convertToBlob({ type: 'image/jpeg', quality: UPLOAD_JPEG_QUALITY });
    return { blob: out, width: size.width, height: size.height, scaled: true };
  } finally {
    bitmap.close();
  }
}

export async function preparePhoto(
  blob: Blob,
  name: string,
  longSide: number = UPLOAD_LONG_SIDE,
): Promise<PreparedPhoto> {
  let current = blob;
  let currentName = name;
  let type = blob.type;
  let converted = false;
  if (isHeic(blob.type, name)) {
    current = await toJpeg(blob);
    currentName = jpegName(name);
    type = 'image/jpeg';
    converted = true;
  }
  if (!type.startsWith('image/') || type === 'image/gif' || type === 'image/svg+xml') {
    return { name: currentName, type, blob: current, converted, scaled: false };
  }
  const scaled = await scaleDown(current, longSide).catch(() => null);
  if (!scaled) return { name: currentName, type, blob: current, converted, scaled: false };
  return {
    name: scaled.scaled ? jpegName(currentName) : currentName,
    type: scaled.scaled ? 'image/jpeg' : type,
    blob: scaled.blob,
    width: scaled.width,
    height: scaled.height,
    converted,
    scaled: scaled.scaled,
  };
}

export const photoPrepareService: PhotoPrepareApi = { prepare: preparePhoto };
