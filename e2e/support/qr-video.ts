import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * Writes a short Y4M video (what Chromium's --use-file-for-fake-video-capture plays) showing
 * a QR code of `text`, black on white, centred. 4:2:0: a luma plane, then the two chroma
 * planes at 128 (no colour). `blankFrames` of plain white come first: Chromium plays the file
 * from its start whenever a capture starts, so a test can open and close the scanner before
 * any code is in view.
 */
export function writeQrVideo(
  path: string,
  text: string,
  { width = 640, height = 480, frames = 10, blankFrames = 0 } = {},
) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (size + 2 * quiet));
  const side = size * scale;
  const x0 = Math.floor((width - side) / 2);
  const y0 = Math.floor((height - side) / 2);

  const luma = Buffer.alloc(width * height, 235);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = (y0 + r * scale + dy) * width + x0 + c * scale;
        luma.fill(16, row, row + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const blank = Buffer.concat([Buffer.from('FRAME\n'), Buffer.alloc(width * height, 235), chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(
    path,
    Buffer.concat([
      header,
      ...Array.from({ length: blankFrames }, () => blank),
      ...Array.from({ length: frames }, () => frame),
    ]),
  );
}
