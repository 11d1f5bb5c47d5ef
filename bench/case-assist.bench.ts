// Case assist (the wizard's knowledge suggestions) on the large knowledge set (50,000 service
// articles plus manuals and bulletins), PostgreSQL beside PGlite. Seeds the knowledge and the
// wizard's demo data on a fresh database of each, then times ~300 suggestions through the
// gateway's service (the query the route runs): subjects a technician types (the demo case
// subjects and 2-5 vocabulary words), a model of the catalogue for each, and a DTC value of
// that model for half of them.
// Goal (docs/product.md §9: 6 suggestions): p95 under 50 ms on PostgreSQL.
//   BENCH_PG_URL       server to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SUGGESTIONS  number of timed suggestions (default 300)
//   BENCH_SKIP         'pglite' or 'postgres' to run one side only
import type { Db } from '../gateway/db/connect';
import { migrateToLatest } from '../gateway/db/migrate';
import { seedKnowledge } from '../gateway/seed/knowledge';
import { MODELS } from '../gateway/reference/models';
import { CASE_SUBJECTS } from '../gateway/seed/machine-catalog';
import { rng } from '../gateway/seed/prng';
import { seedWizardData } from '../gateway/seed/wizard';
import { caseAssist } from '../gateway/services/case-assist';
import { syncKnowledgeConfig } from '../gateway/services/knowledge-config';
import { onBothDatabases, percentiles, type Percentiles } from './databases';
import { ms } from './support';

const suggestions = Number(process.env.BENCH_SUGGESTIONS ?? 300);

interface Result {
  name: string;
  seedMs: number;
  documents: number;
  all: Percentiles;
  withDtc: Percentiles & { n: number };
  withoutDtc: Percentiles & { n: number };
  /** Share of the queries answered with fewer than 6 suggestions. */
  fewer: number;
  meanResults: number;
}

async function measure(name: string, db: Db): Promise<Result> {
  await migrateToLatest(db.kysely);
  await syncKnowledgeConfig(db.kysely, null);
  const t0 = performance.now();
  const seeded = await seedKnowledge(db.kysely, 'large');
  await seedWizardData(db.kysely);
  const seedMs = performance.now() - t0;
  const vocabulary = (
    await db.kysely
      .selectFrom('knowledge_vocabulary')
      .select('word')
      .where('ndoc', '>=', 2)
      .orderBy('word')
      .execute()
  ).map((v) => v.word);
  const dtc = await db.kysely
    .selectFrom('model_dtc_codes')
    .select(['model_number', 'code'])
    .orderBy('model_number')
    .orderBy('code')
    .execute();
  const r = rng(23);
  const queries = Array.from({ length: suggestions }, (_, n) => {
    const model = r.pick(MODELS).model;
    const subject =
      n % 2 === 0
        ? r.pick(CASE_SUBJECTS)
        : Array.from({ length: r.int(2, 5) }, () => r.pick(vocabulary)).join(' ');
    const codes = dtc.filter((d) => d.model_number === model);
    const code = n % 4 < 2 && codes.length > 0 ? r.pick(codes).code : undefined;
    return { subject, model, dtc: code };
  });
  for (const q of queries.slice(0, 20)) await caseAssist(db.kysely, q);
  const all: number[] = [];
  const withDtc: number[] = [];
  const withoutDtc: number[] = [];
  let total = 0;
  let fewer = 0;
  for (const q of queries) {
    const t = performance.now();
    const answer = await caseAssist(db.kysely, q);
    const took = performance.now() - t;
    all.push(took);
    (q.dtc ? withDtc : withoutDtc).push(took);
    total += answer.results.length;
    if (answer.results.length < 6) fewer++;
  }
  return {
    name,
    seedMs,
    documents: seeded.documents,
    all: percentiles(all),
    withDtc: { ...percentiles(withDtc), n: withDtc.length },
    withoutDtc: { ...percentiles(withoutDtc), n: withoutDtc.length },
    fewer: fewer / queries.length,
    meanResults: total / queries.length,
  };
}

const results = await onBothDatabases(measure);

const row = (s: Percentiles) =>
  [s.p50, s.p95, s.p99, s.max].map((v) => `${v.toFixed(1)} ms`.padStart(9)).join(' ');
console.log(
  `case assist, ${suggestions} suggestions (subjects of 2-5 words, a model each, a DTC value for half)`,
);
console.log(
  'database     documents  seed (large)  path           p50       p95       p99       max',
);
for (const r of results) {
  if (typeof r === 'string') {
    console.log(r);
    continue;
  }
  const head = `${r.name.padEnd(12)} ${String(r.documents).padStart(9)}  ${ms(r.seedMs).padStart(12)}`;
  const pad = ' '.repeat(head.length);
  console.log(`${head}  all        ${row(r.all)}`);
  console.log(`${pad}  with DTC   ${row(r.withDtc)}  (${r.withDtc.n} queries)`);
  console.log(`${pad}  no DTC     ${row(r.withoutDtc)}  (${r.withoutDtc.n} queries)`);
  console.log(
    `${pad}  ${r.meanResults.toFixed(2)} suggestions on average; ${Math.round(r.fewer * 100)}% fewer than 6`,
  );
}
