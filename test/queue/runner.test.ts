// The crash-recovery sweep must never take a job from a worker that is alive, however long the job runs.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQueueRunner, type QueueRunner } from '../../src/queue/runner.js';
import { createTestDatabase, type TestDatabase } from '../support/db.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('queue runner', () => {
  it('heartbeats its pool id, so a job longer than the lease runs once on a live worker', async () => {
    let starts = 0;
    let done = false;
    const task = async () => {
      starts++;
      await new Promise((r) => setTimeout(r, 8_000));
      done = true;
    };
    const options = {
      pool: db.pool,
      logger: pino({ level: 'silent' }),
      concurrency: 1,
      leaseSeconds: 5,
      shutdownGraceMs: 1_000,
      pollIntervalMs: 200,
      taskList: { slow: task },
    };
    const runners: QueueRunner[] = [await startQueueRunner(options), await startQueueRunner(options)];
    try {
      const { rows } = await db.pool.query<{ worker_id: string }>('SELECT worker_id FROM queue_workers');
      expect(rows.map((r) => r.worker_id).sort()).toEqual(runners.flatMap((r) => r.workerIds()).sort());
      await db.pool.query("SELECT graphile_worker.add_job('slow', '{}'::json)");
      const deadline = Date.now() + 20_000;
      while (!done && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 1_500)); // a wrongful second start would show up by now
      expect(done).toBe(true);
      expect(starts).toBe(1);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM queue_workers');
    expect(rows[0].n).toBe(0);
  }, 30_000);
});
