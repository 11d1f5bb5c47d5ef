import { UPLOAD_JPEG_QUALITY } from '../domain/case-images';
import { drawingSize, type Mark } from '../domain/photo-markup';
import { drawMarks } from './photo-markup-draw';

/**
 * The heavy half of marking up a photo: decoding it, the small picture the finger draws on, and
 * the full-size marked-up photo. Runs in photo-markup.worker.ts, so a 12 MP decode and encode
 * never hold the screen; the page only ever draws on the small picture.
 */

export interface MarkupPicture {
  /**
   * The downscaled photo to draw on, as a JPEG: the page shows it as an image (decoded off its
   * main thread) under a canvas that holds only the marks, so a pointer move redraws only those.
   */
  blob: Blob;
  /** Its size: the canvas for the marks has it at most (it has the size it is shown at). */
  pictureWidth: number;
  pictureHeight: number;
  /** The photo's own size: the marked-up photo has it too. */
  width: number;
  height: number;
}

export interface MarkedUpPhoto {
  blob: Blob;
  width: number;
  height: number;
}

export interface PhotoMarkupApi {
  picture(photo: Blob, long: number): Promise<MarkupPicture>;
  render(photo: Blob, marks: readonly Mark[]): Promise<MarkedUpPhoto>;
}

// 'from-image' stands the photo the way it was taken, as the prepared upload does.
const decode = (photo: Blob) => createImageBitmap(photo, { imageOrientation: 'from-image' });

function canvas2d(width: number, height: number) {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas here.');
  return { canvas, ctx };
}

export async function markupPicture(photo: Blob, long: number): Promise<MarkupPicture> {
  const full = await decode(photo);
  try {
    const size = drawingSize(full.width, full.height, long);
    const { canvas, ctx } = canvas2d(size.width, size.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(full, 0, 0, size.width, size.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: UPLOAD_JPEG_QUALITY });
    return {
      blob,
      pictureWidth: size.width,
      pictureHeight: size.height,
      width: full.width,
      height: full.height,
    };
  } finally {
    full.close();
  }
}

/** The photo at its own size with the marks on it, as a JPEG (what is sent). */
export async function renderMarkedUp(photo: Blob, marks: readonly Mark[]): Promise<MarkedUpPhoto> {
  const full = await decode(photo);
  try {
    const { width, height } = full;
    const { canvas, ctx } = canvas2d(width, height);
    ctx.drawImage(full, 0, 0);
    drawMarks(ctx, marks, width, height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: UPLOAD_JPEG_QUALITY });
    return { blob, width, height };
  } finally {
    full.close();
  }
}

export const photoMarkupService: PhotoMarkupApi = {
  picture: markupPicture,
  render: renderMarkedUp,
};
