// The process_document queue task: claim the job, run the pipeline, record the outcome.
//
// Retries: a transient failure (a 503 or a timeout from the document host, a connection reset) is thrown back to the
// queue, which retries with exponential backoff (graphile-worker: ~e^attempt seconds) up to PROCESS_MAX_ATTEMPTS; the
// job keeps its working status meanwhile. A permanent failure (a 404, a corrupt PDF), or a transient one on the last
// attempt, is recorded at once as status `error` with its stage, code and detail.
//
// The database is not the document: when it is restarting or unreachable (isDatabaseOutage), the final write
// waits for it to answer (retryWhileDatabaseUnavailable), and anything else that needed it gives the job back to the
// queue with its attempt refunded, however late in its attempts it is. So an outage never records `error` and never
// sends a failure webhook. The same holds for a shutdown (the abort signal): not the job's fault, attempt refunded.
// A job whose attempts all ended with its worker dead is ended by the worker's sweep (worker/abandoned-jobs.ts).
import type { Task } from 'graphile-worker';
import type { Logger } from 'pino';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.js';
import { advanceJob, claimJob, completeJob, failJob } from '../jobs/state.js';
import type { DocumentJob } from '../jobs/types.js';
import { refundQueueAttempt, retryWhileDatabaseUnavailable } from '../queue/database-retry.js';
import type { TaskPayloads } from '../queue/tasks.js';
import { isDatabaseOutage, PipelineError } from './errors.js';
import { processJob, type Processed, type Stages } from './process.js';

export interface ProcessTaskDeps {
  pool: Pool;
  logger: Logger;
  /** Builds the stages for one job (download, read, extract, archive), bound to its logger and abort signal. */
  stagesFor(job: DocumentJob, log: Logger, signal: AbortSignal): Omit<Stages, 'advance' | 'log'>;
  /** Runs in the transaction that finishes a job (processed or error): queues its webhook delivery. */
  onFinished(tx: PoolClient, job: DocumentJob): Promise<void>;
  /** Called once per finished job (stage timings are taken in the stages themselves, see worker/stages.ts). */
  observe?: { finished(status: 'processed' | 'error'): void };
}

function classify(err: unknown): PipelineError {
  if (err instanceof PipelineError) return err;
  return new PipelineError(
    'extraction',
    'internal_error',
    'An unexpected error stopped the processing of this document.',
    {},
    false,
    { cause: err },
  );
}

/** Thrown back to the queue for a retry that does not count against the job (attempt refunded). */
export class RetryWithoutCharge extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.name = 'RetryWithoutCharge';
  }
}

export function createProcessTask(deps: ProcessTaskDeps): Task {
  return async (payload, helpers) => {
    const { jobId } = payload as TaskPayloads['process_document'];
    const attempt = helpers.job.attempts;
    const log = deps.logger.child({ jobId, attempt });
    const signal = helpers.abortSignal;
    const giveBack = async (reason: string, err: unknown): Promise<never> => {
      // The refund needs the database too: wait for it (bounded), then let the queue retry the job.
      await retryWhileDatabaseUnavailable(() => refundQueueAttempt(deps.pool, helpers.job.id), { signal }).catch(
        (refundErr: unknown) => log.warn({ err: refundErr }, 'could not refund the queue attempt'),
      );
      log.warn({ err, reason }, 'job handed back to the queue; its attempt does not count');
      throw new RetryWithoutCharge(reason, { cause: err });
    };
    try {
      await runAttempt(deps, jobId, attempt, helpers.job.max_attempts, signal, log);
    } catch (err) {
      if (signal.aborted) return giveBack('shutdown', err);
      if (isDatabaseOutage(err)) return giveBack('database unavailable', err);
      throw err;
    }
  };
}

async function runAttempt(
  deps: ProcessTaskDeps,
  jobId: string,
  attempt: number,
  maxAttempts: number,
  signal: AbortSignal,
  log: Logger,
): Promise<void> {
  const claim = await claimJob(deps.pool, jobId);
  if (!claim) {
    log.info('job already finished (or gone); nothing to do');
    return;
  }
  const started = performance.now();
  const { job, token } = claim;
  log.info({ mode: job.mode, typeId: job.typeId }, 'processing started');
  const stages: Stages = {
    ...deps.stagesFor(job, log, signal),
    log,
    advance: async (status) => {
      if (!(await advanceJob(deps.pool, jobId, token, status))) throw new Error('lost the claim on this job');
    },
  };
  // The result of minutes of work is not dropped because the database is restarting: wait for it.
  const finalWrite = <T>(fn: () => Promise<T>) =>
    retryWhileDatabaseUnavailable(fn, {
      signal,
      onRetry: (err, n) => log.warn({ err, retry: n }, 'database unavailable; retrying the final write'),
    });

  let result: Processed;
  try {
    result = await processJob(job, stages);
  } catch (err) {
    // Shutdown or a database outage: not the document's fault (see createProcessTask).
    if (signal.aborted || isDatabaseOutage(err)) throw err;
    const failure = classify(err);
    const lastAttempt = attempt >= maxAttempts;
    if (failure.transient && !lastAttempt) {
      log.warn({ err, code: failure.code, detail: failure.detail }, 'transient failure; the queue will retry');
      throw err;
    }
    if (failure.code === 'internal_error') log.error({ err }, 'job failed unexpectedly');
    else log.info({ stage: failure.stage, code: failure.code, detail: failure.detail }, 'job failed');
    const extractionTimeMs = Math.round(performance.now() - started);
    await finalWrite(() =>
      withTransaction(deps.pool, async (tx) => {
        const done = await failJob(tx, jobId, token, {
          message: failure.message,
          stage: failure.stage,
          code: failure.code,
          detail: { ...failure.detail, attempts: attempt },
          extractionTimeMs,
        });
        if (done) await deps.onFinished(tx, done);
      }),
    );
    deps.observe?.finished('error');
    return;
  }
  const extractionTimeMs = Math.round(performance.now() - started);
  const finished = await finalWrite(() =>
    withTransaction(deps.pool, async (tx) => {
      const done = await completeJob(tx, jobId, token, { ...result, extractionTimeMs });
      if (done) await deps.onFinished(tx, done);
      return done;
    }),
  );
  if (!finished)
    log.warn('another attempt owns this job now (or an earlier try of this write committed); result not written again');
  else {
    deps.observe?.finished('processed');
    log.info({ extractionTimeMs }, 'job processed');
  }
}
