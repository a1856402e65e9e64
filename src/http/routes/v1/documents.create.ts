import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../../errors.js';
import { submitDocument } from '../../../jobs/submit.js';
import { authErrors, errorResponse } from '../../schemas/common.js';
import { SubmitBodySchema, SubmitResponseSchema } from '../../schemas/submit.js';
import type { RouteDeps } from '../../app.js';
import { submitRateLimit } from '../../plugins/submit-rate-limit.js';

// Printable ASCII, as Stripe and the IETF idempotency-key draft expect.
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

export const createDocumentRoute =
  (deps: RouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/documents',
      {
        preHandler: submitRateLimit(deps),
        schema: {
          operationId: 'submitDocument',
          tags: ['documents'],
          summary: 'Submit a document job',
          description:
            'Validates the request, stores a document job and queues extraction, then answers 202 without waiting. ' +
            'The mode is inferred from the body shape: `attachments` (email) wins over `documentUrls` (multi-image), ' +
            'otherwise `documentUrl` (single) is required. Send `Idempotency-Key` to make retries safe: the same key ' +
            'and body from the same organization within 24 hours returns the original 202 (with ' +
            '`Idempotent-Replayed: true`) and creates no second job; the same key with another body is 422.',
          headers: Type.Object({
            'idempotency-key': Type.Optional(
              Type.String({ description: 'Optional; 1-255 printable ASCII characters, unique per request' }),
            ),
          }),
          body: SubmitBodySchema,
          response: {
            202: { ...SubmitResponseSchema, description: 'Accepted: the job row and its queue entry are committed' },
            400: errorResponse(
              'Invalid request: shape, missing field, empty winning array (`validation_error`), bad webhookUrl ' +
                '(`invalid_webhook_url`), unknown typeId (`unknown_type`), internal or archived type (`type_not_allowed`)',
            ),
            ...authErrors,
            413: errorResponse('Body larger than DOCEX_BODY_LIMIT_BYTES (`payload_too_large`)'),
            415: errorResponse('Content-Type is not application/json (`unsupported_media_type`)'),
            422: errorResponse('Idempotency-Key reused with a different body (`idempotency_key_reused`)'),
            429: errorResponse(
              "Too many failed authentications (`rate_limited`), or the organization's submit limit " +
                '(DOCEX_SUBMIT_RATE_LIMIT) is spent; see Retry-After and RateLimit-* headers',
            ),
            500: errorResponse('`Failed to create document job.` (`job_create_failed`): nothing was stored'),
          },
        },
      },
      async (request, reply) => {
        const key = request.headers['idempotency-key'];
        if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
          throw new AppError('validation_error', 'Idempotency-Key must be 1-255 printable ASCII characters', [
            { field: 'header:idempotency-key', message: 'must be 1-255 printable ASCII characters' },
          ]);
        }
        const accepted = await submitDocument(deps, request.auth, request.body, key);
        if (accepted.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(202).send({ jobId: accepted.jobId, consumerRefId: accepted.consumerRefId });
      },
    );
  };
