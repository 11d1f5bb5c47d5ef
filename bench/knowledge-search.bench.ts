// Knowledge search on the large knowledge set (50,000 service articles plus the manuals,
// campaign bulletins and fixed articles), PostgreSQL beside PGlite. Seeds a fresh database on
// each (a new database on the local PostgreSQL server, a temp dir for PGlite) with the
// knowledge data only, prints the seed time, then times ~500 searches of one to three words
// drawn from the documents' vocabulary through the gateway's search service (the queries the
// route runs), and ~200 misspelt queries that take the trigram fallback.
// Goal (docs/architecture.md "Performance targets"): search p95 under 50 ms on PostgreSQL.
//   BENCH_PG_URL    server to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_SEARCHES  number of timed searches (default 500)
//   BENCH_SKIP      'pglite' or 'postgres' to run one side only
import type { Db } from '../gateway/db/connect';
import { migrateToLatest } from '../gateway/db/migrate';
import { seedKnowledge } from '../gateway/seed/knowledge';
import { rng } from '../gateway/seed/prng';
import { syncKnowledgeConfig } from '../gateway/services/knowledge-config';
import { searchKnowledge } from '../gateway/services/knowledge-search';
import { onBothDatabases, percentiles, type Percentiles } from './databases';
import { ms } from './support';

const searches = Number(process.env.BENCH_SEARCHES ?? 500);
const misspelt = Math.max(50, Math.round(searches / 2.5));
/** A query with this many hits or more is "broad": every hit is counted and ranked. */
const BROAD = 1000;

interface Result {
  name: string;
  seedMs: number;
  documents: number;
  words: number;
  ranked: Stats;
  /** Queries with fewer than 1,000 hits, and the others (counting and ranking them all). */
  narrow: Stats & { n: number };
  broad: Stats & { n: number };
  fallback: Stats;
  fuzzyShare: number;
}
type Stats = Percentiles;

/** Drops or doubles one inner letter: "hydraulic" -> "hydrulic" (a typo the fallback fixes). */
function misspell(word: string, n: number): string {
  const i = 1 + (n % (word.length - 2));
  return n % 2 ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i) + word[i] + word.slice(i);
}

async function measure(name: string, db: Db): Promise<Result> {
  await migrateToLatest(db.kysely);
  await syncKnowledgeConfig(db.kysely, null);
  let t = performance.now();
  const seeded = await seedKnowledge(db.kysely, 'large');
  const seedMs = performance.now() - t;
  // The same queries on both databases: a fixed PRNG over the (deterministic) vocabulary.
  const vocabulary = await db.kysely
    .selectFrom('knowledge_vocabulary')
    .select('word')
    .where('ndoc', '>=', 2)
    .orderBy('word')
    .execute();
  const words = vocabulary.map((v) => v.word);
  const r = rng(11);
  const queries = Array.from({ length: searches }, () =>
    Array.from({ length: r.int(1, 3) }, () => r.pick(words)).join(' '),
  );
  const long = words.filter((w) => w.length >= 6);
  const typos = Array.from({ length: misspelt }, (_, n) => misspell(r.pick(long), n));
  for (const q of queries.slice(0, 30)) await searchKnowledge(db.kysely, { q, page: 1 });
  const ranked: number[] = [];
  const narrow: number[] = [];
  const broad: number[] = [];
  for (const [n, q] of queries.entries()) {
    t = performance.now();
    const answer = await searchKnowledge(db.kysely, { q, page: 1 + (n % 3) });
    const took = performance.now() - t;
    ranked.push(took);
    (answer.totalCount < BROAD ? narrow : broad).push(took);
  }
  const fallback: number[] = [];
  let fuzzy = 0;
  for (const q of typos) {
    t = performance.now();
    const answer = await searchKnowledge(db.kysely, { q, page: 1 });
    fallback.push(performance.now() - t);
    if (answer.fuzzy) fuzzy++;
  }
  return {
    name,
    seedMs,
    documents: seeded.documents,
    words: seeded.words,
    ranked: percentiles(ranked),
    narrow: { ...percentiles(narrow), n: narrow.length },
    broad: { ...percentiles(broad), n: broad.length },
    fallback: percentiles(fallback),
    fuzzyShare: fuzzy / typos.length,
  };
}

const results = await onBothDatabases(measure);

const row = (s: Stats) =>
  [s.p50, s.p95, s.p99, s.max].map((v) => `${v.toFixed(1)} ms`.padStart(9)).join(' ');
console.log(
  `knowledge search, ${searches} queries of 1-3 vocabulary words (pages 1-3) and ${misspelt} misspelt words`,
);
console.log(
  'database     documents  words  seed (large)  path       p50       p95       p99       max',
);
for (const r of results) {
  if (typeof r === 'string') {
    console.log(r);
    continue;
  }
  const head = `${r.name.padEnd(12)} ${String(r.documents).padStart(9)} ${String(r.words).padStart(6)}  ${ms(r.seedMs).padStart(12)}`;
  const pad = ' '.repeat(head.length);
  console.log(`${head}  ranked  ${row(r.ranked)}`);
  console.log(`${pad}  <1k hits${row(r.narrow)}  (${r.narrow.n} queries)`);
  console.log(`${pad}  >=1k    ${row(r.broad)}  (${r.broad.n} queries)`);
  console.log(`${pad}  fallback${row(r.fallback)}  (${Math.round(r.fuzzyShare * 100)}% corrected)`);
}
