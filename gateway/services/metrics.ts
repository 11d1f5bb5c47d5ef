import { sql, type Kysely } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import { poolOf } from '../db/connect';
import type { Database } from '../db/schema';
import { PUSH_QUEUE } from './push';

/**
 * The figures of one gateway's database read when Prometheus scrapes (gateway/routes/metrics.ts):
 * its connection pool and the push queue's depth. Counters kept as things happen are in
 * gateway/http/metrics.ts.
 */
export function scrapeTimeMetrics(db: Kysely<Database>): Registry {
  const registry = new Registry();
  const pool = poolOf(db);
  new Gauge({
    name: 'torque_db_pool_connections',
    help: 'Database pool connections: open (total), idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'torque_push_queue_jobs',
    help: 'Pushes in the pg-boss queue: waiting to be sent (new or to retry) and being sent',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      // pg-boss's own count of a queue's size: the states before 'active'.
      const { rows } = await sql<{ waiting: string; active: string }>`
        SELECT count(*) FILTER (WHERE state < 'active') AS waiting,
               count(*) FILTER (WHERE state = 'active') AS active
          FROM pgboss.job WHERE name = ${PUSH_QUEUE}`.execute(db);
      this.set({ state: 'waiting' }, Number(rows[0]?.waiting ?? 0));
      this.set({ state: 'active' }, Number(rows[0]?.active ?? 0));
    },
  });
  return registry;
}
