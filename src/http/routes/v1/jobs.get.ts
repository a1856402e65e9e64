import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError, JOB_NOT_FOUND } from '../../../errors.js';
import { findJobById } from '../../../jobs/read.js';
import { authErrors, errorResponse } from '../../schemas/common.js';
import { DocumentJobSchema } from '../../schemas/job.js';
import type { RouteDeps } from '../../app.js';
import { isUuid } from '../../../ids.js';

export const getJobRoute =
  (deps: RouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/jobs/:jobId',
      {
        schema: {
          operationId: 'getJob',
          tags: ['documents'],
          summary: 'Retrieve a document job by id',
          description: 'Same body as GET /v1/documents/{consumerRefId}, for the jobId returned on submit.',
          params: Type.Object({ jobId: Type.String({ description: 'The jobId returned by POST /v1/documents' }) }),
          response: {
            200: DocumentJobSchema,
            404: errorResponse(
              '`Document job not found` (`not_found`): unknown id, malformed id or another organization',
            ),
            ...authErrors,
          },
        },
      },
      async (request) => {
        const { jobId } = request.params;
        // A malformed id cannot name a job: answer like any other unknown id rather than with a validation error.
        const job = isUuid(jobId) ? await findJobById(deps.pool, request.auth.organizationId, jobId) : null;
        if (!job) throw new AppError('not_found', JOB_NOT_FOUND);
        return job;
      },
    );
  };
