import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { redeliverJob } from '../../../delivery/redeliver.js';
import { AppError, JOB_NOT_FOUND } from '../../../errors.js';
import { authErrors, errorResponse } from '../../schemas/common.js';
import type { RouteDeps } from '../../app.js';
import { isUuid } from '../../../ids.js';

export const redeliverJobRoute =
  (deps: RouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // The route takes no body, yet clients send `content-type: application/json` with an empty body (or `{}`) out of
    // habit; Fastify's JSON parser would answer 400 to the empty one. In this plugin's scope only, an empty JSON body
    // is accepted as none; any other body is still parsed, and ignored. An empty body under any other content type
    // (HTTP clients that label every POST form-encoded) is accepted too; a non-empty one stays a 415.
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      if (String(body).trim() === '') return done(null, undefined);
      done(new AppError('unsupported_media_type', 'Content-Type must be application/json'), undefined);
    });
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body);
      if (text.trim() === '') return done(null, undefined);
      try {
        done(null, JSON.parse(text) as unknown);
      } catch {
        done(new AppError('validation_error', 'Request body is not valid JSON'), undefined);
      }
    });
    app.post(
      '/jobs/:jobId/redeliver',
      {
        schema: {
          operationId: 'redeliverJob',
          tags: ['documents'],
          summary: "Send a finished job's result again",
          description:
            'Queues the stored result of a processed or failed job as a new webhook message (a new `webhook-id`), ' +
            "to the job's webhookUrl. A still-retrying earlier delivery of the job is superseded. No request body (an " +
            'empty body or `{}` is accepted).',
          params: Type.Object({ jobId: Type.String() }),
          response: {
            202: Type.Object(
              { jobId: Type.String({ format: 'uuid' }), messageId: Type.String({ description: 'The new webhook-id' }) },
              { description: 'Redelivery queued' },
            ),
            404: errorResponse('`Document job not found` (`not_found`)'),
            409: errorResponse('The job is not finished yet (`job_not_finished`)'),
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const { jobId } = request.params;
        if (!isUuid(jobId)) throw new AppError('not_found', JOB_NOT_FOUND);
        const outcome = await redeliverJob(deps.pool, jobId, request.auth.organizationId);
        if (outcome.kind === 'not_found') throw new AppError('not_found', JOB_NOT_FOUND);
        if (outcome.kind === 'not_finished') {
          throw new AppError(
            'job_not_finished',
            `The job is still ${outcome.status}; its result is delivered when it finishes`,
          );
        }
        return reply.code(202).send({ jobId, messageId: outcome.messageId });
      },
    );
  };
