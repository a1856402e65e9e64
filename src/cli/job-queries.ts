// The operator's read-only views of document jobs: a filtered list, and one job with what its queue entry says
// (a job being retried shows its attempts, next run and last error, not only its status). Reads only: every write
// to these tables belongs to src/jobs, src/queue and src/delivery.
import type { Queryable } from '../db/pool.js';
import { serializeJob, type JobRow } from '../jobs/read.js';
import type { DocumentJob, JobStatus } from '../jobs/types.js';
import { TASK } from '../queue/tasks.js';

export interface JobFilter {
  status?: JobStatus;
  organizationId?: string;
  /** Only jobs created at most this many seconds ago. */
  sinceSeconds?: number;
  limit: number;
}

export interface JobSummary {
  id: string;
  organizationId: string;
  consumerRefId: string;
  mode: string;
  typeId: number;
  status: JobStatus;
  webhookStatus: string | null;
  errorCode: string | null;
  createdAt: string;
  updatedAt: string;
}

export async function listJobs(db: Queryable, filter: JobFilter): Promise<JobSummary[]> {
  const { rows } = await db.query<JobRow>(
    `SELECT * FROM document_jobs
     WHERE ($1::text IS NULL OR status = $1)
       AND ($2::uuid IS NULL OR organization_id = $2)
       AND ($3::float8 IS NULL OR created_at >= now() - make_interval(secs => $3))
     ORDER BY created_at DESC, id DESC
     LIMIT $4`,
    [filter.status ?? null, filter.organizationId ?? null, filter.sinceSeconds ?? null, filter.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    consumerRefId: r.consumer_ref_id,
    mode: r.mode,
    typeId: r.type_id,
    status: r.status,
    webhookStatus: r.webhook_status,
    errorCode: r.error_code,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  }));
}

/** The processing task's entry in the queue, while it has one (it is removed once the job has an outcome). */
export interface QueueState {
  attempts: number;
  maxAttempts: number;
  /** When the next attempt may start (in the future while waiting out a retry's backoff). */
  runAt: string;
  /** Set while a worker holds it. */
  lockedAt: string | null;
  lastError: string | null;
  /** A previous attempt failed and another one is pending or running. */
  retrying: boolean;
}

export async function findJobForOperator(
  db: Queryable,
  jobId: string,
): Promise<{ job: DocumentJob; queue: QueueState | null } | null> {
  const { rows } = await db.query<JobRow>('SELECT * FROM document_jobs WHERE id = $1', [jobId]);
  if (!rows[0]) return null;
  const queue = await db.query<{
    attempts: number;
    max_attempts: number;
    run_at: Date;
    locked_at: Date | null;
    last_error: string | null;
  }>(
    `SELECT j.attempts, j.max_attempts, j.run_at, j.locked_at, j.last_error
     FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
     WHERE t.identifier = $1 AND j.payload->>'jobId' = $2
     ORDER BY j.id DESC LIMIT 1`,
    [TASK.processDocument, jobId],
  );
  const q = queue.rows[0];
  return {
    job: serializeJob(rows[0]),
    queue: q
      ? {
          attempts: q.attempts,
          maxAttempts: q.max_attempts,
          runAt: q.run_at.toISOString(),
          lockedAt: q.locked_at?.toISOString() ?? null,
          lastError: q.last_error,
          // graphile-worker counts an attempt when it starts one: a running first attempt has attempts = 1.
          retrying: q.last_error !== null || q.attempts > (q.locked_at ? 1 : 0),
        }
      : null,
  };
}

export async function jobExists(db: Queryable, jobId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM document_jobs WHERE id = $1', [jobId]);
  return (rowCount ?? 0) > 0;
}
