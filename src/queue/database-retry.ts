// Waiting out a database that is restarting or unreachable, for the few writes that must not be lost with the
// connection: a job's final result, and giving back a queue attempt that an outage (not the job) used up.
import { isDatabaseUnavailable } from '../jobs/database-errors.js';
import type { Queryable } from '../db/pool.js';

export interface DatabaseRetryOptions {
  /** Stop waiting (and rethrow the last error) when this aborts, e.g. at shutdown. */
  signal?: AbortSignal;
  /** Give up after this long; the caller's own fallback (the queue's retry, the sweeps) takes over. */
  maxWaitMs?: number;
  /** Called before each wait, with the error that caused it. */
  onRetry?: (err: unknown, attempt: number, delayMs: number) => void;
}

export const DEFAULT_MAX_WAIT_MS = 10 * 60_000;
const MIN_DELAY_MS = 200;
const MAX_DELAY_MS = 5_000;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Runs fn; while it fails because the database is unavailable (isDatabaseUnavailable), waits with capped exponential
 * backoff and runs it again. Any other error, an abort or the time limit rethrows. fn must be safe to repeat: a
 * COMMIT whose answer was lost may have happened (docex's final writes are conditional, so a repeat is a no-op).
 */
export async function retryWhileDatabaseUnavailable<T>(
  fn: () => Promise<T>,
  options: DatabaseRetryOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || options.signal?.aborted || Date.now() >= deadline) throw err;
      const delayMs = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 1.5 ** (attempt - 1)) * (0.75 + Math.random() / 2);
      options.onRetry?.(err, attempt, Math.round(delayMs));
      await sleep(Math.min(delayMs, Math.max(0, deadline - Date.now())), options.signal);
    }
  }
}

/**
 * Gives back the attempt the queue charged for this run (graphile counts an attempt when it locks a job): the run
 * ended for a reason that is not the job's (the database went away, the process is shutting down), so it must not
 * bring the job closer to "failed for good". Only while this run still holds the lock.
 */
export async function refundQueueAttempt(db: Queryable, queueJobId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE graphile_worker._private_jobs SET attempts = attempts - 1
     WHERE id = $1::bigint AND locked_at IS NOT NULL AND attempts > 0`,
    [queueJobId],
  );
  return rowCount === 1;
}
