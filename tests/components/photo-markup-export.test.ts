import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARK_LINE, type Mark } from '../../src/domain/photo-markup';
import { markupPicture, renderMarkedUp } from '../../src/workers/photo-markup';

/*
 * The export of a marked-up photo, with the browser's decoder and canvas replaced by recorders
 * (jsdom has neither): the full-size photo keeps the original's size, the marks land where they
 * were drawn, at the full size's weight.
 */

interface Call {
  name: string;
  args: unknown[];
}

const canvases: FakeCanvas[] = [];

/** A bold font's letters are about 0.6 of its size wide. */
const widthOf = (text: string, font: string) =>
  text.length * 0.6 * Number(/(\d+(?:\.\d+)?)px/.exec(font)![1]);

class FakeCanvas {
  calls: Call[] = [];
  ctx: Record<string, unknown>;
  constructor(
    public width: number,
    public height: number,
  ) {
    canvases.push(this);
    // A stroke records the line width it was drawn with, a text the font.
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        this.calls.push({
          name,
          args:
            name === 'stroke'
              ? [this.ctx.lineWidth]
              : name === 'fillText'
                ? [...args, this.ctx.font]
                : args,
        });
    this.ctx = Object.fromEntries(
      [
        'drawImage',
        'beginPath',
        'moveTo',
        'lineTo',
        'ellipse',
        'stroke',
        'strokeText',
        'fillText',
        'save',
        'restore',
      ].map((n) => [n, record(n)]),
    );
    this.ctx.measureText = (text: string) => ({ width: widthOf(text, String(this.ctx.font)) });
  }
  getContext() {
    return this.ctx;
  }
  convertToBlob(options: { type: string }) {
    return Promise.resolve(new Blob([`${this.width}x${this.height}`], { type: options.type }));
  }
}

const PHOTO = { width: 4032, height: 3024 };
const decoded = vi.fn((_blob: Blob, _options?: unknown) =>
  Promise.resolve({ ...PHOTO, close: vi.fn() }),
);

beforeEach(() => {
  canvases.length = 0;
  decoded.mockClear();
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal('createImageBitmap', decoded);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const arrow: Mark = {
  tool: 'arrow',
  colour: '#f76707',
  points: [
    { x: 0.25, y: 0.5 },
    { x: 0.75, y: 0.5 },
  ],
};

describe('marked-up photo export', () => {
  it('renders at the original photo’s own size, the marks scaled to it', async () => {
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
    const out = await renderMarkedUp(photo, [arrow]);
    expect({ width: out.width, height: out.height }).toEqual(PHOTO);
    expect(out.blob.type).toBe('image/jpeg');
    const [canvas] = canvases;
    expect({ width: canvas!.width, height: canvas!.height }).toEqual(PHOTO);
    // The photo first, at full size, then the arrow over it where it was drawn.
    expect(canvas!.calls[0]).toMatchObject({ name: 'drawImage', args: [expect.anything(), 0, 0] });
    expect(canvas!.calls.find((c) => c.name === 'moveTo')!.args).toEqual([1008, 1512]);
    expect(canvas!.calls.find((c) => c.name === 'lineTo')!.args).toEqual([3024, 1512]);
    expect(canvas!.calls.find((c) => c.name === 'stroke')!.args).toEqual([4032 * MARK_LINE]);
    // Stood up as taken: the EXIF orientation is applied when decoding.
    expect(decoded.mock.calls[0]![1]).toEqual({ imageOrientation: 'from-image' });
  });

  it('gives the finger a downscaled picture, and the original’s size with it', async () => {
    const picture = await markupPicture(new Blob(['jpeg']), 1280);
    expect({ width: picture.width, height: picture.height }).toEqual(PHOTO);
    expect({ width: picture.pictureWidth, height: picture.pictureHeight }).toEqual({
      width: 1280,
      height: 960,
    });
    expect(await picture.blob.text()).toBe('1280x960');
  });

  it('draws lines at the same share of the photo on the small picture and the full size', async () => {
    const widths: unknown[] = [];
    for (const size of [PHOTO, { width: 1280, height: 960 }]) {
      decoded.mockResolvedValueOnce({ ...size, close: vi.fn() });
      canvases.length = 0;
      await renderMarkedUp(new Blob(['x']), [arrow]);
      widths.push(canvases[0]!.calls.find((c) => c.name === 'stroke')!.args[0]);
    }
    expect((widths[0] as number) / (widths[1] as number)).toBeCloseTo(4032 / 1280);
  });

  it('keeps a text placed near the edge on the photo, all of it, even one as long as allowed', async () => {
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
    const texts = ['Leak', 'Hydraulic hose leaks at the left fitting']; // 4 and 40 characters
    const marks: Mark[] = texts.map((text) => ({
      tool: 'text',
      colour: '#ffffff',
      points: [{ x: 0.97, y: 0.99 }],
      text,
    }));
    await renderMarkedUp(photo, marks);
    const full = canvases.at(-1)!;
    const filled = full.calls.filter((c) => c.name === 'fillText');
    expect(filled).toHaveLength(2);
    const drawn = filled.map((c) => c.args as [string, number, number, string]);
    for (const [text, x, y, font] of drawn) {
      const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)![1]);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + widthOf(text, font)).toBeLessThanOrEqual(PHOTO.width);
      expect(y + size / 2).toBeLessThanOrEqual(PHOTO.height);
    }
    // The long one was drawn smaller than the short one: it would not fit at full size.
    expect(drawn[1]![3]).not.toBe(drawn[0]![3]);
  });
});
