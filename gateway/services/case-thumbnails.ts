import sharp from 'sharp';

/** Long side of a thumbnail: a 3-column grid of 160 px rows on a 2x phone screen. */
export const THUMBNAIL_SIZE = 320;

export interface ImageFacts {
  width: number;
  height: number;
  /** A small JPEG, upright (EXIF orientation applied), for the feed's grid. */
  thumbnail: Buffer;
}

/**
 * Reads an image's size and draws its thumbnail. Null when the bytes do not decode as an
 * image sharp understands (a file that only claims to be one is then stored as a plain file).
 */
export async function imageFacts(bytes: Buffer): Promise<ImageFacts | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
    const meta = await image.metadata();
    if (!meta.width || !meta.height) return null;
    const thumbnail = await image
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72, mozjpeg: false })
      .toBuffer();
    // EXIF orientations 5-8 swap the sides: report them as the picture is seen.
    const swap = (meta.orientation ?? 1) >= 5;
    return {
      width: swap ? meta.height : meta.width,
      height: swap ? meta.width : meta.height,
      thumbnail,
    };
  } catch {
    return null;
  }
}
