import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError, JOB_NOT_FOUND } from '../../../errors.js';
import { findJobByConsumerRef } from '../../../jobs/read.js';
import { authErrors, errorResponse } from '../../schemas/common.js';
import { DocumentJobSchema } from '../../schemas/job.js';
import { LIMITS } from '../../schemas/submit.js';
import type { RouteDeps } from '../../app.js';

export const getDocumentRoute =
  (deps: RouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/documents/:consumerRefId',
      {
        schema: {
          operationId: 'getDocumentJob',
          tags: ['documents'],
          summary: 'Retrieve a document job by consumer reference',
          description:
            "Returns the caller organization's job with this consumer reference. References are not unique: when " +
            'several jobs share one, the most recently created is returned (use GET /v1/jobs/{jobId} for a specific ' +
            'one). URL-encode the reference (`/` as `%2F`, space as `%20`, `#` as `%23`, `%` as `%25`).',
          params: Type.Object({ consumerRefId: Type.String({ minLength: 1, maxLength: LIMITS.consumerRefIdLength }) }),
          response: {
            200: DocumentJobSchema,
            400: errorResponse(
              'The reference is longer than 256 characters or holds NUL or unpaired surrogates (`validation_error`)',
            ),
            404: errorResponse("`Document job not found` (`not_found`), also for other organizations' jobs"),
            ...authErrors,
          },
        },
      },
      async (request) => {
        const job = await findJobByConsumerRef(deps.pool, request.auth.organizationId, request.params.consumerRefId);
        if (!job) throw new AppError('not_found', JOB_NOT_FOUND);
        return job;
      },
    );
  };
