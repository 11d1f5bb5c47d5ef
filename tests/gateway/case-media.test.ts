import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASE_AUDIO_MAX_BYTES,
  CASE_AUDIO_TOO_LARGE_MESSAGE,
  CASE_FILE_TYPE_MESSAGE,
  CASE_VIDEO_MAX_BYTES,
  CASE_VIDEO_TOO_LARGE_MESSAGE,
  uploadedFileSchema,
} from '../../contract/cases';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { lanes, type TestGateway } from './harness';
import {
  type CasesClient,
  expectError,
  multipart,
  OPEN_TIMEOUT,
  openCasesGateway,
} from './cases-support';

const OPEN_CASE = MACHINE_1_CASES.northfieldOpen;
const key = () => randomUUID();

/** An EBML element with an 8-byte size. */
function ebml(id: number[], ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const size = Buffer.alloc(8);
  size.writeUIntBE(body.length, 2, 6);
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), size, body]);
}

/**
 * A WebM's EBML header (DocType "webm"), a segment of unknown size and its Tracks, one
 * TrackEntry per track (TrackType 1 video, 2 audio), padded to `size`.
 */
function webm(size: number, tracks: ('video' | 'audio')[] = ['audio']): Buffer {
  const b = Buffer.alloc(size, 0);
  const entries = tracks.map((t, i) =>
    ebml(
      [0xae],
      Buffer.from([0xd7, 0x81, i + 1]),
      Buffer.from([0x83, 0x81, t === 'video' ? 1 : 2]),
    ),
  );
  Buffer.concat([
    Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x8b, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62,
      0x6d, 0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    ]),
    ebml([0x16, 0x54, 0xae, 0x6b], ...entries),
  ]).copy(b);
  return b;
}

