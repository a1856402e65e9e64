// The document job as SPEC 2.2 defines it, and the closed sets its fields take.

export const JOB_STATUSES = [
  'initiated',
  'extracting',
  'classifying_email_content',
  'extracting_from_attachments',
  'processed',
  'error',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_MODES = ['single', 'multi', 'email'] as const;
export type JobMode = (typeof JOB_MODES)[number];

export const PROCESSING_MODES = ['single_invoice', 'multiple_invoices'] as const;
export type ProcessingMode = (typeof PROCESSING_MODES)[number];

/** Email jobs are persisted with this internal type (SPEC 2.2, 2.3). */
export const EMAIL_TYPE_ID = 8;

/** A job serialized for the API: exactly the SPEC 2.2 fields, camelCase. */
export interface DocumentJob {
  id: string;
  clientId: string;
  apiKeyId: string | null;
  consumerRefId: string;
  documentId: number | null;
  typeId: number;
  mode: JobMode;
  requireLineItems: boolean;
  status: JobStatus;
  payload: unknown;
  extractedData: unknown;
  extractionTimeMs: number | null;
  modelCost: string | null;
  webhookUrl: string;
  webhookStatus: 'webhook_posted' | 'webhook_failed' | null;
  webhookAttempts: number;
  webhookResponseCode: number | null;
  webhookResponseBody: string | null;
  error: string | null;
  errorStage: string | null;
  errorCode: string | null;
  errorDetail: unknown;
  parserVersionId: string | null;
  parserVersion: number | null;
  archivedStorageKey: string | null;
  createdAt: string;
  updatedAt: string;
}
