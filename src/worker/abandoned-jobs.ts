// An end for every job: a document whose processing killed its worker on every attempt (a poison document under a
// memory limit, a crash in a native library) would otherwise stay `extracting` for ever, because the queue stops
// retrying it and no attempt lives to record an outcome. This sweep ends such jobs with `error` / `worker_crashed`
// and queues their webhook, in one transaction with the removal of the spent queue entry.
import type { Logger } from 'pino';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.js';
import { endAbandonedJob } from '../jobs/state.js';
import type { DocumentJob } from '../jobs/types.js';
import { nextDelay, type RetrySchedule } from '../delivery/schedule.js';
import { loadMessage, scheduleAttempt } from '../delivery/store.js';
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
      deps.logger.error(
        { jobId, attempts: entry.attempts, lastError: entry.lastError },
        'job ended: its worker died on every attempt',
      );
    }
  }
  return ended;
}

export interface AbandonedDeliveriesDeps {
  pool: Pool;
  logger: Logger;
  schedule: RetrySchedule;
}

/**
 * A delivery's queue entry is spent when the process sending it died 5 times, typically killed by something else it
 * ran (a poison document taking the process's memory). Not the receiver's doing: the message, still pending, gets a
 * new entry at its next scheduled delay. Attempts are counted before sending (delivery/store.ts beginAttempt), so a
 * message whose schedule is used up is left as it is rather than retried for ever. Returns how many were resumed.
 */
export async function resumeAbandonedDeliveries(deps: AbandonedDeliveriesDeps): Promise<number> {
  const entries = await findExhausted(deps.pool, TASK.deliverWebhook);
  let resumed = 0;
  for (const entry of entries) {
    const messageId = typeof entry.payload.messageId === 'string' ? entry.payload.messageId : null;
    const outcome = await withTransaction(deps.pool, async (tx) => {
      await removeExhausted(tx, entry.queueJobId);
      const message = messageId ? await loadMessage(tx, messageId) : null;
      if (!message || message.status !== 'pending') return 'finished' as const;
      const delayMs = nextDelay(message.attempts + 1, deps.schedule);
      if (delayMs === null) return 'schedule used up' as const;
      await scheduleAttempt(tx, message.id, delayMs);
      return 'resumed' as const;
    });
    if (outcome === 'resumed') resumed++;
    if (outcome !== 'finished') {
      deps.logger.warn(
        { messageId, queueAttempts: entry.attempts, lastError: entry.lastError, outcome },
        'delivery whose worker died on every try',
      );
    }
  }
  return resumed;
}
