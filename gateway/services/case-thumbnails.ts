import sharp from 'sharp';

/** Long side of a thumbnail: a 3-column grid of 160 px rows on a 2x phone screen. */
export const THUMBNAIL_SIZE = 320;

/**
 * The largest picture a thumbnail is drawn for: 8192 × 6144, a 50-megapixel camera's full
 * picture. Decoding costs by the pixel, whatever the file's size (a 393 KB PNG of 100
 * megapixels took 1.6 s of a core); a larger picture is kept as a plain file.
 */
export const THUMBNAIL_MAX_PIXELS = 8192 * 6144;

export interface ImageFacts {
  width: number;
  height: number;
  /** A small JPEG, upright (EXIF orientation applied), for the feed's grid; null past the limit. */
  thumbnail: Buffer | null;
}

/**
 * Reads an image's size and draws its thumbnail. Null when the bytes do not decode as an
 * image sharp understands (a file that only claims to be one is then stored as a plain file).
 * The size is read from the header first: a picture over THUMBNAIL_MAX_PIXELS is never decoded.
 */
export async function imageFacts(bytes: Buffer): Promise<ImageFacts | null> {
  try {
    // The header alone: no limit, so a picture past it still reports its size.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return null;
    // EXIF orientations 5-8 swap the sides: report them as the picture is seen.
    const swap = (meta.orientation ?? 1) >= 5;
    const size = {
      width: swap ? meta.height : meta.width,
      height: swap ? meta.width : meta.height,
    };
    if (meta.width * meta.height > THUMBNAIL_MAX_PIXELS) return { ...size, thumbnail: null };
    const thumbnail = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: THUMBNAIL_MAX_PIXELS,
    })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72, mozjpeg: false })
      .toBuffer();
    return { ...size, thumbnail };
  } catch {
    return null;
  }
}
