import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../jobs/database-errors.js';
import type { RouteDeps } from '../app.js';

const Status = Type.Object({ status: Type.String() });

export const healthRoutes =
  (deps: RouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['operations'],
          summary: 'Liveness: the process is up',
          security: [],
          response: { 200: Status },
        },
      },
      async () => ({ status: 'ok' }),
    );

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['operations'],
          summary: 'Readiness: the database answers',
          security: [],
          response: { 200: Status, 503: Status },
        },
      },
      async (request, reply) => {
        try {
          await deps.pool.query({ text: 'SELECT 1', query_timeout: 2_000 } as never);
          return { status: 'ready' };
        } catch (err) {
          request.log.warn({ err }, 'readiness check failed');
          // Recovers by itself: the pool opens fresh connections once the database answers again.
          return reply
            .code(503)
            .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
            .send({ status: 'database unavailable' });
        }
      },
    );
  };
