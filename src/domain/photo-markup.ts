/**
 * Marks drawn on a photo before it is attached: arrows, circles, freehand lines and a short
 * text. Points are fractions of the photo's width and height (0 to 1), and sizes fractions of
 * its long side, so the marks drawn on the downscaled canvas land in the same place, at the same
 * weight, on the full-size photo.
 */

export type MarkTool = 'arrow' | 'circle' | 'pen' | 'text';

export interface MarkPoint {
  x: number;
  y: number;
}

export interface Mark {
  tool: MarkTool;
  /** A CSS colour. */
  colour: string;
  /** Arrow: tail then head. Circle: two corners of the box it fills. Pen: the line. Text: where. */
  points: MarkPoint[];
  /** The text mark's words. */
  text?: string;
}

/** A text mark is a label, not a note: the update's text is for the rest. */
export const MARK_TEXT_MAX = 40;

/** What the text field says under it: how many characters are left, or how many too many. */
export function markTextHint(text: string): { hint: string; tooLong: boolean } {
  const left = MARK_TEXT_MAX - text.length;
  if (left >= 0) {
    return { hint: `${left} character${left === 1 ? '' : 's'} left`, tooLong: false };
  }
  const over = -left;
  return {
    hint: `At most ${MARK_TEXT_MAX} characters: ${over} too many. Shorten it to place it.`,
    tooLong: true,
  };
}

/**
 * Where a text mark is drawn so that all of it is on the photo: its font made smaller when the
 * text is wider than the photo, then its start moved in from the edges it would run over. `at`
 * is the tap (the text's left end, its middle line); sizes and points in the picture's pixels,
 * `textWidth` the text's width at `size`.
 */
export function placeText(
  at: MarkPoint,
  textWidth: number,
  size: number,
  width: number,
  height: number,
): { x: number; y: number; size: number } {
  const margin = size / 4;
  const room = Math.max(1, width - 2 * margin);
  const scale = textWidth > room ? room / textWidth : 1;
  const fitted = size * scale;
  const wide = textWidth * scale;
  const half = fitted / 2 + margin;
  return {
    x: Math.min(Math.max(at.x, margin), Math.max(margin, width - margin - wide)),
    y: Math.min(Math.max(at.y, half), Math.max(half, height - half)),
    size: fitted,
  };
}

/** Line weight, arrow head and text size as fractions of the photo's long side. */
export const MARK_LINE = 0.008;
export const MARK_HEAD = 0.04;
export const MARK_FONT = 0.05;

/** A freehand point closer than this to the last one kept adds nothing a finger can see. */
const PEN_STEP = 0.003;

/** The marks in the order drawn; Undo takes the last one away. */
export interface MarkHistory {
  readonly marks: readonly Mark[];
}

export const EMPTY_HISTORY: MarkHistory = { marks: [] };

export function addMark(history: MarkHistory, mark: Mark): MarkHistory {
  return { marks: [...history.marks, mark] };
}

export function undoMark(history: MarkHistory): MarkHistory {
  return history.marks.length === 0 ? history : { marks: history.marks.slice(0, -1) };
}

export function canUndo(history: MarkHistory): boolean {
  return history.marks.length > 0;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** A pointer position over the shown canvas as a point of the photo. */
export function pointIn(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
): MarkPoint {
  return {
    x: clamp01((clientX - box.left) / (box.width || 1)),
    y: clamp01((clientY - box.top) / (box.height || 1)),
  };
}

/**
 * A mark being drawn, after one more pointer position: an arrow or a circle keeps its first
 * point and moves its second, a freehand line grows (skipping points too close to see).
 */
export function extendMark(mark: Mark, point: MarkPoint): Mark {
  if (mark.tool === 'pen') {
    const last = mark.points[mark.points.length - 1];
    if (last && Math.hypot(point.x - last.x, point.y - last.y) < PEN_STEP) return mark;
    return { ...mark, points: [...mark.points, point] };
  }
  if (mark.tool === 'text') return { ...mark, points: [point] };
  return { ...mark, points: [mark.points[0] ?? point, point] };
}

/** A finished mark worth keeping: a tap is not an arrow, a circle or a line, an empty text is nothing. */
export function isVisibleMark(mark: Mark): boolean {
  if (mark.tool === 'text') return (mark.text ?? '').trim() !== '' && mark.points.length > 0;
  if (mark.points.length < 2) return false;
  const [a, b] = [mark.points[0]!, mark.points[mark.points.length - 1]!];
  if (mark.tool === 'pen') return true;
  return Math.hypot(b.x - a.x, b.y - a.y) >= PEN_STEP * 2;
}

/** The downscaled canvas the marks are drawn on: the photo's shape, its long side at most `long`. */
export function drawingSize(
  width: number,
  height: number,
  long: number,
): { width: number; height: number } {
  const f = Math.min(1, long / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * f)), height: Math.max(1, Math.round(height * f)) };
}

/**
 * The arrow's two head strokes: from the head back along the shaft, 30° either side. `size` is in
 * the same units as the points.
 */
export function arrowHead(tail: MarkPoint, head: MarkPoint, size: number): [MarkPoint, MarkPoint] {
  const angle = Math.atan2(head.y - tail.y, head.x - tail.x);
  const side = (turn: number) => ({
    x: head.x - size * Math.cos(angle + turn),
    y: head.y - size * Math.sin(angle + turn),
  });
  return [side(Math.PI / 6), side(-Math.PI / 6)];
}
