import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { webhookOpenApiPathItems } from '../../src/delivery/openapi.js';
import {
  buildWebhookPayload,
  exampleWebhookPayload,
  serializeWebhookPayload,
  WebhookPayloadSchema,
} from '../../src/delivery/payload.js';
import { failedJob, INVOICE_DATA, processedJob } from './support/job.js';

beforeAll(() => {
  // TypeBox refuses unknown formats; the HTTP layer's validator knows these two.
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (v) => uuid.test(v));
  if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));
});

describe('buildWebhookPayload', () => {
  it('describes a processed invoice job in snake_case with processed_data as stored', () => {
    const payload = buildWebhookPayload(processedJob());
    expect(payload).toEqual({
      type: 'document.processed',
      job_id: '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
      consumer_ref_id: 'po-2024-17',
      document_id: 4711,
      type_id: 1,
      mode: 'single',
      status: 'processed',
      processed_data: INVOICE_DATA,
      error: null,
      parser_version: 2,
      parser_version_id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
      model_cost: '0.000000',
      extraction_time_ms: 1234,
      created_at: '2024-05-02T08:00:00.000Z',
      processed_at: '2024-05-02T08:00:03.210Z',
    });
    expect(payload.processed_data).toHaveProperty('summary_data');
    expect(payload.processed_data).toHaveProperty('lineItems');
    expect(Value.Check(WebhookPayloadSchema, payload)).toBe(true);
  });

  it('describes a failed job with its error and no data', () => {
    const payload = buildWebhookPayload(failedJob());
    expect(payload).toMatchObject({
      type: 'document.failed',
      status: 'error',
      processed_data: null,
      parser_version: null,
      model_cost: null,
      error: {
        message: 'The downloaded file is not a PDF, JPEG, PNG, TIFF, WebP or XML document.',
        stage: 'parsing',
        code: 'unsupported_format',
      },
    });
    expect(Value.Check(WebhookPayloadSchema, payload)).toBe(true);
    // errorDetail stays on the job (GET /v1/...); it is not part of the webhook.
    expect(JSON.stringify(payload)).not.toContain('text/html');
  });

  it('keeps document_id null for legacy rows and carries email jobs with their mode and type 8', () => {
    const payload = buildWebhookPayload(processedJob({ documentId: null, mode: 'email', typeId: 8 }));
    expect(payload).toMatchObject({ document_id: null, mode: 'email', type_id: 8 });
    expect(Value.Check(WebhookPayloadSchema, payload)).toBe(true);
  });

  it('uses an explicit completion time so later row updates cannot change the body', () => {
    const job = processedJob({ updatedAt: '2024-05-02T09:30:00.000Z', webhookAttempts: 3 });
    const payload = buildWebhookPayload(job, { processedAt: '2024-05-02T08:00:03.210Z' });
    expect(payload.processed_at).toBe('2024-05-02T08:00:03.210Z');
    expect(serializeWebhookPayload(payload)).toBe(serializeWebhookPayload(buildWebhookPayload(processedJob())));
  });

  it('refuses jobs that have not finished', () => {
    expect(() => buildWebhookPayload(processedJob({ status: 'extracting' }))).toThrow(/only finished jobs/);
  });
});

describe('schema and OpenAPI section', () => {
  it('has a valid example and rejects unknown or missing fields', () => {
    const example = exampleWebhookPayload();
    expect(Value.Check(WebhookPayloadSchema, example)).toBe(true);
    expect(WebhookPayloadSchema.examples).toEqual([example]);
    expect(Value.Check(WebhookPayloadSchema, { ...example, webhook_attempt: 2 })).toBe(false);
    const { job_id: _omitted, ...missing } = example;
    expect(Value.Check(WebhookPayloadSchema, missing)).toBe(false);
    expect(Value.Check(WebhookPayloadSchema, { ...example, model_cost: '1.5' })).toBe(false);
  });

  it('documents both event types with the signature headers', () => {
    const items = webhookOpenApiPathItems() as Record<string, { post: Record<string, any> }>;
    expect(Object.keys(items)).toEqual(['document.processed', 'document.failed']);
    const post = items['document.processed']!.post;
    expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(post.requestBody.content['application/json'].schema).toBe(WebhookPayloadSchema);
    const asJson = JSON.parse(JSON.stringify(items)); // what the OpenAPI document will contain
    expect(asJson['document.failed'].post.requestBody.content['application/json'].schema.$id).toBe('WebhookPayload');
  });
});
