/*
 * Whether a WebM or MP4 holds a picture: both containers carry sound alone as well as video,
 * and their signature does not say which. The tracks do: a WebM's TrackEntry has a TrackType
 * (1 video, 2 audio), an MP4's trak a handler ('vide', 'soun').
 */

/** Enough for every real header; a file built to make us walk further is read no further. */
const ELEMENTS_MAX = 10_000;

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const VIDEO_TRACK = 1;

interface Element {
  id: number;
  body: number;
  end: number;
}

/** An EBML variable-length number at `pos`: its value (marker kept for ids) and length. */
function vint(b: Buffer, pos: number, keepMarker: boolean) {
  if (pos >= b.length) return null;
  const first = b[pos]!;
  let length = 1;
  while (length <= 8 && !(first & (0x100 >> length))) length++;
  if (length > 8 || pos + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[pos + i]!;
    allOnes &&= b[pos + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** The EBML elements between `start` and `end`; one of unknown size runs to `end`. */
function* ebmlElements(b: Buffer, start: number, end: number, budget: { left: number }) {
  let pos = start;
  while (pos < end && budget.left-- > 0) {
    const id = vint(b, pos, true);
    const size = id && vint(b, pos + id.length, false);
    if (!id || !size) return;
    const body = pos + id.length + size.length;
    const stop = size.unknown ? end : Math.min(end, body + size.value);
    yield { id: id.value, body, end: stop } satisfies Element;
    if (size.unknown) return;
    pos = stop;
  }
}

function webmHasVideo(b: Buffer): boolean {
  const budget = { left: ELEMENTS_MAX };
  for (const top of ebmlElements(b, 0, b.length, budget)) {
    if (top.id === EBML) continue;
    if (top.id !== SEGMENT) return false;
    for (const part of ebmlElements(b, top.body, top.end, budget)) {
      if (part.id !== TRACKS) continue;
      for (const entry of ebmlElements(b, part.body, part.end, budget)) {
        if (entry.id !== TRACK_ENTRY) continue;
        for (const field of ebmlElements(b, entry.body, entry.end, budget)) {
          if (field.id === TRACK_TYPE && field.end - field.body === 1) {
            if (b[field.body] === VIDEO_TRACK) return true;
          }
        }
      }
      return false;
    }
  }
  return false;
}

/** The ISO media boxes between `start` and `end` (size 0: to the end; size 1: 64-bit size). */
function* mp4Boxes(b: Buffer, start: number, end: number, budget: { left: number }) {
  let pos = start;
  while (pos + 8 <= end && budget.left-- > 0) {
    let size = b.readUInt32BE(pos);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > end) return;
      size = Number(b.readBigUInt64BE(pos + 8));
      header = 16;
    } else if (size === 0) size = end - pos;
    if (size < header) return;
    const stop = Math.min(end, pos + size);
    yield { type: b.toString('latin1', pos + 4, pos + 8), body: pos + header, end: stop };
    pos = stop;
  }
}

function mp4HasVideo(b: Buffer): boolean {
  const budget = { left: ELEMENTS_MAX };
  const inside = (box: { body: number; end: number }, type: string) =>
    [...mp4Boxes(b, box.body, box.end, budget)].filter((x) => x.type === type);
  const whole = { body: 0, end: b.length };
  for (const moov of inside(whole, 'moov')) {
    for (const trak of inside(moov, 'trak')) {
      for (const mdia of inside(trak, 'mdia')) {
        for (const hdlr of inside(mdia, 'hdlr')) {
          // version and flags (4), pre_defined (4), then handler_type.
          const at = hdlr.body + 8;
          if (at + 4 <= hdlr.end && b.toString('latin1', at, at + 4) === 'vide') return true;
        }
      }
    }
  }
  return false;
}

/**
 * True when the WebM or MP4 (QuickTime alike) has a video track. A file whose tracks cannot be
 * read has none: it is then a sound, under the sound's smaller limit.
 */
export function hasVideoTrack(bytes: Buffer, container: 'webm' | 'mp4'): boolean {
  return container === 'webm' ? webmHasVideo(bytes) : mp4HasVideo(bytes);
}
