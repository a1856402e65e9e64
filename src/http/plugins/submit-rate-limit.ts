// Optional per-organization submit limit (DOCEX_SUBMIT_RATE_LIMIT per DOCEX_SUBMIT_RATE_WINDOW_SECONDS, a token
// bucket per organization in this process). Every submit answer carries the RateLimit-Limit / -Remaining / -Reset
// headers (IETF httpapi draft, the names GitHub's and Stripe's X-RateLimit-* headers became); a refusal is a 429
// with Retry-After. It runs after authentication and validation, so only well-formed submits of a known
// organization spend its budget.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { RouteDeps } from '../app.js';

export function submitRateLimit(deps: RouteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const buckets = deps.submitLimit;
    if (!buckets) return;
    const state = buckets.take(request.auth.organizationId);
    reply.header('ratelimit-limit', String(buckets.capacity));
    reply.header('ratelimit-remaining', String(state.remaining));
    reply.header('ratelimit-reset', String(state.resetSeconds));
    if (state.allowed) return;
    deps.metrics?.rateLimited.inc({ limit: 'submit_organization' });
    throw new AppError(
      'rate_limited',
      `This organization may submit ${buckets.capacity} documents per ${buckets.windowSeconds} seconds; retry after ` +
        `${state.retryAfterSeconds} seconds`,
      undefined,
      { retryAfterSeconds: state.retryAfterSeconds },
    );
  };
}
