import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, openGateway, type TestGateway } from './harness';

/**
 * Words that name one fault and no other. A case's description and feed may only name the
 * faults its subject names: a loader valve leak described as a vibrating mower deck fails.
 */
const FAULTS: Record<string, RegExp> = {
  hydraulic: /\bhydraulic/i,
  'loader valve': /\bloader valve|\bspool\b/i,
  mower: /\bmower|\bdeck\b|\bspindle/i,
  regeneration: /regenerat|\bdpf\b|\bsoot\b/i,
  def: /\bdef\b|\burea\b/i,
  starting: /no-start|\bcrank|\bstarter\b/i,
  hst: /\bhst\b|hydrostat/i,
  display: /\bdisplay\b|\bcan bus\b/i,
  pto: /\bpto\b/i,
  tracks: /\btracks?\b|undercarriage|\bidler\b/i,
  heater: /\bheater\b/i,
  'air conditioning': /air conditioning|\ba\/c\b/i,
  fuel: /\bfuel (gauge|level|sender)/i,
  coolant: /\bcoolant\b|\bradiator\b/i,
  'warning light': /warning light/i,
  paint: /\bpaint/i,
  telematics: /telematics/i,
  chafing: /\bchaf/i,
  theft: /\bstolen\b|\btheft\b/i,
  'pre-delivery': /pre-delivery/i,
  swing: /\bswing\b|\bslew/i,
  axle: /\baxle\b/i,
};

const faultsOf = (text: string) =>
  Object.entries(FAULTS)
    .filter(([, words]) => words.test(text))
    .map(([name]) => name);

/** "Attached a photo", "photos attached", "2 photos": the number said, or 1. */
const PHOTO = /\bphotos?\b|\bpictures?\b/i;
const photosSaid = (text: string) => {
  const n = /\b(\d+) photos\b/i.exec(text);
  return n ? Number(n[1]) : /\bphotos\b/i.test(text) ? 2 : 1;
};

describe.each(lanes)('demo cases tell one story each on $name', (lane) => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await openGateway(lane);
  }, 120_000);
  afterAll(async () => {
    await gw?.close();
  });
  const db = () => gw.started.db.kysely;

  it('a case describes the fault its subject names, and its feed speaks of no other', async () => {
    const cases = await db()
      .selectFrom('cases')
      .select(['id', 'case_number', 'subject', 'description', 'symptom', 'causal_part_name'])
      .execute();
    const items = await db().selectFrom('case_feed_items').select(['case_id', 'body']).execute();
    const bodies = new Map<string, string[]>();
    for (const i of items) bodies.set(i.case_id, [...(bodies.get(i.case_id) ?? []), i.body ?? '']);
    expect(cases.length).toBeGreaterThan(100);
    expect(items.length).toBeGreaterThan(cases.length);

    const wrong: string[] = [];
    for (const c of cases) {
      const named = new Set(faultsOf(c.subject));
      const told = [c.description ?? '', c.symptom ?? '', c.causal_part_name ?? ''];
      for (const text of [...told, ...(bodies.get(c.id) ?? [])]) {
        const stranger = faultsOf(text).filter((f) => !named.has(f));
        if (stranger.length)
          wrong.push(`${c.case_number} "${c.subject}": ${stranger} in "${text}"`);
      }
      // A subject naming a fault is described by it, not by generic words alone.
      const description = faultsOf(c.description ?? '');
      if (named.size && !description.some((f) => named.has(f))) {
        wrong.push(`${c.case_number} "${c.subject}": described as "${c.description}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every feed entry that speaks of a photo carries that many real images', async () => {
    const items = await db()
      .selectFrom('case_feed_items as i')
      .innerJoin('cases as c', 'c.id', 'i.case_id')
      .select(['i.id', 'i.body', 'c.case_number'])
      .execute();
    const files = await db()
      .selectFrom('case_files as f')
      .innerJoin('case_blobs as b', 'b.sha256', 'f.sha256')
      .select(['f.feed_item_id', 'f.content_type', 'f.width', 'b.bytes'])
      .where('f.content_type', 'like', 'image/%')
      .execute();
    const imagesOf = new Map<string, typeof files>();
    for (const f of files) {
      if (f.feed_item_id)
        imagesOf.set(f.feed_item_id, [...(imagesOf.get(f.feed_item_id) ?? []), f]);
    }
    const speaking = items.filter((i) => PHOTO.test(i.body ?? ''));
    expect(speaking.length).toBeGreaterThan(10);

    const wrong: string[] = [];
    for (const i of speaking) {
      const images = imagesOf.get(i.id) ?? [];
      if (images.length < photosSaid(i.body ?? '')) {
        wrong.push(`${i.case_number} "${i.body}": ${images.length} images`);
      }
    }
    expect(wrong).toEqual([]);
    // The images are real pictures of the size they are stored with.
    for (const f of files.slice(0, 20)) {
      const meta = await sharp(Buffer.from(f.bytes)).metadata();
      expect(meta.width).toBe(f.width);
      expect(meta.format).toBe(f.content_type === 'image/png' ? 'png' : 'jpeg');
    }
  });
});
