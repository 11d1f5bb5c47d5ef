import sharp from 'sharp';
import { makePdf } from './pdf';
import { rng } from './prng';

/** A demo attachment: real bytes the gateway serves and thumbnails like an upload. */
export interface DemoFile {
  name: string;
  contentType: string;
  extension: string;
  bytes: Buffer;
}

const PALETTE = ['#c8102e', '#2f6f3e', '#1f4e79', '#d98e04', '#5b5b5b', '#7a3e9d', '#0f7c80'];

/** An SVG "photo": sky, ground and a machine-like silhouette, different for every n. */
function scene(n: number, width: number, height: number): string {
  const r = rng(7000 + n);
  const horizon = Math.round(height * (0.45 + r.next() * 0.2));
  const body = r.pick(PALETTE);
  const x = r.int(40, Math.round(width / 2));
  const w = r.int(Math.round(width / 4), Math.round(width / 2));
  const h = r.int(Math.round(height / 6), Math.round(height / 3));
  const wheel = Math.round(h / 2);
  const spots = Array.from({ length: 12 }, () => {
    const cx = r.int(0, width);
    const cy = r.int(horizon, height);
    return `<circle cx="${cx}" cy="${cy}" r="${r.int(3, 14)}" fill="#6b4f2a" opacity="0.5"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${horizon}" fill="#${(0x8ec5ff - n * 0x0a0a).toString(16).padStart(6, '0')}"/>
<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="#8a7650"/>${spots}
<rect x="${x}" y="${horizon - h}" width="${w}" height="${h}" rx="12" fill="${body}"/>
<rect x="${x + w * 0.55}" y="${horizon - h * 1.7}" width="${w * 0.35}" height="${h * 0.75}" fill="#dfe9f2" stroke="#222" stroke-width="4"/>
<circle cx="${x + wheel}" cy="${horizon}" r="${wheel}" fill="#222"/>
<circle cx="${x + w - wheel / 1.5}" cy="${horizon + wheel / 3}" r="${wheel / 1.5}" fill="#222"/>
</svg>`;
}

/**
 * The photos and PDFs the demo feeds attach: drawn once per seed (a few dozen milliseconds),
 * then reused by many attachments (the bytes are stored once, by content).
 */
export async function demoFiles(): Promise<{ photos: DemoFile[]; pdfs: DemoFile[] }> {
  const photos: DemoFile[] = [];
  for (let n = 0; n < 12; n++) {
    const png = n % 4 === 3;
    const [width, height] = n % 3 === 2 ? [480, 640] : [800, 600];
    const image = sharp(Buffer.from(scene(n, width, height)));
    const bytes = png
      ? await image.png({ compressionLevel: 9 }).toBuffer()
      : await image.jpeg({ quality: 70 }).toBuffer();
    photos.push({
      name: png ? `Screenshot_${n + 1}.png` : `IMG_${String(2040 + n * 7).padStart(4, '0')}.jpg`,
      contentType: png ? 'image/png' : 'image/jpeg',
      extension: png ? 'png' : 'jpg',
      bytes,
    });
  }
  const pdfs: DemoFile[] = [
    ['Service_Report.pdf', 'Dealer service report', ['Work order, findings and parts used.']],
    [
      'Hydraulic_Pressure_Test.pdf',
      'Hydraulic pressure test',
      ['Readings at 1,000 and 2,100 rpm.'],
    ],
    ['Fault_Code_Log.pdf', 'Fault code log export', ['Active and stored codes with hours.']],
  ].map(([name, title, lines]) => ({
    name: name as string,
    contentType: 'application/pdf',
    extension: 'pdf',
    bytes: makePdf(title as string, lines as string[]),
  }));
  return { photos, pdfs };
}
