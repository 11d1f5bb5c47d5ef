import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

export interface TestPhotos {
  /** A camera-like JPEG, leak.jpg. */
  jpeg: string;
  /** A real HEIC (libheif's encoder), valve.heic: the app turns it into valve.jpg. */
  heic: string;
}

/** Draws the two photos the case journeys upload into `dir`. */
export async function makePhotos(dir: string): Promise<TestPhotos> {
  const jpeg = join(dir, 'leak.jpg');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b03a2e' } })
    .jpeg()
    .toFile(jpeg);
  const png = join(dir, 'valve.png');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: '#1f618d' } })
    .png()
    .toFile(png);
  const heic = join(dir, 'valve.heic');
  execFileSync('heif-enc', ['-q', '60', '-o', heic, png], { stdio: 'ignore' });
  // A HEIF brand, so the app really has a HEIC to convert.
  if (!/^ftyphei[cx]/.test(readFileSync(heic).subarray(4, 12).toString('latin1'))) {
    throw new Error(`heif-enc did not write a HEIC: ${heic}`);
  }
  return { jpeg, heic };
}

/** The names the two photos have once the app has prepared them. */
export const PREPARED_PHOTO_NAMES = ['leak.jpg', 'valve.jpg'];
