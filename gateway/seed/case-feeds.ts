import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { FEED_CHANNEL, FEED_TITLE, FEED_TYPE, TEXT_UPDATE_NAME } from '../../contract/cases';
import { imageFacts } from '../services/case-thumbnails';
import type { Database } from '../db/schema';
import { DEMO_USERS } from './fixed';
import { MACHINE_1_CASES } from './fixed-machines';
import { demoFiles, type DemoFile } from './case-photos';
import { customerLines, photoLine, storyOf, supportLines } from './case-stories';
import { LONG_CASE_ID, LONG_CASE_IMAGES, LONG_CASE_ITEMS } from './cases';
import { insertJson } from './insert-json';
import type { CaseSeedRow } from './machine-rows';
import { rng } from './prng';

const FEED_SEED = 20261124;
const SUPPORT_NAME = 'Technical Support Center';
const MINUTE = 60_000;
/** The fixed thread's report, sent with the hydraulic pressure test PDF. */
const PRESSURE_TEST_LINE =
  'Pressure test report attached: relief pressure at the loader valve is within spec.';

const feedId = (n: number) => `a0F${String(n).padStart(15, '0')}`;
const fileId = (n: number) => `069${String(n).padStart(15, '0')}`;

interface FeedRows {
  items: Record<string, unknown>[];
  files: Record<string, unknown>[];
}

/**
 * Feeds over the demo cases (every case of the small set; one in eight of the large set, and
 * every case of the named dealers): text updates, photos and PDFs, the long case's 200 items
 * with 60 images, and a fixed thread on Northfield's open M7-172 case. Deterministic.
 */
export async function seedCaseFeeds(
  db: Kysely<Database>,
  cases: readonly CaseSeedRow[],
  everyCase: boolean,
): Promise<{ items: number; files: number }> {
  const r = rng(FEED_SEED);
  const { photos, pdfs } = await demoFiles();
  const blobs = await Promise.all(
    [...photos, ...pdfs].map(async (f) => ({
      file: f,
      sha256: createHash('sha256').update(f.bytes).digest('hex'),
      facts: f.contentType.startsWith('image/') ? await imageFacts(f.bytes) : null,
    })),
  );
  const blobOf = new Map(blobs.map((b) => [b.file, b]));
  const rows: FeedRows = { items: [], files: [] };
  let nItem = 1;
  let nFile = 1;
  const names = new Map(DEMO_USERS.map((u) => [u.contact.id, `${u.firstName} ${u.lastName}`]));
  const userOfContact = new Map(DEMO_USERS.map((u) => [u.contact.id, u.id]));

  const addItem = (
    c: CaseSeedRow,
    at: number,
    fromSupport: boolean,
    body: string,
    files: DemoFile[],
  ) => {
    const id = feedId(nItem++);
    const ids: string[] = [];
    for (const f of files) {
      const b = blobOf.get(f)!;
      const fid = fileId(nFile++);
      ids.push(fid);
      rows.files.push({
        id: fid,
        case_id: c.id,
        feed_item_id: id,
        name: f.name,
        content_type: f.contentType,
        extension: f.extension,
        size: f.bytes.length,
        sha256: b.sha256,
        width: b.facts?.width ?? null,
        height: b.facts?.height ?? null,
        uploaded_by: null,
        created_at: new Date(at).toISOString(),
      });
    }
    const contact = c.contact_id ?? null;
    rows.items.push({
      id,
      case_id: c.id,
      body,
      channel: FEED_CHANNEL,
      type: FEED_TYPE,
      title: FEED_TITLE,
      name: ids[0] ?? TEXT_UPDATE_NAME,
      author_id: fromSupport ? null : (userOfContact.get(contact ?? '') ?? null),
      author_name: fromSupport ? SUPPORT_NAME : (names.get(contact ?? '') ?? 'Dealer Technician'),
      created_at: new Date(at).toISOString(),
    });
  };

  for (const c of cases) {
    const created = Date.parse(c.created_at);
    const story = storyOf(c.subject);
    if (c.id === LONG_CASE_ID) {
      // 60 images over the first 60 customer updates, every third item from support.
      let images = 0;
      for (let i = 0; i < LONG_CASE_ITEMS; i++) {
        const support = i % 3 === 2;
        const photo =
          !support && images < LONG_CASE_IMAGES ? [photos[images % photos.length]!] : [];
        images += photo.length;
        const lines = support ? supportLines(story) : customerLines(story);
        const line = photo.length ? photoLine(story, 1) : lines[i % lines.length]!;
        addItem(c, created + i * 37 * MINUTE, support, `${line} (${i + 1})`, photo);
      }
      continue;
    }
    if (c.id === MACHINE_1_CASES.northfieldOpen) {
      addItem(c, created, false, c.description ?? c.subject, []);
      addItem(c, created + 90 * MINUTE, false, photoLine(story, 2), [photos[0]!, photos[3]!]);
      addItem(c, created + 26 * 60 * MINUTE, true, supportLines(story)[0]!, []);
      addItem(c, created + 30 * 60 * MINUTE, false, PRESSURE_TEST_LINE, [pdfs[1]!]);
      continue;
    }
    const named =
      c.account_id === DEMO_USERS[3]!.accountId || c.account_id === DEMO_USERS[4]!.accountId;
    if (!everyCase && !named && Number(c.case_number) % 8 !== 0) continue;
    addItem(c, created, false, c.description ?? c.subject, r.next() < 0.3 ? [r.pick(photos)] : []);
    let at = created;
    for (let i = r.int(0, 3); i > 0; i--) {
      at += r.int(30, 3 * 24 * 60) * MINUTE;
      const support = r.next() < 0.5;
      const files: DemoFile[] = [];
      if (!support && r.next() < 0.35) {
        for (let k = r.int(1, 3); k > 0; k--) files.push(r.pick(photos));
      }
      if (!support && r.next() < 0.12) files.push(r.pick(pdfs));
      const line = r.pick(support ? supportLines(story) : customerLines(story));
      const shown = files.filter((f) => f.contentType.startsWith('image/')).length;
      addItem(c, at, support, shown ? photoLine(story, shown) : line, files);
    }
  }

  await db
    .insertInto('case_blobs')
    .values(
      blobs.map((b) => ({
        sha256: b.sha256,
        bytes: b.file.bytes,
        thumbnail: b.facts?.thumbnail ?? null,
      })),
    )
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
  await insertJson(db, 'case_feed_items', rows.items);
  await insertJson(db, 'case_files', rows.files);
  for (const t of ['case_feed_items', 'case_files']) await sql`ANALYZE ${sql.table(t)}`.execute(db);
  // New cases continue the human numbers after the demo's.
  await sql`SELECT setval('case_number_seq', (SELECT max(case_number::bigint) FROM cases))`.execute(
    db,
  );
  return { items: rows.items.length, files: rows.files.length };
}
