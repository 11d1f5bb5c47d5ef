import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CASE_FILE_MAX_BYTES,
  CASE_FILE_TOO_LARGE_MESSAGE,
  CASE_FILE_TYPE_MESSAGE,
  caseDetailResponseSchema,
  closeCaseResponseSchema,
  postFeedItemResponseSchema,
  uploadedFileSchema,
} from '../../contract/cases';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { REPLAYED_HEADER } from '../../gateway/services/idempotency';
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

async function photo(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** How far an image's mean colour is from `rgb`: its largest channel difference. */
async function colourDistance(bytes: Buffer, rgb: [number, number, number]): Promise<number> {
  const { channels } = await sharp(bytes).stats();
  return Math.max(...rgb.map((v, i) => Math.abs(channels[i]!.mean - v)));
}

/** A Windows executable's first bytes (MZ header, PE offset): file-type reads it as exe. */
function executable(): Buffer {
  const b = Buffer.alloc(1024);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

describe.each(lanes)('case updates: uploads, feed items, close on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let eli: string;
  let sam: string;
  let http: CasesClient;

  beforeAll(async () => {
    ({ gw, http, dana, eli, sam } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  const db = () => gw.started.db.kysely;
  const filesOf = (caseId: string) =>
    db().selectFrom('case_files').selectAll().where('case_id', '=', caseId).execute();
  const statusOf = async (caseId: string) =>
    (
      await db()
        .selectFrom('cases')
        .select('status')
        .where('id', '=', caseId)
        .executeTakeFirstOrThrow()
    ).status;

  it('posts text and two photos, closes; the feed shows the update with thumbnails', async () => {
    const before = (await http.feed(OPEN_CASE, dana)).length;
    const uploads = [];
    for (const [name, color] of [
      ['left.jpg', '#aa3322'],
      ['right.jpg', '#2233aa'],
    ] as const) {
      const res = await http.upload(
        OPEN_CASE,
        dana,
        multipart(await photo(1200, 900, color), name, 'image/jpeg'),
        key(),
      );
      expect(res.statusCode, res.body).toBe(201);
      uploads.push(uploadedFileSchema.parse(res.json()));
    }
    expect(uploads[0]).toMatchObject({
      caseId: OPEN_CASE,
      name: 'left.jpg',
      contentType: 'image/jpeg',
      isImage: true,
      width: 1200,
      height: 900,
    });
    // The thumbnail is a WebP, said so, and sent as it is (compressing it again gains nothing).
    const thumb = await http.get(uploads[0]!.thumbnailUrl!, dana, { 'accept-encoding': 'br' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-encoding']).toBeUndefined();
    expect(thumb.headers['content-disposition']).toBe('inline; filename="left-thumbnail.webp"');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([320, 240]);
    // It decodes to the photo's colour (#aa3322), not to a blank or broken picture.
    expect(await colourDistance(thumb.rawPayload, [0xaa, 0x33, 0x22])).toBeLessThan(6);

    const res = await http.post(
      `/api/v1/cases/${OPEN_CASE}/feed`,
      dana,
      { body: '  Pump replaced, see photos.  ', fileIds: uploads.map((u) => u.id), close: true },
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const posted = postFeedItemResponseSchema.parse(res.json());
    expect(posted.status).toBe('Resolved');
    expect(posted.item).toMatchObject({
      body: 'Pump replaced, see photos.',
      name: uploads[0]!.id,
      channel: 'Web',
      type: 'Customer',
      title: 'Service Web',
      authorName: 'Dana Whitfield',
    });
    expect(posted.item.attachments.map((a) => a.id)).toEqual(uploads.map((u) => u.id));

    const items = await http.feed(OPEN_CASE, dana);
    expect(items).toHaveLength(before + 1);
    expect(items[items.length - 1]!.id).toBe(posted.item.id);
    const detail = caseDetailResponseSchema.parse(
      (await http.get(`/api/v1/cases/${OPEN_CASE}`, dana)).json(),
    ).case;
    expect(detail).toMatchObject({ status: 'Resolved', isClosed: true });
  });

  it('a thumbnail stored as a JPEG, drawn before WebP, is still answered as a JPEG', async () => {
    const res = await http.upload(
      OPEN_CASE,
      dana,
      multipart(await photo(800, 600, '#2a7a4a'), 'older.jpg', 'image/jpeg'),
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const file = uploadedFileSchema.parse(res.json());
    const drawn = await http.get(file.thumbnailUrl!, dana);
    expect(drawn.headers['content-type']).toBe('image/webp');
    // What a gateway before WebP stored for this blob.
    const jpeg = await sharp(await photo(320, 240, '#2a7a4a'))
      .jpeg({ quality: 72 })
      .toBuffer();
    const { sha256 } = await db()
      .selectFrom('case_files')
      .select('sha256')
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('case_blobs')
      .set({ thumbnail: jpeg })
      .where('sha256', '=', sha256)
      .execute();

    const thumb = await http.get(file.thumbnailUrl!, dana);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['content-disposition']).toBe('inline; filename="older-thumbnail.jpg"');
    expect(Buffer.compare(thumb.rawPayload, jpeg)).toBe(0);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(await colourDistance(thumb.rawPayload, [0x2a, 0x7a, 0x4a])).toBeLessThan(6);
  });

  it('a text-only update is named Text Update; close alone sets Resolved', async () => {
    const caseId = MACHINE_1_CASES.riverbend;
    const res = await http.post(`/api/v1/cases/${caseId}/feed`, eli, { body: 'Any news?' }, key());
    expect(res.statusCode, res.body).toBe(201);
    const posted = postFeedItemResponseSchema.parse(res.json());
    expect(posted.item.name).toBe('Text Update');
    expect(posted.item.attachments).toEqual([]);
    expect(posted.status).toBe('Created');

    const closed = await http.post(`/api/v1/cases/${caseId}/close`, eli, {}, key());
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closeCaseResponseSchema.parse(closed.json()).status).toBe('Resolved');
    expect(await statusOf(caseId)).toBe('Resolved');
    // The close needs no body: a request without one is as good as one with {}.
    const bare = await http.post(`/api/v1/cases/${caseId}/close`, eli, undefined, key());
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('an update to a Resolved case reopens it as Updated; a Forced Closed case stays closed by close and update alike', async () => {
    const caseId = MACHINE_1_CASES.northfieldResolved;
    expect(await statusOf(caseId)).toBe('Resolved');
    const res = await http.post(
      `/api/v1/cases/${caseId}/feed`,
      dana,
      { body: 'Leak is back.' },
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(postFeedItemResponseSchema.parse(res.json()).status).toBe('Updated');
    const detail = caseDetailResponseSchema.parse(
      (await http.get(`/api/v1/cases/${caseId}`, dana)).json(),
    ).case;
    expect(detail).toMatchObject({ status: 'Updated', isClosed: false });

    // Closed again in the same update: the close wins, the case stays Resolved.
    const closed = await http.post(
      `/api/v1/cases/${caseId}/feed`,
      dana,
      { body: 'Fixed for good.', close: true },
      key(),
    );
    expect(postFeedItemResponseSchema.parse(closed.json()).status).toBe('Resolved');
    const again = await http.post(`/api/v1/cases/${caseId}/feed`, dana, { body: 'Again.' }, key());
    expect(postFeedItemResponseSchema.parse(again.json()).status).toBe('Updated');

    // A case the TSC closed by force is not reopened by a dealer's update.
    await db()
      .updateTable('cases')
      .set({ status: 'Forced Closed' })
      .where('id', '=', caseId)
      .execute();
    const forced = await http.post(`/api/v1/cases/${caseId}/feed`, dana, { body: 'Hm.' }, key());
    expect(postFeedItemResponseSchema.parse(forced.json()).status).toBe('Forced Closed');
    // Neither does a close, alone or with an update, which would let the next update reopen it.
    const close = await http.post(`/api/v1/cases/${caseId}/close`, dana, {}, key());
    expect(close.statusCode, close.body).toBe(200);
    expect(closeCaseResponseSchema.parse(close.json()).status).toBe('Forced Closed');
    const after = await http.post(
      `/api/v1/cases/${caseId}/feed`,
      dana,
      { body: 'and now?' },
      key(),
    );
    expect(after.statusCode, after.body).toBe(201);
    expect(postFeedItemResponseSchema.parse(after.json()).status).toBe('Forced Closed');
    const both = await http.post(
      `/api/v1/cases/${caseId}/feed`,
      dana,
      { body: 'Closing it.', close: true },
      key(),
    );
    expect(postFeedItemResponseSchema.parse(both.json()).status).toBe('Forced Closed');
    expect(await statusOf(caseId)).toBe('Forced Closed');
    // The updates are on the feed: what the dealer wrote is kept.
    const bodies = (await http.feed(caseId, dana)).map((i) => i.body);
    expect(bodies).toEqual(expect.arrayContaining(['Hm.', 'and now?', 'Closing it.']));
    await db().updateTable('cases').set({ status: 'Resolved' }).where('id', '=', caseId).execute();
  });

  it('applies every write once per Idempotency-Key and replays the first answer', async () => {
    const caseId = '500000000000000005';
    await db().updateTable('cases').set({ status: 'Updated' }).where('id', '=', caseId).execute();
    // Upload, replayed.
    const uploadKey = key();
    const file = multipart(await photo(300, 200, '#00aa00'), 'once.jpg', 'image/jpeg');
    const first = await http.upload(caseId, sam, file, uploadKey);
    expect(first.statusCode, first.body).toBe(201);
    const again = await http.upload(caseId, sam, file, uploadKey);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await filesOf(caseId)).filter((f) => f.name === 'once.jpg')).toHaveLength(1);
    // The same key for another file is refused rather than answered with the first file.
    const other = multipart(await photo(300, 200, '#0000aa'), 'once.jpg', 'image/jpeg');
    expectError(await http.upload(caseId, sam, other, uploadKey), 422);

    // Feed item, replayed.
    const fileId = uploadedFileSchema.parse(first.json()).id;
    const feedKey = key();
    const body = { body: 'Once only', fileIds: [fileId] };
    const posted = await http.post(`/api/v1/cases/${caseId}/feed`, sam, body, feedKey);
    expect(posted.statusCode, posted.body).toBe(201);
    const replay = await http.post(`/api/v1/cases/${caseId}/feed`, sam, body, feedKey);
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    expect(replay.json()).toEqual(posted.json());
    expect((await http.feed(caseId, sam)).filter((i) => i.body === 'Once only')).toHaveLength(1);
    // A new key naming a file that is already attached is refused, not attached twice.
    expectError(await http.post(`/api/v1/cases/${caseId}/feed`, sam, body, key()), 400);

    // Close, replayed.
    const closeKey = key();
    const closed = await http.post(`/api/v1/cases/${caseId}/close`, sam, {}, closeKey);
    expect(closed.statusCode).toBe(200);
    await db().updateTable('cases').set({ status: 'Updated' }).where('id', '=', caseId).execute();
    const closedAgain = await http.post(`/api/v1/cases/${caseId}/close`, sam, {}, closeKey);
    expect(closedAgain.headers[REPLAYED_HEADER]).toBe('true');
    expect(closedAgain.json()).toEqual(closed.json());
    // Replayed, not applied again: the status set since stays.
    expect(await statusOf(caseId)).toBe('Updated');
  });

  it('an upload cut off half-way stores nothing; its retry stores the file once', async () => {
    const caseId = MACHINE_1_CASES.northfieldResolved;
    const uploadKey = key();
    const whole = multipart(await photo(640, 480, '#887766'), 'cut.jpg', 'image/jpeg');
    const cut = whole.payload.subarray(0, Math.floor(whole.payload.length / 2));
    const broken = await http.upload(caseId, dana, { ...whole, payload: cut }, uploadKey);
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect((await filesOf(caseId)).filter((f) => f.name === 'cut.jpg')).toHaveLength(0);
    const retried = await http.upload(caseId, dana, whole, uploadKey);
    expect(retried.statusCode, retried.body).toBe(201);
    const retriedAgain = await http.upload(caseId, dana, whole, uploadKey);
    expect(retriedAgain.json()).toEqual(retried.json());
    expect((await filesOf(caseId)).filter((f) => f.name === 'cut.jpg')).toHaveLength(1);
  });

  it('refuses two files in one upload with 400 and stores neither', async () => {
    const caseId = OPEN_CASE;
    const before = (await filesOf(caseId)).length;
    const first = multipart(await photo(200, 100, '#112233'), 'first.jpg', 'image/jpeg');
    const second = multipart(await photo(100, 200, '#332211'), 'second.jpg', 'image/jpeg');
    const boundary = /boundary=(.+)$/.exec(first.headers['content-type']!)![1]!;
    // Both forms share the boundary: the first without its closing line, then the second whole.
    const closing = Buffer.from(`--${boundary}--\r\n`);
    const both = {
      headers: first.headers,
      payload: Buffer.concat([first.payload.subarray(0, -closing.length), second.payload]),
    };
    for (const uploadKey of [key(), undefined]) {
      expectError(
        await http.upload(caseId, dana, both, uploadKey),
        400,
        'Send one file per request',
      );
    }
    // The same two parts under another name than "file" are refused as well.
    const other = multipart(await photo(50, 50, '#445566'), 'x.jpg', 'image/jpeg', 'photo');
    expectError(await http.upload(caseId, dana, other, key()), 400);
    expect(await filesOf(caseId)).toHaveLength(before);
  });

  it('refuses a file over 25 MB with 413 and a renamed executable with 415', async () => {
    const big = Buffer.alloc(CASE_FILE_MAX_BYTES + 1, 0x41);
    big.write('%PDF-1.4\n', 0, 'latin1');
    expectError(
      await http.upload(OPEN_CASE, dana, multipart(big, 'huge.pdf', 'application/pdf'), key()),
      413,
      CASE_FILE_TOO_LARGE_MESSAGE,
    );
    expectError(
      await http.upload(OPEN_CASE, dana, multipart(executable(), 'photo.jpg', 'image/jpeg'), key()),
      415,
      CASE_FILE_TYPE_MESSAGE,
    );
    // Text pretending to be a photo, and an unknown binary, are refused too.
    expectError(
      await http.upload(
        OPEN_CASE,
        dana,
        multipart(Buffer.from('hello'), 'a.jpg', 'image/jpeg'),
        key(),
      ),
      415,
    );
    // Plain text under a text name is accepted and typed from the bytes, not the request.
    const text = await http.upload(
      OPEN_CASE,
      dana,
      multipart(Buffer.from('hours,code\n1200,E:11-04\n'), 'log.csv', 'application/octet-stream'),
      key(),
    );
    expect(text.statusCode, text.body).toBe(201);
    expect(uploadedFileSchema.parse(text.json())).toMatchObject({
      contentType: 'text/csv',
      isImage: false,
      thumbnailUrl: null,
    });
    // A PNG sent as image/jpeg is stored as what it is.
    const png = await sharp({
      create: { width: 40, height: 30, channels: 4, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const res = await http.upload(OPEN_CASE, dana, multipart(png, 'x.jpg', 'image/jpeg'), key());
    expect(uploadedFileSchema.parse(res.json())).toMatchObject({
      contentType: 'image/png',
      fileExtension: 'png',
    });
    expect((await filesOf(OPEN_CASE)).some((f) => f.name === 'photo.jpg')).toBe(false);
  });

  it("refuses another dealer's case for every write with 404", async () => {
    const riverbendCase = MACHINE_1_CASES.riverbend;
    const file = multipart(await photo(100, 100, '#123456'), 'no.jpg', 'image/jpeg');
    expectError(await http.upload(riverbendCase, dana, file, key()), 404);
    expectError(
      await http.post(`/api/v1/cases/${riverbendCase}/feed`, dana, { body: 'hi' }, key()),
      404,
    );
    expectError(await http.post(`/api/v1/cases/${riverbendCase}/close`, dana, {}, key()), 404);
    expect((await filesOf(riverbendCase)).some((f) => f.name === 'no.jpg')).toBe(false);
    // A file of another case cannot be attached here.
    const mine = uploadedFileSchema.parse((await http.upload(OPEN_CASE, dana, file, key())).json());
    expectError(
      await http.post(
        `/api/v1/cases/${MACHINE_1_CASES.northfieldResolved}/feed`,
        dana,
        { fileIds: [mine.id] },
        key(),
      ),
      400,
    );
  });

  it('refuses bad input with 400, never a 500', async () => {
    const url = `/api/v1/cases/${OPEN_CASE}/feed`;
    for (const body of [
      {},
      { body: '   ' },
      { body: 5 },
      { body: 'x', fileIds: 'a' },
      { body: 'x', fileIds: ['bad id!'] },
      { body: 'x', close: 'yes' },
      { body: 'x'.repeat(32_001) },
      { fileIds: ['069999999999999999'] },
    ]) {
      expectError(await http.post(url, dana, body, key()), 400);
    }
    expectError(await http.post(url, dana, { body: 'x' }, 'bad key!'), 400);
    expectError(await http.post('/api/v1/cases/bad!/feed', dana, { body: 'x' }, key()), 400);
    // Not multipart, a part with another name, an empty file.
    expectError(
      await http.post(`/api/v1/cases/${OPEN_CASE}/files`, dana, { file: 'x' }, key()),
      400,
    );
    expectError(
      await http.upload(
        OPEN_CASE,
        dana,
        multipart(await photo(10, 10, '#000'), 'a.jpg', 'image/jpeg', 'other'),
        key(),
      ),
      400,
    );
    expectError(
      await http.upload(OPEN_CASE, dana, multipart(Buffer.alloc(0), 'a.jpg', 'image/jpeg'), key()),
      400,
    );
    expectError(await http.post(`/api/v1/cases/${OPEN_CASE}/close`, null, {}, key()), 401);
  });
});
