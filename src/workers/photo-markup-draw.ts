import {
  arrowHead,
  MARK_FONT,
  MARK_HEAD,
  MARK_LINE,
  type Mark,
  type MarkPoint,
  placeText,
} from '../domain/photo-markup';

/**
 * The part of a 2D context the marks use, written out: the screen's canvas and the worker's
 * OffscreenCanvas both have it (the worker's library knows only the second).
 */
export interface MarkContext {
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  ellipse(
    x: number,
    y: number,
    radiusX: number,
    radiusY: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
  ): void;
  stroke(): void;
  strokeText(text: string, x: number, y: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  save(): void;
  restore(): void;
  strokeStyle: unknown;
  fillStyle: unknown;
  lineWidth: number;
  lineCap: string;
  lineJoin: string;
  font: string;
  textBaseline: string;
}

/**
 * Draws the marks on a `width` by `height` picture of the photo: the same call draws the small
 * canvas under the finger and the full-size photo in the worker, so both show the same thing.
 */
export function drawMarks(
  ctx: MarkContext,
  marks: readonly Mark[],
  width: number,
  height: number,
): void {
  const long = Math.max(width, height);
  const px = (p: MarkPoint) => ({ x: p.x * width, y: p.y * height });
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(1, long * MARK_LINE);
  for (const mark of marks) {
    ctx.strokeStyle = mark.colour;
    ctx.fillStyle = mark.colour;
    const points = mark.points.map(px);
    if (mark.tool === 'text') {
      const at = points[0];
      if (!at || !mark.text) continue;
      const font = (px: number) => `bold ${px}px system-ui, sans-serif`;
      const wanted = Math.max(8, Math.round(long * MARK_FONT));
      ctx.font = font(wanted);
      const { x, y, size } = placeText(at, ctx.measureText(mark.text).width, wanted, width, height);
      ctx.font = font(size);
      ctx.textBaseline = 'middle';
      // A dark outline keeps a light text readable on a light part of the photo, and the other way.
      ctx.save();
      ctx.lineWidth = Math.max(2, size / 8);
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.6)';
      ctx.strokeText(mark.text, x, y);
      ctx.restore();
      ctx.fillText(mark.text, x, y);
      continue;
    }
    const [first, ...rest] = points;
    if (!first || rest.length === 0) continue;
    ctx.beginPath();
    if (mark.tool === 'circle') {
      const last = rest[rest.length - 1]!;
      ctx.ellipse(
        (first.x + last.x) / 2,
        (first.y + last.y) / 2,
        Math.abs(last.x - first.x) / 2,
        Math.abs(last.y - first.y) / 2,
        0,
        0,
        Math.PI * 2,
      );
    } else {
      ctx.moveTo(first.x, first.y);
      for (const p of rest) ctx.lineTo(p.x, p.y);
      if (mark.tool === 'arrow') {
        const head = rest[rest.length - 1]!;
        for (const side of arrowHead(first, head, long * MARK_HEAD)) {
          ctx.moveTo(head.x, head.y);
          ctx.lineTo(side.x, side.y);
        }
      }
    }
    ctx.stroke();
  }
  ctx.restore();
}
