import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFileSchema } from '../../contract/cases';
import { blankPng } from '../../gateway/seed/png';
import { THUMBNAIL_MAX_PIXELS } from '../../gateway/services/case-thumbnails';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { BUSY_MESSAGE } from '../../gateway/http/fair-use';
import { lanes, openGateway, type TestGateway } from './harness';
import {
  client,
  DANA,
  ELI,
  expectError,
  multipart,
  OPEN_TIMEOUT,
  type CasesClient,
} from './cases-support';
import { signIn } from './oidc-flow';

const OPEN_CASE = MACHINE_1_CASES.northfieldOpen;

describe.each(lanes)('uploads within the bound of expensive work on $name', (lane) => {
  let gw: TestGateway;
  let http: CasesClient;
  let dana: string;
  let eli: string;

  beforeAll(async () => {
    gw = await openGateway(lane, { EXPENSIVE_PER_USER: '2' });
    http = client(gw.app);
    [dana, eli] = await Promise.all([signIn(gw.app, DANA), signIn(gw.app, ELI)]);
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  /** Bodies being received, one folder each, in the data directory. */
  const receiving = () => readdirSync(join(gw.env.DATA_DIR!, 'uploads')).length;

  /** An upload whose body arrives only when `finish` is called, as from a slow connection. */
  function slowUpload(cookie: string) {
    const { payload, headers } = multipart(
      Buffer.from('%PDF-1.4\n%slow\n'),
      'slow.pdf',
      'application/pdf',
    );
    const body = new PassThrough();
    body.write(payload.subarray(0, 80));
    const answer = gw.app.inject({
      method: 'POST',
      url: `/api/v1/cases/${OPEN_CASE}/files`,
      headers: { cookie, 'idempotency-key': randomUUID(), ...headers },
      payload: body,
    });
    return { answer, finish: () => body.end(payload.subarray(80)) };
  }

  const pdf = (cookie: string, caseId = OPEN_CASE) =>
    http.upload(
      caseId,
      cookie,
      multipart(Buffer.from('%PDF-1.4\n%quick\n'), 'quick.pdf', 'application/pdf'),
      randomUUID(),
    );

  it('answers 429 with Retry-After to a user past the uploads in progress; others go on', async () => {
    const first = slowUpload(dana);
    const second = slowUpload(dana);
    await expect.poll(receiving, { timeout: 10_000 }).toBe(2);

    const refused = await pdf(dana);
    expectError(refused, 429, BUSY_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user's upload is not held up by dana's.
    expect((await pdf(eli, MACHINE_1_CASES.riverbend)).statusCode).toBe(201);

    first.finish();
    second.finish();
    for (const { answer } of [first, second]) {
      const res = await answer;
      expect(res.statusCode, res.body).toBe(201);
    }
    // The answer is sent before the received body is removed.
    await expect.poll(receiving).toBe(0);
    expect((await pdf(dana)).statusCode).toBe(201);
  });

  it('stores a picture over the pixel limit as a file, with no thumbnail, and says so', async () => {
    const side = Math.ceil(Math.sqrt(THUMBNAIL_MAX_PIXELS)) + 16;
    const png = blankPng(side, side);
    const res = await http.upload(
      OPEN_CASE,
      dana,
      multipart(png, 'huge.png', 'image/png'),
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const file = uploadedFileSchema.parse(res.json());
    expect(file).toMatchObject({
      contentType: 'image/png',
      isImage: false,
      thumbnailUrl: null,
      width: side,
      height: side,
    });
    // A picture within the limit still gets its thumbnail.
    const small = await http.upload(
      OPEN_CASE,
      dana,
      multipart(blankPng(64, 48), 'small.png', 'image/png'),
      randomUUID(),
    );
    expect(uploadedFileSchema.parse(small.json())).toMatchObject({ isImage: true, width: 64 });
    expect(uploadedFileSchema.parse(small.json()).thumbnailUrl).not.toBeNull();
  });
});
