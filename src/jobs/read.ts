// Reads of document jobs, always scoped to the caller's organization: another organization's job is "not found".
import type { Queryable } from '../db/pool.js';
import type { DocumentJob, JobMode, JobStatus } from './types.js';

export interface JobRow {
  id: string;
  organization_id: string;
  api_key_id: string | null;
  consumer_ref_id: string;
  document_id: string | null;
  type_id: number;
  mode: JobMode;
  require_line_items: boolean;
  status: JobStatus;
  payload: unknown;
  extracted_data: unknown;
  extraction_time_ms: number | null;
  model_cost: string | null;
  webhook_url: string;
  webhook_status: DocumentJob['webhookStatus'];
  webhook_attempts: number;
  webhook_response_code: number | null;
  webhook_response_body: string | null;
  error: string | null;
  error_stage: string | null;
  error_code: string | null;
  error_detail: unknown;
  parser_version_id: string | null;
  parser_version: number | null;
  archived_storage_key: string | null;
  created_at: Date;
  updated_at: Date;
}

export function serializeJob(r: JobRow): DocumentJob {
  return {
    id: r.id,
    clientId: r.organization_id,
    apiKeyId: r.api_key_id,
    consumerRefId: r.consumer_ref_id,
    // bigint arrives as a string; submissions are bounded to the safe-integer range, so Number() is exact.
    documentId: r.document_id === null ? null : Number(r.document_id),
    typeId: r.type_id,
    mode: r.mode,
    requireLineItems: r.require_line_items,
    status: r.status,
    payload: r.payload,
    extractedData: r.extracted_data,
    extractionTimeMs: r.extraction_time_ms,
    // numeric(18,6) arrives as a string with exactly six decimals.
    modelCost: r.model_cost,
    webhookUrl: r.webhook_url,
    webhookStatus: r.webhook_status,
    webhookAttempts: r.webhook_attempts,
    webhookResponseCode: r.webhook_response_code,
    webhookResponseBody: r.webhook_response_body,
    error: r.error,
    errorStage: r.error_stage,
    errorCode: r.error_code,
    errorDetail: r.error_detail,
    parserVersionId: r.parser_version_id,
    parserVersion: r.parser_version,
    archivedStorageKey: r.archived_storage_key,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}

/** SPEC 4.2 leaves the choice open when references repeat: docex returns the most recently created job. */
export async function findJobByConsumerRef(
  db: Queryable,
  organizationId: string,
  consumerRefId: string,
): Promise<DocumentJob | null> {
  const { rows } = await db.query<JobRow>({
    name: 'docex_find_job_by_ref',
    text: `SELECT * FROM document_jobs WHERE organization_id = $1 AND consumer_ref_id = $2
           ORDER BY created_at DESC, id DESC LIMIT 1`,
    values: [organizationId, consumerRefId],
  });
  return rows[0] ? serializeJob(rows[0]) : null;
}

export async function findJobById(db: Queryable, organizationId: string, jobId: string): Promise<DocumentJob | null> {
  const { rows } = await db.query<JobRow>({
    name: 'docex_find_job_by_id',
    text: 'SELECT * FROM document_jobs WHERE organization_id = $1 AND id = $2',
    values: [organizationId, jobId],
  });
  return rows[0] ? serializeJob(rows[0]) : null;
}
