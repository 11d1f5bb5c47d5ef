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

/** A WebM's EBML header (DocType "webm") and a segment of unknown size, padded to `size`. */
function webm(size: number): Buffer {
  const b = Buffer.alloc(size, 0);
  Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x8b, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d,
    0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
  ]).copy(b);
  return b;
}

/** An MP4's ftyp box under `brand`, then one mdat box filling the rest. */
function mp4(size: number, brand = 'mp42'): Buffer {
  const b = Buffer.alloc(size, 0);
  b.writeUInt32BE(20, 0);
  b.write('ftyp', 4, 'latin1');
  b.write(brand, 8, 'latin1');
  b.write(brand, 16, 'latin1');
  b.writeUInt32BE(size - 20, 20);
  b.write('mdat', 24, 'latin1');
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
    const clip = await upload(webm(40_000), 'clip.webm', 'video/webm;codecs=vp8,opus');
    expect(uploadedFileSchema.parse(clip.json())).toMatchObject({
      contentType: 'video/webm',
      fileExtension: 'webm',
    });
    // An MP4 sent as an image is a video: the claim only names a sound in its own container.
    const named = await upload(mp4(8_000), 'clip.jpg', 'image/jpeg');
    expect(uploadedFileSchema.parse(named.json()).contentType).toBe('video/mp4');
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
      await upload(webm(CASE_VIDEO_MAX_BYTES + 1), 'long.webm', 'video/webm'),
      413,
      CASE_VIDEO_TOO_LARGE_MESSAGE,
    );
    // At the limits they are stored: the limits are the ones stated.
    expect((await upload(webm(CASE_AUDIO_MAX_BYTES), 'max.webm', 'audio/webm')).statusCode).toBe(
      201,
    );
    expect((await upload(mp4(CASE_VIDEO_MAX_BYTES), 'max.mp4', 'video/mp4')).statusCode).toBe(201);
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
