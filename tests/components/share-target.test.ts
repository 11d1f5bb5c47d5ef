// @vitest-environment node
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { TorqueDb } from '../../src/db/db';
import { SHARED_FILES_MAX, keptSharedFiles } from '../../src/domain/shared-files';
import { keepShare, receiveShare, shareOf, takeShare } from '../../src/sync/shared-files';

/*
 * The share target's POST as the phone sends it (multipart, files in the part "files") to
 * the handler the service worker answers it with: the photos, sounds and videos are kept on
 * the device, the rest left out, and the app is sent to the share screen.
 */

const name = 'torque-share-test';
afterEach(() => Dexie.delete(name));

const file = (bytes: string, fileName: string, type: string) =>
  new File([bytes], fileName, { type });

function sharePost(parts: [string, string | File][]): Request {
  const form = new FormData();
  for (const [key, value] of parts) form.append(key, value);
  return new Request('https://torque.example/share-target', { method: 'POST', body: form });
}

describe('sharing into Torque', () => {
  it('keeps photos, sounds and videos in the order shared and sends the app to the share screen', async () => {
    const db = new TorqueDb(name);
    const res = await receiveShare(
      sharePost([
        ['title', 'From the gallery'],
        ['files', file('jpeg-bytes', 'leak.jpg', 'image/jpeg')],
        ['files', file('pdf-bytes', 'manual.pdf', 'application/pdf')],
        ['files', file('opus-bytes', 'noise.webm', 'audio/webm')],
        ['files', file('', 'empty.jpg', 'image/jpeg')],
        ['files', file('heic-bytes', 'IMG_0001.HEIC', '')],
        ['files', file('mp4-bytes', 'clip.mp4', 'video/mp4')],
      ]),
      db,
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe('https://torque.example');
    expect(location.pathname).toBe('/share');
    const id = location.searchParams.get('id')!;
    const kept = await shareOf(id, db);
    expect(kept?.files.map((f) => [f.name, f.type])).toEqual([
      ['leak.jpg', 'image/jpeg'],
      ['noise.webm', 'audio/webm'],
      ['IMG_0001.HEIC', 'image/heic'],
      ['clip.mp4', 'video/mp4'],
    ]);
    expect(await kept!.files[1]!.blob.text()).toBe('opus-bytes');
    db.close();
  });

  it('with nothing a case takes, keeps nothing and says so on the share screen', async () => {
    const db = new TorqueDb(name);
    const res = await receiveShare(
      sharePost([
        ['text', 'https://example.com/a-link'],
        ['files', file('pdf', 'manual.pdf', 'application/pdf')],
      ]),
      db,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://torque.example/share?none=1');
    expect(await db.sharedFiles.count()).toBe(0);
    // Not a form at all: the same answer, no error.
    const bare = new Request('https://torque.example/share-target', { method: 'POST', body: 'x' });
    expect((await receiveShare(bare, db)).headers.get('location')).toMatch(/\/share\?none=1$/);
    db.close();
  });

  it('takes a share once, and drops shares nobody took after a day', async () => {
    const db = new TorqueDb(name);
    const day = 24 * 60 * 60 * 1000;
    const old = await keepShare(
      [{ name: 'a.jpg', type: 'image/jpeg', blob: new Blob(['a']) }],
      db,
      1_000,
    );
    const fresh = await keepShare(
      [{ name: 'b.jpg', type: 'image/jpeg', blob: new Blob(['b']) }],
      db,
      1_000 + day + 1,
    );
    expect(await shareOf(old, db)).toBeUndefined();
    expect((await takeShare(fresh, db)).map((f) => f.name)).toEqual(['b.jpg']);
    expect(await takeShare(fresh, db)).toEqual([]);
    db.close();
  });

  it('keeps at most as many files as one update may name', () => {
    const many = Array.from({ length: SHARED_FILES_MAX + 5 }, (_, i) =>
      file('x', `p${i}.jpg`, 'image/jpeg'),
    );
    expect(keptSharedFiles(many)).toHaveLength(SHARED_FILES_MAX);
    expect(keptSharedFiles(['text', 42, null])).toEqual([]);
  });
});
