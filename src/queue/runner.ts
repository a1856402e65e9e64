// Runs graphile-worker in this process with docex's crash recovery on top.
//
// graphile-worker wakes on LISTEN/NOTIFY (pickup in milliseconds) and retries failed tasks with exponential backoff,
// but a job locked by a worker that died (SIGKILL, OOM, lost machine) stays locked for 4 hours. So each process
// heartbeats its worker pool's id (the locked_by of its jobs) into queue_workers, and every process sweeps: jobs locked for longer than the lease by a
// worker whose heartbeat is older than the lease are unlocked (graphile_worker.force_unlock_workers) and picked up by
// a live worker. A live worker refreshes its heartbeat every lease/4, so its jobs are never taken, however long they
// run; a job retaken from a worker that was merely frozen cannot write twice (see jobs/state.ts).
//
// The sweep also releases this process's own orphans: jobs locked by one of its live pools for longer than the lease
// that none of its workers is running. graphile-worker leaves such a lock when a complete/fail query is lost for
// good, or when a get-job answer is lost with the connection after the row was locked; the heartbeat would otherwise
// keep them locked for ever. Tasks are idempotent (a finished job or message is skipped), so a rerun is harmless.
import { EventEmitter } from 'node:events';
import os from 'node:os';
import {
  Logger as GraphileLogger,
  run,
  type Job,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';
import { installQueueRetries, queuePool } from './graphile-retries.js';

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
  /**
   * Flags whose jobs this runner must not take now (graphile's forbiddenFlags, asked before each fetch). With it,
   * this runner's fetches run one at a time, so each answer already counts the job the previous fetch locked.
   */
  forbiddenFlags?: () => Promise<string[] | null>;
  /** Told when one of this runner's workers starts and finishes a job (e.g. per-organization counts). */
  onJobStart?: (job: Job) => void;
  onJobEnd?: (job: Job) => void;
}

export interface QueueRunner {
  stop(): Promise<void>;
  workerIds(): string[];
}

/** Pool ids of every queue runner alive in this process. */
const processPoolIds = new Set<string>();
const ownPoolIds = () => [...processPoolIds];

function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { queue: scope, ...(meta ?? {}) };
    // A job handed back for an outage or a shutdown (pipeline/task.ts RetryWithoutCharge) is expected, not an error.
    if (level === 'error' && !message.includes('RetryWithoutCharge')) logger.error(fields, message);
    else if (level === 'warning' || level === 'error') logger.warn(fields, message);
    else if (level === 'info')
      logger.debug(fields, message); // graphile's info lines are chatty
    else logger.trace(fields, message);
  });
}

export async function startQueueRunner(options: QueueRunnerOptions): Promise<QueueRunner> {
  const { pool, logger, leaseSeconds } = options;
  installQueueRetries();
  const ids = new Set<string>();
  /** Queue job ids this process is running right now (graphile's ids are bigint strings). */
  const running = new Set<string>();
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
    // Every runner of this process (processing, delivery) shares the registry, so none takes another's jobs.
    const { rows } = await pool.query<{ worker_ids: string[] | null }>(
      `WITH stale AS (
         SELECT DISTINCT j.locked_by FROM graphile_worker._private_jobs j
         WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - make_interval(secs => $1)
           -- This process's own pools are alive whatever their heartbeat says (its event loop may have stalled
           -- past the lease, delaying the heartbeat): their stale locks are the orphan sweep's business below.
           AND NOT (j.locked_by = ANY($2::text[]))
           AND NOT EXISTS (SELECT 1 FROM queue_workers w
                           WHERE w.worker_id = j.locked_by AND w.last_seen_at > now() - make_interval(secs => $1))
       )
       SELECT array_agg(locked_by) AS worker_ids FROM stale`,
      [leaseSeconds, ownPoolIds()],
    );
    const dead = rows[0]?.worker_ids;
    if (dead && dead.length > 0) {
      await pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [dead]);
      logger.warn({ workerIds: dead, leaseSeconds }, 'released jobs of workers presumed dead');
    }
    const orphans = await pool.query<{ id: string }>(
      `UPDATE graphile_worker._private_jobs SET locked_by = NULL, locked_at = NULL
       WHERE locked_by = ANY($1::text[]) AND locked_at < now() - make_interval(secs => $2)
         AND NOT (id = ANY($3::bigint[]))
       RETURNING id`,
      [[...ids], leaseSeconds, [...running]],
    );
    if (orphans.rows.length > 0) {
      logger.warn(
        { queueJobIds: orphans.rows.map((r) => r.id) },
        'released jobs locked by this process but not running in it',
      );
    }
    // Forget workers gone for a day (their jobs were released long ago).
    await pool.query("DELETE FROM queue_workers WHERE last_seen_at < now() - interval '1 day'");
  };

  // graphile-worker 0.17 locks jobs with its pool's id (locked_by = 'pool-…'), and emits pool:create during run():
  // subscribe before starting, or the id is never heartbeated and live jobs look abandoned.
  const events = new EventEmitter() as WorkerEvents;
  const forbiddenFlags = options.forbiddenFlags && serializedFetches(events, options.forbiddenFlags);
  events.on('pool:create', ({ workerPool }) => {
    ids.add(workerPool.id);
    processPoolIds.add(workerPool.id);
    heartbeat().catch((err) => logger.warn({ err }, 'queue heartbeat failed'));
  });
  events.on('job:start', ({ job }) => {
    running.add(String(job.id));
    options.onJobStart?.(job);
  });
  // Emitted once the task has settled and graphile has started (not finished) its complete/fail query.
  events.on('job:complete', ({ job }) => {
    running.delete(String(job.id));
    options.onJobEnd?.(job);
  });
  events.on('pool:release', ({ workerPool }) => {
    ids.delete(workerPool.id);
    processPoolIds.delete(workerPool.id);
    pool.query('DELETE FROM queue_workers WHERE worker_id = $1', [workerPool.id]).catch(() => {});
  });

  const runner: Runner = await run({
    events,
    pgPool: queuePool(pool),
    concurrency: options.concurrency,
    ...(forbiddenFlags ? { forbiddenFlags } : {}),
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
    setInterval(
      () => sweep().catch((err) => logger.warn({ err }, 'queue sweep failed')),
      everyMs + Math.random() * 250,
    ),
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
      for (const id of own) processPoolIds.delete(id);
      ids.clear();
    },
  };
}

/** Longest a fetch may hold the fetch turn (a safety net: the turn is normally passed on within milliseconds). */
const FETCH_TURN_TIMEOUT_MS = 10_000;

/**
 * Wraps a forbiddenFlags function so that one worker of this runner at a time goes from asking it to having fetched:
 * the turn passes on when graphile reports the fetch's end (a job started, nothing found, or an error; a throw of
 * forbiddenFlags itself is reported as a fetch error). Otherwise two workers asking at once would both be told an
 * organization is under its cap and both take one of its jobs.
 */
function serializedFetches(events: WorkerEvents, ask: () => Promise<string[] | null>): () => Promise<string[] | null> {
  let turn: Promise<void> = Promise.resolve();
  let passTurn: (() => void) | null = null;
  const fetchEnded = () => {
    const pass = passTurn;
    passTurn = null;
    pass?.();
  };
  events.on('job:start', fetchEnded);
  events.on('worker:getJob:empty', fetchEnded);
  events.on('worker:getJob:error', fetchEnded);
  return async () => {
    const previous = turn;
    let pass!: () => void;
    turn = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FETCH_TURN_TIMEOUT_MS);
      timer.unref();
      pass = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    await previous;
    passTurn = pass;
    return ask();
  };
}
