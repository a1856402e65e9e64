// buildApp() assembles the HTTP API and never listens: `docex serve` listens, tests use inject() or their own port.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Logger } from 'pino';
import { AuthGuard } from '../auth/authenticate.js';
import { CredentialCache } from '../auth/credential-cache.js';
import { TokenBuckets } from '../auth/token-buckets.js';
import type { Config } from '../config.js';
import type { Pool } from '../db/pool.js';
import { JobInsertBatcher } from '../jobs/insert-batch.js';
import { registerAuthentication } from './plugins/authentication.js';
import { frameworkErrors, MAX_PARAM_LENGTH, registerErrorHandling } from './plugins/errors.js';
import { registerStorableInputCheck } from './plugins/storable-input.js';
import { openApiOptions } from './openapi.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoute } from './routes/metrics.js';
import type { Metrics } from '../observability/metrics.js';
import { createDocumentRoute } from './routes/v1/documents.create.js';
import { getDocumentRoute } from './routes/v1/documents.get.js';
import { getJobRoute } from './routes/v1/jobs.get.js';
import { redeliverJobRoute } from './routes/v1/jobs.redeliver.js';
import { ErrorResponse } from './schemas/common.js';
import { DocumentJobSchema } from './schemas/job.js';

export interface RouteDeps {
  pool: Pool;
  config: Config;
  /** Group commit of submissions (see jobs/insert-batch.ts). */
  batcher: JobInsertBatcher;
  /** Per-organization submit limit (DOCEX_SUBMIT_RATE_LIMIT), absent when off. */
  submitLimit?: TokenBuckets;
  metrics?: Metrics;
}

export interface AppOptions {
  config: Config;
  pool: Pool;
  logger: Logger;
  metrics?: Metrics;
  /** false: only the operations routes (health, readiness, metrics), for `docex worker`. */
  api?: boolean;
}

function authGuard(config: Config, metrics: Metrics | undefined): AuthGuard {
  const { limits } = config;
  const guard = new AuthGuard(
    new CredentialCache(config.authCacheSize),
    {
      failuresPerClientId: limits.authFailuresPerClientId,
      failuresPerAddress: limits.authFailuresPerAddress,
      failureWindowSeconds: limits.authFailureWindowSeconds,
      limitedDelayMs: limits.authLimitedDelayMs,
      bcryptConcurrency: limits.bcryptConcurrency,
      bcryptQueue: limits.bcryptQueue,
    },
    metrics && {
      failed: () => metrics.authFailures.inc(),
      limited: (scope) => metrics.rateLimited.inc({ limit: scope }),
      bcryptOverflow: () => metrics.bcryptOverflow.inc(),
    },
  );
  metrics?.watchBcryptGate(guard.bcrypt);
  return guard;
}

export async function buildApp({ config, pool, logger, metrics, api = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Fastify accepts a hop count at run time; its types only list the other forms.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    ajv: {
      // Strict types: "12" is not an integer and "true" is not a boolean. allErrors lists every invalid field.
      customOptions: { coerceTypes: false, allErrors: true, removeAdditional: false },
    },
    // The default (100) answered 414 for consumer references of 101-256 characters that submit accepts.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    // Slow or idle clients must not hold sockets forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Only JSON is accepted: without this, Fastify's built-in text/plain parser would turn a 415 into a 400.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);
  registerStorableInputCheck(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addSchema(ErrorResponse);
  app.addSchema(DocumentJobSchema);
  await app.register(swagger, openApiOptions);

  const { limits } = config;
  const deps: RouteDeps = {
    pool,
    config,
    batcher: new JobInsertBatcher(pool),
    submitLimit:
      limits.submitRateLimit > 0 ? new TokenBuckets(limits.submitRateLimit, limits.submitRateWindowSeconds) : undefined,
    metrics,
  };
  await app.register(healthRoutes(deps));
  if (metrics) await app.register(metricsRoute(metrics));
  if (!api) return app;
  await app.register(
    async (v1) => {
      v1.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await v1.register(async (authed) => {
        registerAuthentication(authed, pool, authGuard(config, metrics));
        await authed.register(createDocumentRoute(deps));
        await authed.register(getDocumentRoute(deps));
        await authed.register(getJobRoute(deps));
        await authed.register(redeliverJobRoute(deps));
      });
    },
    { prefix: '/v1' },
  );
  return app;
}
