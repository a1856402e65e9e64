import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../../observability/metrics.js';

/** Prometheus text format. No authentication, like /healthz: expose the port to your scraper, not the internet. */
export const metricsRoute =
  (metrics: Metrics): FastifyPluginAsync =>
  async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
