import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFileSchema } from '../../contract/cases';
import { MACHINE_1_CASES } from '../../gateway/seed/fixed-machines';
import { lanes, type TestGateway } from './harness';
import { type CasesClient, multipart, OPEN_TIMEOUT, openCasesGateway } from './cases-support';

const CASE_LIST = '/api/v1/cases';

describe.each(lanes)('compressed answers on $name', (lane) => {
  let gw: TestGateway;
  let dana: string;
  let http: CasesClient;

  beforeAll(async () => {
    ({ gw, http, dana } = await openCasesGateway(lane));
  }, OPEN_TIMEOUT);
  afterAll(async () => {
    await gw?.close();
  });

  it('sends a JSON answer over 1 KB as brotli, else gzip, decoding to the same JSON', async () => {
    const plain = await http.get(CASE_LIST, dana);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await http.get(CASE_LIST, dana, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await http.get(CASE_LIST, dana, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('answers a matching If-None-Match with 304 and no body, compressed or not', async () => {
    const first = await http.get(CASE_LIST, dana, { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?".+"$/);
    const plain = await http.get(CASE_LIST, dana);
    expect(plain.headers.etag).toBe(etag);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const again = await http.get(CASE_LIST, dana, {
        'accept-encoding': encoding,
        'if-none-match': etag,
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('sends a small answer and a JPEG as they are', async () => {
    const small = await http.get('/api/v1/health', null, { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const jpeg = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#aa3322' },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const res = await http.upload(
      MACHINE_1_CASES.northfieldOpen,
      dana,
      multipart(jpeg, 'pump.jpg', 'image/jpeg'),
      randomUUID(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const file = uploadedFileSchema.parse(res.json());
    const photo = await http.get(file.url, dana, { 'accept-encoding': 'br, gzip' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(photo.rawPayload, jpeg)).toBe(0);
  });
});
