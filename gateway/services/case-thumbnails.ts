import sharp from 'sharp';

/**
 * Long side of a thumbnail: a 3-column grid of 160 px rows on a 2x phone screen. Offline the
 * image viewer enlarges the same thumbnail, so it is not drawn any smaller.
 */
export const THUMBNAIL_SIZE = 320;

/**
 * WebP at quality 70: on photos it comes out 10-30 % smaller than the JPEG at quality 72 drawn
 * before, and closer to the picture (higher PSNR); on flat pictures such as screenshots about
 * 60 % smaller. Every browser the app supports shows WebP.
 */
const THUMBNAIL_WEBP_QUALITY = 70;

/**
 * The media type of stored thumbnail bytes. Thumbnails are drawn once and kept with their blob:
 * those drawn before WebP are JPEGs and stay so, hence read off the bytes ("RIFF....WEBP").
 */
export function thumbnailType(bytes: Buffer): { contentType: string; extension: string } {
  const webp =
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP';
  return webp
    ? { contentType: 'image/webp', extension: 'webp' }
    : { contentType: 'image/jpeg', extension: 'jpg' };
}

/**
 * The largest picture a thumbnail is drawn for: 8192 × 6144, a 50-megapixel camera's full
 * picture. Decoding costs by the pixel, whatever the file's size (a 393 KB PNG of 100
 * megapixels took 1.6 s of a core); a larger picture is kept as a plain file.
 */
export const THUMBNAIL_MAX_PIXELS = 8192 * 6144;

export interface ImageFacts {
  width: number;
  height: number;
  /** A small WebP, upright (EXIF orientation applied), for the feed's grid; null past the limit. */
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
      .webp({ quality: THUMBNAIL_WEBP_QUALITY })
      .toBuffer();
    return { ...size, thumbnail };
  } catch {
    return null;
  }
}
