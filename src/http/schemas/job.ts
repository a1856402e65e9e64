import { Type } from '@sinclair/typebox';
import { JOB_MODES, JOB_STATUSES } from '../../jobs/types.js';
import { Nullable } from './common.js';

const Json = (description: string) => Type.Unknown({ description });

/** SPEC 2.2: every field, camelCase, with its nullability. Also used to filter the response. */
export const DocumentJobSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid', description: 'Job id (returned as jobId on submit)' }),
    clientId: Type.String({ format: 'uuid', description: 'Organization that owns the job' }),
    apiKeyId: Nullable(Type.String({ format: 'uuid', description: 'Key used for submission' })),
    consumerRefId: Type.String(),
    documentId: Nullable(Type.Integer()),
    typeId: Type.Integer({ description: 'Email jobs persist the internal type 8' }),
    mode: Type.Union(JOB_MODES.map((m) => Type.Literal(m))),
    requireLineItems: Type.Boolean(),
    status: Type.Union(JOB_STATUSES.map((s) => Type.Literal(s))),
    payload: Json('The validated submission body, with defaults applied'),
    extractedData: Json('Structured result after successful extraction, else null'),
    extractionTimeMs: Nullable(Type.Integer()),
    modelCost: Nullable(Type.String({ pattern: '^-?\\d+\\.\\d{6}$', description: 'Decimal string, six places' })),
    webhookUrl: Type.String({ description: 'Absolute delivery URL' }),
    webhookStatus: Nullable(Type.Union([Type.Literal('webhook_posted'), Type.Literal('webhook_failed')])),
    webhookAttempts: Type.Integer(),
    webhookResponseCode: Nullable(Type.Integer()),
    webhookResponseBody: Nullable(Type.String()),
    error: Nullable(Type.String()),
    errorStage: Nullable(Type.String({ examples: ['download', 'extraction', 'parsing', 'delivery'] })),
    errorCode: Nullable(Type.String()),
    errorDetail: Json('Structured diagnostics of a classified failure, else null'),
    parserVersionId: Nullable(Type.String({ format: 'uuid' })),
    parserVersion: Nullable(Type.Integer()),
    archivedStorageKey: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'DocumentJob', title: 'DocumentJob' },
);
