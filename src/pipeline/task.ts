// The process_document queue task: claim the job, run the pipeline, record the outcome.
//
// Retries: a transient failure (a 503 or a timeout from the document host, a connection reset) is thrown back to the
// queue, which retries with exponential backoff (graphile-worker: ~e^attempt seconds) up to PROCESS_MAX_ATTEMPTS; the
// job keeps its working status meanwhile. A permanent failure (a 404, a corrupt PDF), or a transient one on the last
// attempt, is recorded at once as status `error` with its stage, code and detail.
import type { Task } from 'graphile-worker';
import type { Logger } from 'pino';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.js';
import { advanceJob, claimJob, completeJob, failJob } from '../jobs/state.js';
import type { DocumentJob } from '../jobs/types.js';
import type { TaskPayloads } from '../queue/tasks.js';
import { PipelineError } from './errors.js';
import { processJob, type Stages } from './process.js';

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
  return new PipelineError('extraction', 'internal_error', 'An unexpected error stopped the processing of this document.', {}, false, { cause: err });
}

export function createProcessTask(deps: ProcessTaskDeps): Task {
  return async (payload, helpers) => {
    const { jobId } = payload as TaskPayloads['process_document'];
    const attempt = helpers.job.attempts;
    const log = deps.logger.child({ jobId, attempt });
    const claim = await claimJob(deps.pool, jobId);
    if (!claim) {
      log.info('job already finished (or gone); nothing to do');
      return;
    }
    const started = performance.now();
    const { job, token } = claim;
    log.info({ mode: job.mode, typeId: job.typeId }, 'processing started');
    const stages: Stages = {
      ...deps.stagesFor(job, log, helpers.abortSignal),
      log,
      advance: async (status) => {
        if (!(await advanceJob(deps.pool, jobId, token, status))) throw new Error('lost the claim on this job');
      },
    };

    try {
      const result = await processJob(job, stages);
      const extractionTimeMs = Math.round(performance.now() - started);
      const finished = await withTransaction(deps.pool, async (tx) => {
        const done = await completeJob(tx, jobId, token, { ...result, extractionTimeMs });
        if (done) await deps.onFinished(tx, done);
        return done;
      });
      if (!finished) log.warn('another attempt owns this job now; result discarded');
      else {
        deps.observe?.finished('processed');
        log.info({ extractionTimeMs }, 'job processed');
      }
    } catch (err) {
      // Shutdown: give the job back to the queue untouched; any worker retries it later.
      if (helpers.abortSignal.aborted) throw err;
      const failure = classify(err);
      const lastAttempt = attempt >= helpers.job.max_attempts;
      if (failure.transient && !lastAttempt) {
        log.warn({ err, code: failure.code, detail: failure.detail }, 'transient failure; the queue will retry');
        throw err;
      }
      if (failure.code === 'internal_error') log.error({ err }, 'job failed unexpectedly');
      else log.info({ stage: failure.stage, code: failure.code, detail: failure.detail }, 'job failed');
      const extractionTimeMs = Math.round(performance.now() - started);
      await withTransaction(deps.pool, async (tx) => {
        const done = await failJob(tx, jobId, token, {
          message: failure.message,
          stage: failure.stage,
          code: failure.code,
          detail: { ...failure.detail, attempts: attempt },
          extractionTimeMs,
        });
        if (done) await deps.onFinished(tx, done);
      });
      deps.observe?.finished('error');
    }
  };
}
