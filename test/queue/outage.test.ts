// The queue rides out the database going away: graphile-worker's complete and fail queries (which it does not
// await) are retried through a cut connection instead of rejecting unhandled, jobs locked by this process whose
// release was lost are swept, and heartbeats resume once the database is back. The database is cut off by a TCP
// proxy in front of the shared server, so nothing restarts it.
import pino from 'pino';
import type { Task } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../src/db/pool.js';
import { startQueueRunner } from '../../src/queue/runner.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

let db: TestDatabase;
let proxy: TcpProxy;
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase();
  const target = new URL(db.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  pool = createPool(proxy.viaProxy(db.url), 10);
});
afterAll(async () => {
  await pool?.end().catch(() => {});
  await proxy?.close();
  await db?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(cond: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('queue runner under a database outage', () => {
  it('completes and fails jobs across a 2 s cut without an unhandled rejection, and keeps heartbeating after', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const runs = new Map<number, number>();
    // Every tenth job fails its first attempt, so fail_job queries are in flight too.
    const work: Task = async (payload, helpers) => {
      const n = (payload as { n: number }).n;
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await sleep(150);
      if (n % 10 === 0 && helpers.job.attempts === 1) throw new Error('planned first-attempt failure');
    };
    const runner = await startQueueRunner({
      pool,
      logger: pino({ level: 'silent' }),
      concurrency: 4,
      leaseSeconds: 5,
      shutdownGraceMs: 1_000,
      pollIntervalMs: 200,
      taskList: { work },
    });
    try {
      await db.pool.query(
        "SELECT graphile_worker.add_job('work', json_build_object('n', n)) FROM generate_series(1, 40) n",
      );
      await until(async () => runs.size >= 8, 15_000, 'the first jobs to run');
      proxy.cut();
      await sleep(2_000);
      proxy.restore();
      const restoredAt = new Date();
      await until(
        async () => {
          const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM graphile_worker._private_jobs');
          return rows[0].n === 0;
        },
        25_000,
        'every job to complete',
      );
      await until(
        async () => {
          const { rows } = await db.pool.query('SELECT max(last_seen_at) AS at FROM queue_workers');
          return rows[0].at > restoredAt;
        },
        5_000,
        'a heartbeat after the outage',
      );
      expect(proxy.dropped()).toBeGreaterThan(0);
      expect(unhandled).toEqual([]);
      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await runner.stop();
    }
  }, 30_000);

  it("releases a job locked by this process's live pool that none of its workers runs (a lost complete/fail)", async () => {
    const ran: number[] = [];
    const work: Task = async (payload) => {
      ran.push((payload as { n: number }).n);
    };
    const runner = await startQueueRunner({
      pool,
      logger: pino({ level: 'silent' }),
      concurrency: 1,
      leaseSeconds: 5,
      shutdownGraceMs: 1_000,
      pollIntervalMs: 200,
      taskList: { work },
    });
    try {
      // As graphile leaves it when its complete query failed for good: locked by this live pool, running nowhere.
      const { rows } = await db.pool.query<{ id: string }>(
        "SELECT id FROM graphile_worker.add_job('work', json_build_object('n', 7), run_at => now() + interval '1 hour')",
      );
      const locked = await db.pool.query(
        `UPDATE graphile_worker._private_jobs SET locked_by = $1, locked_at = now() - interval '10 seconds', run_at = now()
         WHERE id = $2`,
        [runner.workerIds()[0], rows[0]!.id],
      );
      expect(locked.rowCount).toBe(1);
      await until(
        async () => {
          const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM graphile_worker._private_jobs');
          return rows[0].n === 0;
        },
        20_000,
        'the orphan to be released, run and completed',
      );
      expect(ran).toEqual([7]);
    } finally {
      await runner.stop();
    }
  }, 30_000);
});
