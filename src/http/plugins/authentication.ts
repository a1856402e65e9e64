// Authenticates every request of the scope it is registered in (all of /v1 except the OpenAPI document), in the
// onRequest hook: before the body is read or validated, so an unauthenticated caller learns nothing about shapes.
import type { FastifyInstance } from 'fastify';
import { authenticate, type AuthContext, type AuthGuard } from '../../auth/authenticate.js';
import type { Pool } from '../../db/pool.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

// Absent, repeated or blank headers all count as missing (SPEC 5 rule 1); the value itself is used as sent.
const header = (value: string | string[] | undefined): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

export function registerAuthentication(app: FastifyInstance, pool: Pool, guard: AuthGuard): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    request.auth = await authenticate(
      pool,
      guard,
      header(request.headers['x-client-id']),
      header(request.headers['x-client-secret']),
      request.ip,
    );
  });
}
