// Writes a job row and its queue entry atomically. Without an Idempotency-Key this is one SQL statement (one round
// trip, implicitly one transaction): the row insert, the type check and graphile-worker's add_job either all
// happen or none does. With a key, the key is claimed first in an explicit transaction so that concurrent retries
// serialize on it.
import { createHash, randomUUID } from 'node:crypto';
import type { Pool, Queryable } from '../db/pool.js';
import { withTransaction } from '../db/pool.js';
import { AppError, JOB_CREATE_FAILED } from '../errors.js';
import { PROCESS_MAX_ATTEMPTS, TASK } from '../queue/tasks.js';
import { typeIdOf, type SubmissionPayload } from './submission.js';

export interface NewJob {
  organizationId: string;
  apiKeyId: string;
  payload: SubmissionPayload;
  /** Absolute, already joined to the key's base URL. */
  webhookUrl: string;
}

export interface Accepted {
  jobId: string;
  consumerRefId: string;
  /** True when an Idempotency-Key matched an earlier request and its response is replayed. */
  replayed: boolean;
}

const INSERT_AND_ENQUEUE = `
WITH job AS (
  INSERT INTO document_jobs (id, organization_id, api_key_id, consumer_ref_id, document_id, type_id, mode,
                             require_line_items, payload, webhook_url)
  SELECT $1, $2, $3, $4, $5, $6::integer, $7, $8, $9, $10
  WHERE $11::boolean OR EXISTS (SELECT 1 FROM document_types WHERE id = $6::integer AND state = 'public')
  RETURNING id
), queued AS (
  SELECT (graphile_worker.add_job('${TASK.processDocument}', json_build_object('jobId', job.id),
          max_attempts => ${PROCESS_MAX_ATTEMPTS})).id AS queue_id
  FROM job
)
SELECT job.id, queued.queue_id FROM job, queued`;

async function insertJobAndEnqueue(db: Queryable, id: string, job: NewJob): Promise<boolean> {
  const p = job.payload;
  const { rows } = await db.query({
    name: 'docex_insert_job',
    text: INSERT_AND_ENQUEUE,
    values: [
      id,
      job.organizationId,
      job.apiKeyId,
      p.consumerRefId,
      p.documentId,
      typeIdOf(p),
      p.mode,
      p.requireLineItems,
      p,
      job.webhookUrl,
      p.mode === 'email', // email jobs use the internal type 8 by design
    ],
  });
  return rows.length === 1;
}

async function typeRejection(db: Queryable, typeId: number): Promise<AppError> {
  const { rows } = await db.query<{ state: string }>('SELECT state FROM document_types WHERE id = $1', [typeId]);
  const state = rows[0]?.state;
  if (!state) return new AppError('unknown_type', `typeId ${typeId} is not a known document type`);
  return new AppError('type_not_allowed', `typeId ${typeId} is ${state} and cannot be submitted`);
}

/** Canonical JSON (sorted keys) so that the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(payload: SubmissionPayload): string {
  return createHash('sha256').update(canonicalJson(payload)).digest('hex');
}

function persistenceFailure(err: unknown): never {
  if (err instanceof AppError) throw err;
  throw new AppError('job_create_failed', JOB_CREATE_FAILED, undefined, { cause: err });
}

export async function createJob(pool: Pool, job: NewJob, idempotencyKey?: string): Promise<Accepted> {
  const id = randomUUID();
  const consumerRefId = job.payload.consumerRefId;
  if (idempotencyKey === undefined) {
    let inserted: boolean;
    try {
      inserted = await insertJobAndEnqueue(pool, id, job);
    } catch (err) {
      persistenceFailure(err);
    }
    if (!inserted) throw await typeRejection(pool, typeIdOf(job.payload));
    return { jobId: id, consumerRefId, replayed: false };
  }

  const hash = requestHash(job.payload);
  try {
    return await withTransaction(pool, async (tx) => {
      // A key older than 24 h is expired: the conflicting row is taken over as a fresh claim.
      const claim = await tx.query(
        `INSERT INTO idempotency_keys (organization_id, key, request_hash, job_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (organization_id, key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, job_id = EXCLUDED.job_id, created_at = now()
           WHERE idempotency_keys.created_at < now() - interval '24 hours'
         RETURNING job_id`,
        [job.organizationId, idempotencyKey, hash, id],
      );
      if (claim.rowCount === 1) {
        if (!(await insertJobAndEnqueue(tx, id, job))) throw await typeRejection(tx, typeIdOf(job.payload));
        return { jobId: id, consumerRefId, replayed: false };
      }
      const { rows } = await tx.query<{ request_hash: string; job_id: string; consumer_ref_id: string }>(
        `SELECT i.request_hash, i.job_id, j.consumer_ref_id FROM idempotency_keys i
         JOIN document_jobs j ON j.id = i.job_id WHERE i.organization_id = $1 AND i.key = $2`,
        [job.organizationId, idempotencyKey],
      );
      const original = rows[0];
      if (!original) throw new Error('idempotency key vanished between claim and read');
      if (original.request_hash !== hash) {
        throw new AppError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request body within the last 24 hours',
        );
      }
      return { jobId: original.job_id, consumerRefId: original.consumer_ref_id, replayed: true };
    });
  } catch (err) {
    persistenceFailure(err);
  }
}
