import { describe, expect, it } from 'vitest';
import {
  addMark,
  arrowHead,
  canUndo,
  drawingSize,
  EMPTY_HISTORY,
  extendMark,
  isVisibleMark,
  markTextHint,
  placeText,
  pointIn,
  undoMark,
  type Mark,
} from '../../src/domain/photo-markup';

const arrow = (x: number): Mark => ({
  tool: 'arrow',
  colour: '#f76707',
  points: [
    { x, y: 0.1 },
    { x, y: 0.9 },
  ],
});

describe('the markup undo stack', () => {
  it('takes marks away last first, and stops when none are left', () => {
    const one = addMark(EMPTY_HISTORY, arrow(0.1));
    const two = addMark(one, arrow(0.2));
    expect(two.marks.map((m) => m.points[0]!.x)).toEqual([0.1, 0.2]);
    expect(canUndo(two)).toBe(true);
    const back = undoMark(two);
    expect(back.marks).toEqual(one.marks);
    // Drawing after an undo adds to what is left: the undone mark does not come back.
    const again = addMark(back, arrow(0.3));
    expect(again.marks.map((m) => m.points[0]!.x)).toEqual([0.1, 0.3]);
    expect(undoMark(undoMark(again))).toEqual(EMPTY_HISTORY);
    expect(canUndo(EMPTY_HISTORY)).toBe(false);
    expect(undoMark(EMPTY_HISTORY)).toBe(EMPTY_HISTORY);
    // A history is never changed in place: an earlier one still holds what it held.
    expect(two.marks).toHaveLength(2);
  });
});

describe('drawing marks with a finger', () => {
  it('maps a pointer on the shown canvas to a point of the photo, kept inside it', () => {
    const box = { left: 10, top: 100, width: 400, height: 300 };
    expect(pointIn(210, 250, box)).toEqual({ x: 0.5, y: 0.5 });
    expect(pointIn(0, 1000, box)).toEqual({ x: 0, y: 1 });
  });

  it('moves an arrow’s head and a circle’s corner; a freehand line grows, skipping jitter', () => {
    const start: Mark = { tool: 'arrow', colour: 'red', points: [{ x: 0.1, y: 0.1 }] };
    const a = extendMark(extendMark(start, { x: 0.3, y: 0.3 }), { x: 0.5, y: 0.6 });
    expect(a.points).toEqual([
      { x: 0.1, y: 0.1 },
      { x: 0.5, y: 0.6 },
    ]);
    const pen: Mark = { tool: 'pen', colour: 'red', points: [{ x: 0.1, y: 0.1 }] };
    const line = extendMark(extendMark(pen, { x: 0.1001, y: 0.1 }), { x: 0.2, y: 0.2 });
    expect(line.points).toHaveLength(2);
  });

  it('keeps only marks that show: a tap is not an arrow, an empty text is nothing', () => {
    const tap: Mark = { tool: 'arrow', colour: 'red', points: [{ x: 0.1, y: 0.1 }] };
    expect(isVisibleMark(tap)).toBe(false);
    expect(isVisibleMark(extendMark(tap, { x: 0.1, y: 0.1 }))).toBe(false);
    expect(isVisibleMark(extendMark(tap, { x: 0.4, y: 0.1 }))).toBe(true);
    const words = (text: string): Mark => ({
      tool: 'text',
      colour: 'red',
      points: [{ x: 0.5, y: 0.5 }],
      text,
    });
    expect(isVisibleMark(words('  '))).toBe(false);
    expect(isVisibleMark(words('Leak here'))).toBe(true);
  });

  it('draws on a picture of the photo’s shape, never larger than the photo', () => {
    expect(drawingSize(4032, 3024, 1280)).toEqual({ width: 1280, height: 960 });
    expect(drawingSize(3024, 4032, 1280)).toEqual({ width: 960, height: 1280 });
    expect(drawingSize(800, 600, 1280)).toEqual({ width: 800, height: 600 });
  });

  it('points the arrow head back along the shaft, one stroke either side', () => {
    const [left, right] = arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 10);
    expect(left.x).toBeCloseTo(100 - 10 * Math.cos(Math.PI / 6));
    expect(right.x).toBeCloseTo(left.x);
    expect(left.y).toBeCloseTo(-right.y);
    expect(Math.abs(left.y)).toBeCloseTo(5);
  });
});

describe('text marks', () => {
  it('count down the characters left, and refuse a longer text with a message', () => {
    expect(markTextHint('')).toEqual({ hint: '40 characters left', tooLong: false });
    expect(markTextHint('x'.repeat(39))).toEqual({ hint: '1 character left', tooLong: false });
    expect(markTextHint('x'.repeat(40)).tooLong).toBe(false);
    expect(markTextHint('x'.repeat(43))).toEqual({
      hint: 'At most 40 characters: 3 too many. Shorten it to place it.',
      tooLong: true,
    });
  });

  it('are moved in from the edges they would run over, and made smaller when wider than the photo', () => {
    expect(placeText({ x: 380, y: 295 }, 100, 20, 400, 300)).toEqual({ x: 295, y: 285, size: 20 });
    expect(placeText({ x: 50, y: 100 }, 100, 20, 400, 300)).toEqual({ x: 50, y: 100, size: 20 });
    const wide = placeText({ x: 200, y: 100 }, 780, 20, 400, 300);
    expect(wide.size).toBeCloseTo((20 * 390) / 780);
    expect(wide.x).toBeCloseTo(5);
  });
});
