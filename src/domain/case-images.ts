/** Product §2 Case detail: image attachments as a 3-column grid, rows 160 px high. */
export const IMAGE_GRID_COLUMNS = 3;
export const IMAGE_GRID_ROW_HEIGHT = 160;

/** Photos are downscaled to this long side before upload (a phone's 12 MP is 4,032 px). */
export const UPLOAD_LONG_SIDE = 2560;
export const UPLOAD_JPEG_QUALITY = 0.9;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** Whether an attachment shows in the image grid (others are the download list). */
export function isGridImage(contentType: string): boolean {
  return IMAGE_TYPES.has(contentType.toLowerCase().split(';')[0]!.trim());
}

/** Product §5: HEIC and HEIF photos are converted to JPEG (by type, else by name). */
export function isHeic(type: string, name: string): boolean {
  const t = type.toLowerCase();
  if (
    t === 'image/heic' ||
    t === 'image/heif' ||
    t.startsWith('image/heic-') ||
    t.startsWith('image/heif-')
  ) {
    return true;
  }
  return /\.(heic|heif)$/i.test(name);
}

/** The converted photo's name: same stem, .jpg. */
export function jpegName(name: string): string {
  const stem = name.replace(/\.[^./\\]*$/, '');
  return `${stem || 'photo'}.jpg`;
}

/** The size a photo is scaled to: its own when within the long side, else proportionally. */
export function downscaledSize(
  width: number,
  height: number,
  longSide: number = UPLOAD_LONG_SIDE,
): { width: number; height: number; scaled: boolean } {
  const long = Math.max(width, height);
  if (long <= longSide) return { width, height, scaled: false };
  const f = longSide / long;
  return {
    width: Math.max(1, Math.round(width * f)),
    height: Math.max(1, Math.round(height * f)),
    scaled: true,
  };
}

/**
 * The viewer's next and previous image, stopping at the first and the last: a wrap from the
 * last photo back to the first reads as if the viewer had lost its place.
 */
export function stepIndex(index: number, count: number, step: 1 | -1): number {
  return Math.min(Math.max(index + step, 0), Math.max(count - 1, 0));
}

/** Wheel or pinch zoom, kept between 1x and 5x. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 5;
export function clampZoom(z: number): number {
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z));
}
