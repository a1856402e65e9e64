// An end for every job: a document whose processing killed its worker on every attempt (a poison document under a
// memory limit, a crash in a native library) would otherwise stay `extracting` for ever, because the queue stops
// retrying it and no attempt lives to record an outcome. This sweep ends such jobs with `error` / `worker_crashed`
// and queues their webhook, in one transaction with the removal of the spent queue entry.
import type { Logger } from 'pino';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.js';
import { endAbandonedJob } from '../jobs/state.js';
import type { DocumentJob } from '../jobs/types.js';
import { findExhausted, removeExhausted } from '../queue/exhausted.js';
import { TASK } from '../queue/tasks.js';

export interface AbandonedJobsDeps {
  pool: Pool;
  logger: Logger;
  /** Runs in the transaction that ends the job: queues its webhook delivery. */
  onFinished(tx: PoolClient, job: DocumentJob): Promise<void>;
  observe?: { finished(status: 'error'): void };
}

/** Ends every abandoned job found now; returns how many jobs it ended. */
export async function endAbandonedJobs(deps: AbandonedJobsDeps): Promise<number> {
  const entries = await findExhausted(deps.pool, TASK.processDocument);
  let ended = 0;
  for (const entry of entries) {
    const jobId = typeof entry.payload.jobId === 'string' ? entry.payload.jobId : null;
    const done = await withTransaction(deps.pool, async (tx) => {
      await removeExhausted(tx, entry.queueJobId);
      if (!jobId) return null;
      const job = await endAbandonedJob(tx, jobId, {
        message: `Processing this document stopped without a result ${entry.attempts} times (the worker process died, for example killed for using too much memory); it was given up.`,
        stage: 'extraction',
        code: 'worker_crashed',
        detail: { attempts: entry.attempts, lastError: entry.lastError },
      });
      if (job) await deps.onFinished(tx, job);
      return job;
    });
    if (done) {
      ended++;
      deps.observe?.finished('error');
      deps.logger.error({ jobId, attempts: entry.attempts, lastError: entry.lastError }, 'job ended: its worker died on every attempt');
    }
  }
  return ended;
}
