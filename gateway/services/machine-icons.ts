/**
 * Machine icons by model family (product §7 "Machine icons are fetched from file storage"): flat
 * side-view silhouettes the gateway draws itself, so a fresh install needs no file store and
 * nothing from the internet. 64x48, the app's orange body, dark tyres and tracks.
 */
const BODY = '#e8590c';
const DARK = '#343a40';
const HUB = '#adb5bd';
const GLASS = '#a5d8ff';

const wheel = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${DARK}"/><circle cx="${cx}" cy="${cy}" r="${Math.max(1.5, r * 0.38).toFixed(1)}" fill="${HUB}"/>`;
const track = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${DARK}"/>` +
  [0.22, 0.5, 0.78]
    .map(
      (f) =>
        `<circle cx="${(x + w * f).toFixed(1)}" cy="${y + h / 2}" r="${(h / 4).toFixed(1)}" fill="${HUB}"/>`,
    )
    .join('');
const shape = (d: string, fill = BODY) => `<path d="${d}" fill="${fill}"/>`;
const bar = (d: string, width = 2.5, color = DARK) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

const DRAWINGS: Record<string, { title: string; body: string }> = {
  'tractor.svg': {
    title: 'Tractor',
    body:
      shape('M22 19 H55 L59 24 V32 H22 Z') +
      shape('M8 4 H31 V23 H8 Z') +
      shape('M11 7 H28 V19 H11 Z', GLASS) +
      shape('M45 8 H48 V19 H45 Z', DARK) +
      wheel(18, 34, 13) +
      wheel(51, 39, 8),
  },
  'compact-tractor.svg': {
    title: 'Compact Tractor',
    body:
      bar('M14 26 V6 H26 V26', 2.5) +
      shape('M22 22 H52 L56 27 V34 H22 Z') +
      shape('M14 20 H24 V27 H14 Z', DARK) +
      wheel(18, 36, 10) +
      wheel(48, 40, 7),
  },
  'utility-vehicle.svg': {
    title: 'Utility Vehicle',
    body:
      bar('M24 24 L28 8 H44 L50 24', 2.5) +
      shape('M6 22 H26 V32 H6 Z') +
      shape('M26 24 H58 L60 32 H26 Z') +
      shape('M30 12 H43 L47 22 H30 Z', GLASS) +
      wheel(15, 37, 7) +
      wheel(49, 37, 7),
  },
  'mower.svg': {
    title: 'Mower',
    body:
      bar('M12 24 V8 H22 V24', 2.5) +
      shape('M10 22 H40 V30 H10 Z') +
      shape('M30 32 H60 V38 H30 Z', DARK) +
      shape('M14 16 H22 V22 H14 Z', DARK) +
      wheel(16, 34, 9) +
      wheel(54, 42, 4),
  },
  'excavator.svg': {
    title: 'Excavator',
    body:
      track(4, 34, 38, 10) +
      shape('M6 22 H40 V33 H6 Z') +
      shape('M8 8 H22 V22 H8 Z') +
      shape('M11 11 H19 V19 H11 Z', GLASS) +
      bar('M34 24 L48 8 L58 24', 4, BODY) +
      shape('M54 24 H62 L60 33 H55 Z', DARK),
  },
  'track-loader.svg': {
    title: 'Track Loader',
    body:
      track(6, 34, 36, 10) +
      shape('M8 18 H40 V33 H8 Z') +
      shape('M16 6 H32 V18 H16 Z') +
      shape('M19 9 H29 V16 H19 Z', GLASS) +
      bar('M10 14 L30 12 L50 26', 3.5, BODY) +
      shape('M48 22 H60 L58 34 H48 Z', DARK),
  },
  'skid-steer.svg': {
    title: 'Skid Steer',
    body:
      shape('M8 18 H40 V34 H8 Z') +
      shape('M16 6 H32 V18 H16 Z') +
      shape('M19 9 H29 V16 H19 Z', GLASS) +
      bar('M10 14 L30 12 L50 26', 3.5, BODY) +
      shape('M48 22 H60 L58 34 H48 Z', DARK) +
      wheel(15, 38, 7) +
      wheel(35, 38, 7),
  },
  'wheel-loader.svg': {
    title: 'Wheel Loader',
    body:
      shape('M4 20 H26 V32 H4 Z') +
      shape('M26 22 H40 V32 H26 Z') +
      shape('M12 4 H26 V20 H12 Z') +
      shape('M15 7 H23 V17 H15 Z', GLASS) +
      bar('M34 24 L50 16 L54 30', 3.5, BODY) +
      shape('M50 24 H62 L60 38 H50 Z', DARK) +
      wheel(12, 37, 9) +
      wheel(38, 37, 9),
  },
  'machine.svg': {
    title: 'Machine',
    body:
      shape('M8 14 H56 V32 H8 Z') +
      shape('M14 18 H30 V26 H14 Z', GLASS) +
      wheel(18, 37, 7) +
      wheel(46, 37, 7),
  },
};

export interface MachineIcon {
  svg: string;
}

function render(title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48" width="64" height="48" role="img" aria-label="${title}">` +
    `<title>${title}</title>${body}</svg>`
  );
}

const ICONS = new Map<string, MachineIcon>(
  Object.entries(DRAWINGS).map(([file, d]) => {
    return [file, { svg: render(d.title, d.body) }];
  }),
);

/** The icon files the gateway serves, e.g. 'tractor.svg'. */
export const MACHINE_ICON_FILES: ReadonlySet<string> = new Set(ICONS.keys());

export function machineIcon(file: string): MachineIcon | undefined {
  return ICONS.get(file);
}
