// Runs graphile-worker in this process with docex's crash recovery on top.
//
// graphile-worker wakes on LISTEN/NOTIFY (pickup in milliseconds) and retries failed tasks with exponential backoff,
// but a job locked by a worker that died (SIGKILL, OOM, lost machine) stays locked for 4 hours. So each process
// heartbeats its worker pool's id (the locked_by of its jobs) into queue_workers, and every process sweeps: jobs locked for longer than the lease by a
// worker whose heartbeat is older than the lease are unlocked (graphile_worker.force_unlock_workers) and picked up by
// a live worker. A live worker refreshes its heartbeat every lease/4, so its jobs are never taken, however long they
// run; a job retaken from a worker that was merely frozen cannot write twice (see jobs/state.ts).
import { EventEmitter } from 'node:events';
import os from 'node:os';
import { Logger as GraphileLogger, run, type Runner, type TaskList, type WorkerEvents } from 'graphile-worker';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';

export interface QueueRunnerOptions {
  pool: Pool;
  logger: Logger;
  taskList: TaskList;
  concurrency: number;
  /** A worker silent for this long is presumed dead and its jobs are handed to others. */
  leaseSeconds: number;
  /** On stop, how long in-flight jobs may run before they are aborted and released for a retry. */
  shutdownGraceMs: number;
  /** Polling for scheduled jobs (retries); new jobs arrive by NOTIFY at once. */
  pollIntervalMs?: number;
}

export interface QueueRunner {
  stop(): Promise<void>;
  workerIds(): string[];
}

function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { queue: scope, ...(meta ?? {}) };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else if (level === 'info') logger.debug(fields, message); // graphile's info lines are chatty
    else logger.trace(fields, message);
  });
}

export async function startQueueRunner(options: QueueRunnerOptions): Promise<QueueRunner> {
  const { pool, logger, leaseSeconds } = options;
  const ids = new Set<string>();
  const hostname = os.hostname();

  const heartbeat = async () => {
    if (ids.size === 0) return;
    await pool.query(
      `INSERT INTO queue_workers (worker_id, hostname, pid) SELECT unnest($1::text[]), $2, $3
       ON CONFLICT (worker_id) DO UPDATE SET last_seen_at = now()`,
      [[...ids], hostname, process.pid],
    );
  };

  const sweep = async () => {
    const { rows } = await pool.query<{ worker_ids: string[] | null }>(
      `WITH stale AS (
         SELECT DISTINCT j.locked_by FROM graphile_worker._private_jobs j
         WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - make_interval(secs => $1)
           AND NOT EXISTS (SELECT 1 FROM queue_workers w
                           WHERE w.worker_id = j.locked_by AND w.last_seen_at > now() - make_interval(secs => $1))
       )
       SELECT array_agg(locked_by) AS worker_ids FROM stale`,
      [leaseSeconds],
    );
    const dead = rows[0]?.worker_ids;
    if (dead && dead.length > 0) {
      await pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [dead]);
      logger.warn({ workerIds: dead, leaseSeconds }, 'released jobs of workers presumed dead');
    }
    // Forget workers gone for a day (their jobs were released long ago).
    await pool.query("DELETE FROM queue_workers WHERE last_seen_at < now() - interval '1 day'");
  };

  // graphile-worker 0.17 locks jobs with its pool's id (locked_by = 'pool-…'), and emits pool:create during run():
  // subscribe before starting, or the id is never heartbeated and live jobs look abandoned.
  const events = new EventEmitter() as WorkerEvents;
  events.on('pool:create', ({ workerPool }) => {
    ids.add(workerPool.id);
    heartbeat().catch((err) => logger.warn({ err }, 'queue heartbeat failed'));
  });
  events.on('pool:release', ({ workerPool }) => {
    ids.delete(workerPool.id);
    pool.query('DELETE FROM queue_workers WHERE worker_id = $1', [workerPool.id]).catch(() => {});
  });

  const runner: Runner = await run({
    events,
    pgPool: pool,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: options.pollIntervalMs ?? 1_000,
    taskList: options.taskList,
    logger: graphileLogger(logger),
    gracefulShutdownAbortTimeout: options.shutdownGraceMs,
  });
  if (ids.size === 0) throw new Error('graphile-worker started without announcing its pool id');

  const everyMs = Math.max(250, (leaseSeconds * 1000) / 4);
  const timers = [
    setInterval(() => heartbeat().catch((err) => logger.warn({ err }, 'queue heartbeat failed')), everyMs),
    // Jittered so that many processes do not sweep in lockstep.
    setInterval(() => sweep().catch((err) => logger.warn({ err }, 'queue sweep failed')), everyMs + Math.random() * 250),
  ];
  await heartbeat().catch(() => {});

  return {
    workerIds: () => [...ids],
    async stop() {
      for (const t of timers) clearInterval(t);
      const own = [...ids];
      // Graceful: stop taking jobs, let in-flight ones finish; after shutdownGraceMs their abort signal fires, and
      // graphile-worker fails them back to the queue (retried later by any worker). Nothing is left locked.
      await runner.stop();
      await pool.query('DELETE FROM queue_workers WHERE worker_id = ANY($1::text[])', [own]).catch(() => {});
      ids.clear();
    },
  };
}
