// The body docex POSTs to a job's webhookUrl when the job finishes. Identifiers are snake_case (SPEC 6). The body
// describes the job's outcome only, never the delivery: it is serialised once per message and the same bytes are
// sent (and signed) on every retry, so receivers can deduplicate by webhook-id and signatures stay comparable.
// Attempt numbers and send times live in the headers (webhook-timestamp), not here.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { INVOICE_RESULT_EXAMPLE } from '../http/examples/invoice-result.js';
import { JOB_MODES, type DocumentJob } from '../jobs/types.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const WEBHOOK_EVENT_TYPES = ['document.processed', 'document.failed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

// The invoice result is a real one (src/http/examples/invoice-result.ts); ids and times are illustrative.
const EXAMPLE = {
  type: 'document.processed',
  job_id: '0b6f7f0e-3d1a-4c59-9a43-5f0c2a7d9e11',
  consumer_ref_id: 'erp-7f3a/INV-2023-03-0008',
  document_id: 1001,
  type_id: 0,
  mode: 'single',
  status: 'processed',
  processed_data: INVOICE_RESULT_EXAMPLE,
  error: null,
  parser_version: null,
  parser_version_id: null,
  model_cost: null,
  extraction_time_ms: 412,
  created_at: '2026-03-20T10:15:00.000Z',
  processed_at: '2026-03-20T10:15:00.512Z',
} as const;

export const WebhookErrorSchema = Type.Object(
  {
    message: Type.String({ description: "Human-readable processing failure (the job's error)" }),
    stage: Nullable(Type.String({ examples: ['download', 'parsing', 'extraction'] })),
    code: Nullable(Type.String({ description: 'Machine-oriented code from a closed set', examples: ['pdf_corrupt'] })),
  },
  { additionalProperties: false },
);

export const WebhookPayloadSchema = Type.Object(
  {
    type: Type.Union(
      WEBHOOK_EVENT_TYPES.map((t) => Type.Literal(t)),
      { description: 'document.processed when extraction succeeded, document.failed when the job ended in error' },
    ),
    job_id: Type.String({ format: 'uuid', description: 'The job id returned by the submit operation' }),
    consumer_ref_id: Type.String({ description: 'Caller-supplied correlation value' }),
    document_id: Nullable(Type.Integer({ description: 'Caller-supplied numeric document identifier' })),
    type_id: Type.Integer({ description: 'Parser type; email jobs carry the internal type 8' }),
    mode: Type.Union(JOB_MODES.map((m) => Type.Literal(m))),
    status: Type.Union([Type.Literal('processed'), Type.Literal('error')]),
    processed_data: Type.Unknown({
      description:
        "The job's extractedData as stored (null when there is none). Invoices carry summary_data and lineItems.",
    }),
    error: Nullable(WebhookErrorSchema),
    parser_version: Nullable(Type.Integer({ description: 'Registry parser version number, when one was resolved' })),
    parser_version_id: Nullable(Type.String({ format: 'uuid' })),
    model_cost: Nullable(Type.String({ pattern: '^-?\\d+\\.\\d{6}$', description: 'Decimal string, six places' })),
    extraction_time_ms: Nullable(Type.Integer()),
    created_at: Type.String({ format: 'date-time', description: 'When the job was accepted' }),
    processed_at: Type.String({ format: 'date-time', description: 'When processing finished' }),
  },
  {
    $id: 'WebhookPayload',
    title: 'WebhookPayload',
    additionalProperties: false,
    description:
      "POSTed as application/json to the job's webhookUrl once the job is processed or failed. The body is " +
      'identical on every retry of one message; verify the Standard Webhooks signature over the raw bytes.',
    examples: [EXAMPLE],
  },
);

export type WebhookPayload = Static<typeof WebhookPayloadSchema>;
export type WebhookError = Static<typeof WebhookErrorSchema>;

/** A copy of the schema's example, e.g. for documentation or a "send test event" feature. */
export function exampleWebhookPayload(): WebhookPayload {
  return structuredClone(EXAMPLE) as WebhookPayload;
}

export interface BuildPayloadOptions {
  /**
   * When processing finished. Defaults to the job's updatedAt, which is right only while the row is still as the
   * pipeline finished it: recording delivery attempts moves updatedAt, so build the body once (at completion) and
   * keep its serialised form for the retries, or pass the completion time here.
   */
  processedAt?: string;
}

/** The webhook body for a finished job (status processed or error); throws for a job still in progress. */
export function buildWebhookPayload(job: DocumentJob, options: BuildPayloadOptions = {}): WebhookPayload {
  if (job.status !== 'processed' && job.status !== 'error') {
    throw new Error(`job ${job.id} has status ${job.status}; only finished jobs are delivered`);
  }
  const failed = job.status === 'error';
  return {
    type: failed ? 'document.failed' : 'document.processed',
    job_id: job.id,
    consumer_ref_id: job.consumerRefId,
    document_id: job.documentId,
    type_id: job.typeId,
    mode: job.mode,
    status: job.status,
    processed_data: job.extractedData ?? null,
    error: failed ? { message: job.error ?? 'Processing failed.', stage: job.errorStage, code: job.errorCode } : null,
    parser_version: job.parserVersion,
    parser_version_id: job.parserVersionId,
    model_cost: job.modelCost,
    extraction_time_ms: job.extractionTimeMs,
    created_at: job.createdAt,
    processed_at: options.processedAt ?? job.updatedAt,
  };
}

/** The exact string to send and sign; store it with the message so every retry sends the same bytes. */
export function serializeWebhookPayload(payload: WebhookPayload): string {
  return JSON.stringify(payload);
}