/** An ISO media box. */
function box(type: string, ...children: Buffer[]): Buffer {
  const body = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/**
 * An MP4's ftyp box under `brand`, a moov with one trak per track (its handler 'vide' or
 * 'soun'), then one mdat box filling the rest.
 */
function mp4(size: number, brand = 'mp42', tracks: ('video' | 'audio')[] = ['audio']): Buffer {
  const traks = tracks.map((t) => {
    const hdlr = Buffer.alloc(24, 0);
    hdlr.write(t === 'video' ? 'vide' : 'soun', 8, 'latin1');
    return box('trak', box('mdia', box('hdlr', hdlr)));
  });
  const ftyp = Buffer.alloc(12, 0);
  ftyp.write(brand, 0, 'latin1');
  ftyp.write(brand, 8, 'latin1');
  const head = Buffer.concat([box('ftyp', ftyp), box('moov', ...traks)]);
  const b = Buffer.alloc(size, 0);
  head.copy(b);
  b.writeUInt32BE(size - head.length, head.length);
  b.write('mdat', head.length + 4, 'latin1');
  return b;
}

describe.each(lanes)('case updates: sounds and videos on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let eli: string;
  let http: CasesClient;

  beforeAll(async () => {
    ({ gw, http, dana, eli } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const upload = (bytes: Buffer, name: string, type: string) =>
    http.upload(OPEN_CASE, dana, multipart(bytes, name, type), key());

  it("stores a recorder's sound as sound and its video as video, named from the bytes", async () => {
    const sound = await upload(webm(8_000), 'sound.webm', 'audio/webm;codecs=opus');
    expect(sound.statusCode, sound.body).toBe(201);
    expect(uploadedFileSchema.parse(sound.json())).toMatchObject({
      contentType: 'audio/webm',
      fileExtension: 'webm',
      isImage: false,
      thumbnailUrl: null,
    });
    const safari = await upload(mp4(8_000), 'sound.mp4', 'audio/mp4');
    expect(uploadedFileSchema.parse(safari.json())).toMatchObject({
      contentType: 'audio/mp4',
      fileExtension: 'm4a',
    });
    const m4a = await upload(mp4(8_000, 'M4A '), 'memo.m4a', 'application/octet-stream');
    expect(uploadedFileSchema.parse(m4a.json()).contentType).toBe('audio/mp4');
    const clip = await upload(
      webm(40_000, ['video', 'audio']),
      'clip.webm',
      'video/webm;codecs=vp8,opus',
    );
    expect(uploadedFileSchema.parse(clip.json())).toMatchObject({
      contentType: 'video/webm',
      fileExtension: 'webm',
    });
    const phone = await upload(mp4(40_000, 'isom', ['video', 'audio']), 'clip.mp4', 'video/mp4');
    expect(uploadedFileSchema.parse(phone.json()).contentType).toBe('video/mp4');
    // What the caller calls it plays no part: the tracks decide.
    const named = await upload(mp4(8_000, 'isom', ['video']), 'clip.jpg', 'image/jpeg');
    expect(uploadedFileSchema.parse(named.json()).contentType).toBe('video/mp4');
    const claimed = await upload(webm(8_000), 'sound.webm', 'video/webm');
    expect(uploadedFileSchema.parse(claimed.json()).contentType).toBe('audio/webm');
    const claimedMp4 = await upload(mp4(8_000), 'sound.mp4', 'video/mp4');
    expect(uploadedFileSchema.parse(claimedMp4.json()).contentType).toBe('audio/mp4');
  });

  it('keeps a sound sent as video under the sound limit', async () => {
    // A recording of sound alone with the video name: 20 MB would be let through, 5 MB is the rule.
    expectError(
      await upload(webm(CASE_AUDIO_MAX_BYTES + 1), 'long.webm', 'video/webm'),
      413,
      CASE_AUDIO_TOO_LARGE_MESSAGE,
    );
    expectError(
      await upload(mp4(CASE_AUDIO_MAX_BYTES + 1), 'long.mp4', 'video/mp4'),
      413,
      CASE_AUDIO_TOO_LARGE_MESSAGE,
    );
    // A file whose tracks cannot be read has no picture: a sound, under the sound limit.
    const header = webm(CASE_AUDIO_MAX_BYTES + 1, []);
    expectError(await upload(header, 'odd.webm', 'video/webm'), 413, CASE_AUDIO_TOO_LARGE_MESSAGE);
  });

  it('keeps no control or bidi character in a stored name', async () => {
    for (const [sent, kept] of [
      ['photo\u202egpj.exe', 'photogpj.exe'],
      ['\u2066memo\u2069\u200f.webm', 'memo.webm'],
      ['tab\there\u0085\u2028.webm', 'tabhere.webm'],
      ['\u202e\u200b', 'file'],
    ]) {
      const res = await upload(webm(2_000), sent!, 'audio/webm');
      expect(res.statusCode, res.body).toBe(201);
      expect(uploadedFileSchema.parse(res.json()).name).toBe(kept);
    }
  });

  it('plays back: the file is served inline with its type, and a range is answered with 206', async () => {
    const bytes = webm(10_000);
    bytes.write('tail', 9_996, 'latin1');
    const stored = uploadedFileSchema.parse(
      (await upload(bytes, 'noise.webm', 'audio/webm')).json(),
    );
    const whole = await http.get(stored.url, dana);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/webm');
    expect(whole.headers['content-disposition']).toMatch(/^inline;/);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await http.get(stored.url, dana, { range: 'bytes=9996-' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 9996-9999/10000');
    expect(part.rawPayload.toString('latin1')).toBe('tail');
    const first = await http.get(stored.url, dana, { range: 'bytes=0-3' });
    expect(first.rawPayload.equals(bytes.subarray(0, 4))).toBe(true);
    expect((await http.get(stored.url, dana, { range: 'bytes=20000-' })).statusCode).toBe(416);
    // Another dealer's technician gets nothing of it, a range neither.
    expect((await http.get(stored.url, eli, { range: 'bytes=0-3' })).statusCode).toBe(404);
  });

  it('refuses a sound over 5 MB and a video over 20 MB with 413 saying the limit', async () => {
    const before = await http.feed(OPEN_CASE, dana);
    expectError(
      await upload(webm(CASE_AUDIO_MAX_BYTES + 1), 'long.webm', 'audio/webm'),
      413,
      CASE_AUDIO_TOO_LARGE_MESSAGE,
    );
    expectError(
      await upload(mp4(CASE_AUDIO_MAX_BYTES + 1, 'M4A '), 'long.m4a', 'audio/mp4'),
      413,
      CASE_AUDIO_TOO_LARGE_MESSAGE,
    );
    expectError(
      await upload(webm(CASE_VIDEO_MAX_BYTES + 1, ['video']), 'long.webm', 'video/webm'),
      413,
      CASE_VIDEO_TOO_LARGE_MESSAGE,
    );
    // At the limits they are stored: the limits are the ones stated.
    expect((await upload(webm(CASE_AUDIO_MAX_BYTES), 'max.webm', 'audio/webm')).statusCode).toBe(
      201,
    );
    expect(
      (await upload(mp4(CASE_VIDEO_MAX_BYTES, 'isom', ['video']), 'max.mp4', 'video/mp4'))
        .statusCode,
    ).toBe(201);
    expect(CASE_AUDIO_TOO_LARGE_MESSAGE).toContain('5 MB');
    expect(CASE_VIDEO_TOO_LARGE_MESSAGE).toContain('20 MB');
    const after = await http.feed(OPEN_CASE, dana);
    expect(after).toHaveLength(before.length);
  });

  it('refuses a media type it does not take (Matroska, AVI) with 415', async () => {
    const mkv = webm(4_000);
    mkv.write('matroska', 12, 'latin1');
    mkv[11] = 0x88;
    mkv[4] = 0x8f;
    expectError(await upload(mkv, 'clip.mkv', 'video/x-matroska'), 415, CASE_FILE_TYPE_MESSAGE);
    const avi = Buffer.alloc(4_000, 0);
    avi.write('RIFF', 0, 'latin1');
    avi.writeUInt32LE(3_992, 4);
    avi.write('AVI LIST', 8, 'latin1');
    expectError(await upload(avi, 'clip.avi', 'video/x-msvideo'), 415, CASE_FILE_TYPE_MESSAGE);
  });
});
