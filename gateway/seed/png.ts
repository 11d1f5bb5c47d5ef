import { deflateSync } from 'node:zlib';

/**
 * A small, valid PNG drawn from coloured rectangles (the demo articles' "diagrams"), written
 * with node:zlib so the seed needs no image library.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

export interface Block {
  x: number;
  y: number;
  w: number;
  h: number;
  rgb: [number, number, number];
}

export function makePng(
  width: number,
  height: number,
  background: [number, number, number],
  blocks: readonly Block[],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      let rgb = background;
      for (const b of blocks) {
        if (x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h) rgb = b.rgb;
      }
      raw.set(rgb, row + 1 + x * 3);
    }
  }
  return encode(width, height, 2, raw);
}

/** `raw`: the rows, each after its filter byte, of 8-bit samples of `colourType` (PNG's codes). */
function encode(width: number, height: number, colourType: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, colourType, 0, 0, 0], 8); // 8-bit samples, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A black greyscale PNG: however many pixels, its rows deflate to a small file. */
export function blankPng(width: number, height: number): Buffer {
  return encode(width, height, 0, Buffer.alloc((width + 1) * height));
}
