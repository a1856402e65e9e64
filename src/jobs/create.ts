// Writes a job row and its queue entry atomically: one SQL statement inserts the row (with the type check) and
// queues it through graphile-worker, so both or neither are committed. Without an Idempotency-Key, concurrent
// submissions share that statement (JobInsertBatcher). With a key, the key is claimed first in an explicit
// transaction so that concurrent retries serialize on it.
import { createHash, randomUUID } from 'node:crypto';
import type { Pool, Queryable } from '../db/pool.js';
import { withTransaction } from '../db/pool.js';
import { AppError, JOB_CREATE_FAILED } from '../errors.js';
import { databaseUnavailable, isDatabaseUnavailable } from './database-errors.js';
import { insertJobs, type JobInsertBatcher } from './insert-batch.js';
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
  // The database is gone (restart, network): a 503 tells the caller to retry, which an Idempotency-Key makes safe
  // even when the connection dropped after the commit.
  if (isDatabaseUnavailable(err)) throw databaseUnavailable(err);
  throw new AppError('job_create_failed', JOB_CREATE_FAILED, undefined, { cause: err });
}

export interface JobStore {
  pool: Pool;
  batcher: JobInsertBatcher;
}

export async function createJob({ pool, batcher }: JobStore, job: NewJob, idempotencyKey?: string): Promise<Accepted> {
  const id = randomUUID();
  const row = { id, ...job };
  const consumerRefId = job.payload.consumerRefId;
  if (idempotencyKey === undefined) {
    let inserted: boolean;
    try {
      inserted = await batcher.insert(row);
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
        if (!(await insertJobs(tx, [row])).has(id)) throw await typeRejection(tx, typeIdOf(job.payload));
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
