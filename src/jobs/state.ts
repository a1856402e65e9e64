// Status transitions of a document job (SPEC 3). A worker claims a job with a fresh processing token; every later
// write of that attempt names the token, and no write touches a finished job. So a job processed twice (its first
// worker presumed dead) gets exactly one result: whichever attempt still holds the claim.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import type { ErrorStage } from '../pipeline/errors.js';
import { serializeJob, type JobRow } from './read.js';
import type { DocumentJob, JobStatus } from './types.js';

export interface Claim {
  job: DocumentJob;
  token: string;
}

const FINAL = `('processed', 'error')`;

/**
 * Claims an unfinished job for this attempt and moves it to its first working status (SPEC 3: email jobs classify
 * first, the others extract); null if it is already finished or gone. One statement, so no read-then-write race.
 */
export async function claimJob(db: Queryable, jobId: string): Promise<Claim | null> {
  const token = randomUUID();
  const { rows } = await db.query<JobRow>(
    `UPDATE document_jobs
     SET status = CASE WHEN mode = 'email' THEN 'classifying_email_content' ELSE 'extracting' END,
         processing_token = $2, updated_at = now()
     WHERE id = $1 AND status NOT IN ${FINAL} RETURNING *`,
    [jobId, token],
  );
  return rows[0] ? { job: serializeJob(rows[0]), token } : null;
}

/** Moves a claimed job to the next working status; false when the claim was lost. */
export async function advanceJob(db: Queryable, jobId: string, token: string, status: JobStatus): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE document_jobs SET status = $3, updated_at = now()
     WHERE id = $1 AND processing_token = $2 AND status NOT IN ${FINAL}`,
    [jobId, token, status],
  );
  return rowCount === 1;
}

export interface Success {
  extractedData: unknown;
  extractionTimeMs: number;
  parserVersionId: string | null;
  parserVersion: number | null;
  modelCost: string | null;
  archivedStorageKey: string | null;
}

export async function completeJob(
  db: Queryable,
  jobId: string,
  token: string,
  s: Success,
): Promise<DocumentJob | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE document_jobs SET status = 'processed', extracted_data = $3, extraction_time_ms = $4,
       parser_version_id = $5, parser_version = $6, model_cost = $7, archived_storage_key = $8,
       error = NULL, error_stage = NULL, error_code = NULL, error_detail = NULL, updated_at = now()
     WHERE id = $1 AND processing_token = $2 AND status NOT IN ${FINAL} RETURNING *`,
    [
      jobId,
      token,
      JSON.stringify(s.extractedData),
      s.extractionTimeMs,
      s.parserVersionId,
      s.parserVersion,
      s.modelCost,
      s.archivedStorageKey,
    ],
  );
  return rows[0] ? serializeJob(rows[0]) : null;
}

export interface Failure {
  message: string;
  stage: ErrorStage;
  code: string;
  detail: Record<string, unknown>;
  extractionTimeMs: number;
}

export async function failJob(db: Queryable, jobId: string, token: string, f: Failure): Promise<DocumentJob | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE document_jobs SET status = 'error', error = $3, error_stage = $4, error_code = $5, error_detail = $6,
       extraction_time_ms = $7, updated_at = now()
     WHERE id = $1 AND processing_token = $2 AND status NOT IN ${FINAL} RETURNING *`,
    [jobId, token, f.message, f.stage, f.code, JSON.stringify(f.detail), f.extractionTimeMs],
  );
  return rows[0] ? serializeJob(rows[0]) : null;
}

/**
 * Ends a job that no attempt can finish any more (its queue attempts were all used up by workers that died while
 * processing it): status `error` whatever attempt claimed it last. Null when it is already finished or gone.
 */
export async function endAbandonedJob(
  db: Queryable,
  jobId: string,
  f: Omit<Failure, 'extractionTimeMs'>,
): Promise<DocumentJob | null> {
  const { rows } = await db.query<JobRow>(
    `UPDATE document_jobs SET status = 'error', error = $2, error_stage = $3, error_code = $4, error_detail = $5,
       processing_token = NULL, updated_at = now()
     WHERE id = $1 AND status NOT IN ${FINAL} RETURNING *`,
    [jobId, f.message, f.stage, f.code, JSON.stringify(f.detail)],
  );
  return rows[0] ? serializeJob(rows[0]) : null;
}
